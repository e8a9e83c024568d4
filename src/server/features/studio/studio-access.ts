/**
 * Who may use the studio, decided once per request before any body is validated: 401 signed out,
 * 403 NOT_CREATOR for anyone who is not a creator (docs/decisions/0018). Its stories and products
 * rooms read the creator it found; every query they make is scoped to that creator.
 */
import type { Context, MiddlewareHandler } from "hono";
import { STORY_MESSAGES } from "../../../common/api/studio.js";
import type { AppDeps } from "../../app-deps.js";
import { requireUserId } from "../../auth/session.js";
import { ApiError } from "../../lib/api-error.js";
import { studioCreatorOfUser } from "./studio.queries.js";

export interface StudioUser {
  userId: string;
  creatorId: string;
  suspended: boolean;
  hidden: boolean;
}

/** Refuses a suspended creator a change to what the site shows (docs/decisions/0019). */
export function refuseIfSuspended(user: StudioUser): void {
  if (user.suspended) throw new ApiError(403, "SUSPENDED", STORY_MESSAGES.suspended);
}

export function studioAccess(deps: Pick<AppDeps, "database" | "sessions">) {
  const found = new WeakMap<Request, StudioUser>();
  const creatorsOnly: MiddlewareHandler = async (c, next) => {
    const userId = await requireUserId(deps.sessions, c);
    const creator = await studioCreatorOfUser(deps.database, userId);
    if (!creator) throw new ApiError(403, "NOT_CREATOR", STORY_MESSAGES.notCreator);
    found.set(c.req.raw, { userId, ...creator });
    await next();
  };
  function studioUser(c: Context): StudioUser {
    const user = found.get(c.req.raw);
    if (!user) throw new Error("studio route reached without the studio middleware");
    return user;
  }
  return { creatorsOnly, studioUser };
}

export type StudioAccess = ReturnType<typeof studioAccess>;
