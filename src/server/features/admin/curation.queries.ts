/**
 * Curation's writes (docs/decisions/0019): hiding and unhiding a story, product or creator, each
 * with its audit entry in the same transaction. The curation routes and the reports queue (resolve
 * by hiding) both hide through here.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { toIso } from "../../db/dialect.js";
import { recordAudit, type AuditActor } from "./audit.js";

export const CURATED_KINDS = ["story", "product", "creator"] as const;
export type CuratedKind = (typeof CURATED_KINDS)[number];

export type CurationResult = "changed" | "unchanged" | "not-found";

/**
 * Hides (or unhides) one item; pass the write transaction. Hiding an already hidden item changes
 * nothing and writes no entry.
 */
export async function setHidden(
  trx: Kysely<Database>,
  kind: CuratedKind,
  id: string,
  hidden: boolean,
  actor: AuditActor,
  options: { note?: string; now?: Date } = {},
): Promise<CurationResult> {
  const row = await trx.selectFrom(kind).select("hidden_at").where("id", "=", id).executeTakeFirst();
  if (!row) return "not-found";
  if ((row.hidden_at !== null) === hidden) return "unchanged";
  const now = options.now ?? new Date();
  const hiddenAt = hidden ? now.toISOString() : null;
  await trx.updateTable(kind).set({ hidden_at: hiddenAt }).where("id", "=", id).execute();
  await recordAudit(
    trx,
    {
      actor,
      action: `${kind}.${hidden ? "hide" : "unhide"}`,
      target: { kind, id },
      before: { hidden_at: toIso(row.hidden_at) },
      after: { hidden_at: hiddenAt },
      note: options.note,
    },
    now,
  );
  return "changed";
}
