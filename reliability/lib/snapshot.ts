/** Whole-table snapshots, to prove a refused request changed nothing. */
import { sql } from "kysely";
import type { TestApp } from "../../src/server/test/harness.js";

/** The tables that hold what users and visitors create or change (not rate-limit counters). */
export const STATE_TABLES = [
  "user", "session", "account", "cart_item", "favorite", "order", "order_item", "product",
  "creator", "creator_discipline", "newsletter_subscriber", "saved_address", "comment", "comment_like", "comment_ban",
] as const;

export async function snapshot(t: TestApp, tables: readonly string[] = STATE_TABLES): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.database.db);
    // Row order is not part of the state.
    out[table] = rows.rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}
