/**
 * Reading the audit log (docs/decisions/0019): newest first, keyset-paged on (created_at, id),
 * filtered by action, target and actor, each from an index of migration 0007. Nothing here or
 * anywhere else changes an entry (audit.ts only appends; the database refuses the rest).
 */
import { sql, type Selectable } from "kysely";
import type { AuditEntry, AuditPage } from "../../../../common/api/admin.js";
import type { DatedCursor } from "../../../../common/paging.js";
import type { Db } from "../../../db/client.js";
import { timestampSortKey, toIso } from "../../../db/dialect.js";
import { beforeCursor, toPage, type PageRequest } from "../../../db/paging.js";
import type { Database } from "../../../db/types.js";

export interface AuditFilter {
  /** An action (product.stock), or a target kind alone (product) for all of its actions. */
  action?: string;
  target_kind?: string;
  target_id?: string;
  /** A user id or an e-mail. */
  actor?: string;
}

/** The JSON of a before/after column as an object; anything else (never written by audit.ts) as null. */
function changes(json: string | null): Record<string, unknown> | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

type Row = Selectable<Database["audit_log"]>;

function toEntry(row: Row): AuditEntry {
  return {
    id: row.id,
    created_at: toIso(row.created_at) ?? "",
    actor: { id: row.actor_id, email: row.actor_email },
    action: row.action,
    target: { kind: row.target_kind, id: row.target_id },
    before: changes(row.before),
    after: changes(row.after),
    note: row.note,
  };
}

export async function listAudit(database: Db, filter: AuditFilter, page: PageRequest<DatedCursor>): Promise<AuditPage> {
  const { dialect } = database;
  let query = database.db
    .selectFrom("audit_log")
    .selectAll()
    .select((eb) => timestampSortKey(dialect, eb.ref("audit_log.created_at")).as("sort_key"))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(page.limit + 1);
  const { action, target_kind, target_id, actor } = filter;
  if (action) {
    // "order" is every order.* action: a prefix compared as text, the same in both databases
    // (LIKE's wildcards and case rules differ, and a range would follow the collation).
    const prefix = `${action}.`;
    query = action.includes(".")
      ? query.where("action", "=", action)
      : query.where(sql<boolean>`substr(action, 1, ${prefix.length}) = ${prefix}`);
  }
  if (target_kind) query = query.where("target_kind", "=", target_kind);
  if (target_id) query = query.where("target_id", "=", target_id);
  if (actor) {
    // E-mails are stored lower case (Better Auth); ids are matched as given.
    query = query.where((eb) => eb.or([eb("actor_id", "=", actor), eb("actor_email", "=", actor.toLowerCase())]));
  }
  const cursor = page.cursor;
  if (cursor) query = query.where((eb) => beforeCursor(dialect, eb.ref("audit_log.created_at"), eb.ref("audit_log.id"), cursor));
  return toPage(await query.execute(), page.limit, toEntry);
}
