/** Granting and revoking roles: the command line (scripts/admin.ts) and the back office share this. */
import { ROLE_LABELS, type Role } from "../../../../common/roles.js";
import type { Db } from "../../../db/client.js";
import { lockForUpdate, writeTransaction } from "../../../db/dialect.js";
import { recordAudit, type AuditActor } from "../audit/audit.service.js";

export type SetRoleResult =
  | { ok: true; userId: string; email: string; before: Role; after: Role }
  | { ok: false; reason: "no-user" | "last-admin" };

/**
 * Gives the account with this e-mail (or id) the role, with its audit entry, in one transaction.
 * Unless `allowNoAdmin`, the last admin cannot be made anything less: someone must be able to
 * grant roles from the back office (the command line may, to recover a site).
 */
export async function setRole(
  database: Db,
  who: { email: string } | { userId: string },
  role: Role,
  actor: AuditActor,
  options: { note?: string; allowNoAdmin?: boolean } = {},
): Promise<SetRoleResult> {
  return writeTransaction(database.db, database.dialect, async (trx) => {
    let query = trx.selectFrom("user").select(["id", "email", "role"]);
    query = "email" in who ? query.where("email", "=", who.email.trim().toLowerCase()) : query.where("id", "=", who.userId);
    const user = await query.executeTakeFirst();
    if (!user) return { ok: false, reason: "no-user" } as const;
    if (user.role === role) return { ok: true, userId: user.id, email: user.email, before: user.role, after: role } as const;
    if (user.role === "admin" && !options.allowNoAdmin) {
      // The admins' rows are locked (PostgreSQL) before they are counted: two admins demoting each
      // other at once are then counted one after the other, and the second is refused.
      const admins = await lockForUpdate(database.dialect, trx.selectFrom("user").select("id").where("role", "=", "admin")).execute();
      if (admins.length <= 1) return { ok: false, reason: "last-admin" } as const;
    }
    await trx.updateTable("user").set({ role, updated_at: new Date().toISOString() }).where("id", "=", user.id).execute();
    await recordAudit(trx, {
      actor,
      action: "user.role",
      target: { kind: "user", id: user.id },
      before: { role: user.role, email: user.email },
      after: { role, email: user.email },
      note: options.note ?? `${ROLE_LABELS[user.role]} → ${ROLE_LABELS[role]}`,
    });
    return { ok: true, userId: user.id, email: user.email, before: user.role, after: role } as const;
  });
}
