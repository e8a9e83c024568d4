/**
 * The back office's gate (docs/decisions/0019): every /api/admin route runs staffOnly() before it
 * reads a body, so a visitor learns only that they must sign in (401) and a member or creator only
 * that this is not for them (403 NOT_STAFF). The role is read from the database on every request,
 * not from the session: a revoked role takes effect at once.
 */
import type { Context, MiddlewareHandler } from "hono";
import { ADMIN_AREAS, hasRole, type AdminArea, type Role } from "../../common/roles.js";
import type { AppDeps } from "../app-deps.js";
import { requireUserId } from "./session.js";
import { ApiError } from "../lib/api-error.js";

export interface StaffMember {
  userId: string;
  email: string;
  role: Role;
}

export const STAFF_MESSAGES = {
  notStaff: "This part of MAYBE is for the people who run it.",
} as const;

/** Who the gate let in, per request. */
const staffOfRequest = new WeakMap<Request, StaffMember>();

/**
 * The gate of a back-office area: lets through signed-in users whose role is the area's least role
 * (common/roles.ts ADMIN_AREAS) or above; an admin passes a curator's gate. It takes the area, never
 * a role, so the one table decides every gate.
 */
export function staffOnly(deps: Pick<AppDeps, "database" | "sessions">, area: AdminArea): MiddlewareHandler {
  const needed = ADMIN_AREAS[area];
  return async (c, next) => {
    const userId = await requireUserId(deps.sessions, c);
    const row = await deps.database.db.selectFrom("user").select(["email", "role"]).where("id", "=", userId).executeTakeFirst();
    if (!row || !hasRole(row.role, needed)) throw new ApiError(403, "NOT_STAFF", STAFF_MESSAGES.notStaff);
    staffOfRequest.set(c.req.raw, { userId, email: row.email, role: row.role });
    await next();
  };
}

/** The staff member staffOnly() let in; a route mounted without the gate is a bug, so it throws. */
export function staffOf(c: Context): StaffMember {
  const found = staffOfRequest.get(c.req.raw);
  if (!found) throw new Error("back-office route reached without staffOnly()");
  return found;
}
