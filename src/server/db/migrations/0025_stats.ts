/**
 * Stats (issue 35, docs/decisions/0034). Frozen once landed.
 * - `stat_salt`: one random salt a UTC day; a visitor is a hash of it with the site, the address
 *   and the browser string, so two days cannot be tied together once a salt is deleted (after two days).
 * - `stat_event`: what was counted, one row an event, written in batches; `day` a UTC 'YYYY-MM-DD';
 *   `kind` view, play_complete, play_partial, play_skipped, favorite, follow, comment, sale or
 *   signup; the item (`item_kind`, `item_id`) and its creator as resolved when written; `visitor`
 *   for views and sign-ups only; `source` a host or utm_source. Deleted after 30 days.
 * - `stat_daily` (totals a scope had a day: 'site' or a creator's id), `stat_daily_item` (each
 *   item's) and `stat_daily_source` (views and sign-ups by source): the roll-ups, kept.
 * - `stat_rollup`: the last day rolled up; later days are read from `stat_event`.
 */
import type { Kysely } from "kysely";
import type { DialectName } from "../dialect.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const big = dialect === "postgres" ? "bigint" : "integer";
  await db.schema
    .createTable("stat_salt")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("salt", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("stat_event")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_kind", "text")
    .addColumn("item_id", "text")
    .addColumn("creator_id", "text")
    .addColumn("visitor", "text")
    .addColumn("source", "text")
    .addColumn("units", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("amount_cents", big, (c) => c.notNull().defaultTo(0))
    .execute();
  // The site's days not rolled up yet, and a creator's.
  await db.schema.createIndex("stat_event_day_idx").on("stat_event").columns(["day", "kind"]).execute();
  await db.schema.createIndex("stat_event_creator_idx").on("stat_event").columns(["creator_id", "day"]).execute();

  await db.schema
    .createTable("stat_daily")
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("events", big, (c) => c.notNull())
    .addColumn("visitors", big, (c) => c.notNull())
    .addColumn("units", big, (c) => c.notNull())
    .addColumn("amount_cents", big, (c) => c.notNull())
    .addPrimaryKeyConstraint("stat_daily_pk", ["scope", "day", "kind"])
    .execute();

  await db.schema
    .createTable("stat_daily_item")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("creator_id", "text")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_kind", "text", (c) => c.notNull())
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("events", big, (c) => c.notNull())
    .addColumn("visitors", big, (c) => c.notNull())
    .addColumn("units", big, (c) => c.notNull())
    .addColumn("amount_cents", big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("stat_daily_item_day_idx").on("stat_daily_item").columns(["day"]).execute();
  await db.schema.createIndex("stat_daily_item_creator_idx").on("stat_daily_item").columns(["creator_id", "day"]).execute();

  await db.schema
    .createTable("stat_daily_source")
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("events", big, (c) => c.notNull())
    .addColumn("visitors", big, (c) => c.notNull())
    .addPrimaryKeyConstraint("stat_daily_source_pk", ["scope", "day", "kind", "source"])
    .execute();

  await db.schema
    .createTable("stat_rollup")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("through_day", "text", (c) => c.notNull())
    .execute();
}
