/**
 * Curation (docs/decisions/0019): hiding and unhiding a story, product or creator, featuring them
 * in an order, suspending creators — each write with its audit entry in the same transaction — and
 * the back office's lists of them. The curation routes and the reports queue (resolve by hiding)
 * both hide through here. What the public site then shows is decided in db/visibility.ts.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import { FEATURED_MAX, type CurationItem, type CurationState } from "../../../../common/api/admin-curation.js";
import type { CreatorRef } from "../../../../common/api/catalog.js";
import type { Page } from "../../../../common/api/paging.js";
import { encodeCursor, type Cursor } from "../../../../common/paging.js";
import type { Db } from "../../../db/client.js";
import type { Database } from "../../../db/types.js";
import { lockForUpdate, timestampSortKey, toBool, toIso, type DialectName } from "../../../db/dialect.js";
import { beforeCursor } from "../../../db/paging.js";
import { publicCreator, publicProduct, publicStory } from "../../../db/visibility.js";
import { searchTextContains } from "../../../search/search-condition.js";
import { recordAudit, type AuditActor } from "../audit/audit.service.js";

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

// ---------------------------------------------------------------------------------------------
// The curation lists and the featured order (GET/POST/PUT /api/admin/curation/*).

/** Where an item is on the site. */
function linkOf(kind: CuratedKind, id: string): string {
  const encoded = encodeURIComponent(id);
  if (kind === "story") return `/stories/${encoded}`;
  if (kind === "product") return `/store?productId=${encoded}`;
  return `/creators/${encoded}`;
}

const ref = (column: string) => sql.ref(column);

/** The column a kind's "all" list is ordered by, newest first. */
const CREATED: Record<CuratedKind, string> = { story: "story.created_at", product: "product.created_at", creator: "creator.joined" };

/** The creator an item belongs to: a story's author, a product's seller, a creator itself. */
function ownerIdOf(kind: CuratedKind) {
  return kind === "creator" ? ref("creator.id") : ref(`${kind}.creator_id`);
}

function isPublicItem(dialect: DialectName, kind: CuratedKind): RawBuilder<SqlBool> {
  return kind === "story" ? publicStory("story") : kind === "product" ? publicProduct("product") : publicCreator(dialect, "creator");
}

interface CurationRow {
  id: string;
  title: string;
  owner_id: string | null;
  owner_first_name: string | null;
  owner_last_name: string | null;
  featured_rank: number | null;
  hidden_at: Date | string | null;
  suspended_at: Date | string | null;
  draft: number | boolean;
  is_public: number | boolean;
  sort_key: string | null;
}

/** The columns every curation list selects, the same names for every kind. */
function curationColumns(dialect: DialectName, kind: CuratedKind, sortColumn: string) {
  const title = kind === "creator" ? sql`${ref("creator.first_name")} || ' ' || ${ref("creator.last_name")}` : ref(`${kind}.title`);
  const draft = kind === "story" ? sql`case when ${ref("story.status")} = 'published' then 0 else 1 end` : sql`0`;
  return sql.join(
    [
      sql`${ref(`${kind}.id`)} as id`,
      sql`${title} as title`,
      sql`owner.id as owner_id`,
      sql`owner.first_name as owner_first_name`,
      sql`owner.last_name as owner_last_name`,
      sql`${ref(`${kind}.featured_rank`)} as featured_rank`,
      sql`${ref(`${kind}.hidden_at`)} as hidden_at`,
      sql`owner.suspended_at as suspended_at`,
      sql`${draft} as draft`,
      sql`case when ${isPublicItem(dialect, kind)} then 1 else 0 end as is_public`,
      sql`${timestampSortKey(dialect, ref(sortColumn))} as sort_key`,
    ],
    sql`, `,
  );
}

function toCurationItem(kind: CuratedKind, row: CurationRow): CurationItem {
  const owner: CreatorRef | null =
    kind === "creator" || row.owner_id === null
      ? null
      : { id: row.owner_id, artist_name: `${row.owner_first_name ?? ""} ${row.owner_last_name ?? ""}`.trim() };
  return {
    kind,
    id: row.id,
    title: row.title.trim(),
    link: linkOf(kind, row.id),
    creator: owner,
    featured_rank: row.featured_rank === null ? null : Number(row.featured_rank),
    hidden_at: toIso(row.hidden_at),
    suspended_at: toIso(row.suspended_at),
    draft: toBool(row.draft),
    public: toBool(row.is_public),
  };
}

export interface CurationFilter {
  q?: string;
  state: CurationState;
}

/** One page of a kind's curation list (docs/decisions/0019: the orders of CURATION_STATES). */
export async function listCuration(
  database: Db,
  kind: CuratedKind,
  filter: CurationFilter,
  page: { cursor?: Cursor; limit: number },
): Promise<Page<CurationItem>> {
  const { dialect } = database;
  const { state, q } = filter;
  const featured = state === "featured";
  const sortColumn = state === "hidden" ? `${kind}.hidden_at` : state === "suspended" && kind === "creator" ? "creator.suspended_at" : CREATED[kind];
  const conditions: RawBuilder<unknown>[] = [];
  if (featured) conditions.push(sql`${ref(`${kind}.featured_rank`)} is not null`);
  if (state === "hidden") conditions.push(sql`${ref(`${kind}.hidden_at`)} is not null`);
  if (state === "suspended") conditions.push(sql`owner.suspended_at is not null`);
  if (q) conditions.push(sql`(${ref(`${kind}.id`)} = ${q} or ${searchTextContains(dialect, kind, q)})`);
  const cursor = page.cursor;
  if (cursor && featured && cursor.rank !== undefined) {
    conditions.push(sql`(${ref(`${kind}.featured_rank`)}, ${ref(`${kind}.id`)}) > (${cursor.rank}, ${cursor.id})`);
  } else if (cursor && !featured && cursor.key !== null) {
    conditions.push(beforeCursor(dialect, ref(sortColumn), ref(`${kind}.id`), { key: cursor.key, id: cursor.id }));
  }
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const order = featured
    ? sql`order by ${ref(`${kind}.featured_rank`)}, ${ref(`${kind}.id`)}`
    : sql`order by ${ref(sortColumn)} desc, ${ref(`${kind}.id`)} desc`;
  const { rows } = await sql<CurationRow>`select ${curationColumns(dialect, kind, sortColumn)}
    from ${sql.table(kind)} left join creator as owner on owner.id = ${ownerIdOf(kind)}
    ${where} ${order} limit ${page.limit + 1}`.execute(database.db);
  const more = rows.length > page.limit;
  const kept = more ? rows.slice(0, page.limit) : rows;
  const last = kept.at(-1);
  const next = !more || !last ? null : featured ? { key: null, id: last.id, rank: Number(last.featured_rank) } : { key: last.sort_key, id: last.id };
  return { items: kept.map((row) => toCurationItem(kind, row)), next_cursor: next ? encodeCursor(next) : null };
}

/** One item as the curation lists show it, or undefined. */
export async function findCurationItem(db: Kysely<Database>, dialect: DialectName, kind: CuratedKind, id: string): Promise<CurationItem | undefined> {
  const { rows } = await sql<CurationRow>`select ${curationColumns(dialect, kind, CREATED[kind])}
    from ${sql.table(kind)} left join creator as owner on owner.id = ${ownerIdOf(kind)}
    where ${ref(`${kind}.id`)} = ${id}`.execute(db);
  return rows[0] && toCurationItem(kind, rows[0]);
}

/** Every featured item of a kind, in order. */
export async function listFeatured(db: Kysely<Database>, dialect: DialectName, kind: CuratedKind): Promise<CurationItem[]> {
  const { rows } = await sql<CurationRow>`select ${curationColumns(dialect, kind, CREATED[kind])}
    from ${sql.table(kind)} left join creator as owner on owner.id = ${ownerIdOf(kind)}
    where ${ref(`${kind}.featured_rank`)} is not null
    order by ${ref(`${kind}.featured_rank`)}, ${ref(`${kind}.id`)}`.execute(db);
  return rows.map((row) => toCurationItem(kind, row));
}

export type FeatureResult = CurationResult | "full";

/**
 * Features an item at the end of its kind's order, or takes it out of the order; pass the write
 * transaction. Featuring a featured item (or unfeaturing one that is not) changes nothing and
 * writes no entry. Ranks are not renumbered when one leaves: the order of the rest is the same.
 */
export async function setFeatured(
  trx: Kysely<Database>,
  dialect: DialectName,
  kind: CuratedKind,
  id: string,
  featured: boolean,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<FeatureResult> {
  const row = await lockForUpdate(dialect, trx.selectFrom(kind).select("featured_rank").where("id", "=", id)).executeTakeFirst();
  if (!row) return "not-found";
  if ((row.featured_rank !== null) === featured) return "unchanged";
  let rank: number | null = null;
  if (featured) {
    const { n, top } = await trx
      .selectFrom(kind)
      .select((eb) => [eb.fn.count<number>("featured_rank").as("n"), eb.fn.max("featured_rank").as("top")])
      .where("featured_rank", "is not", null)
      .executeTakeFirstOrThrow();
    if (Number(n) >= FEATURED_MAX) return "full";
    rank = Number(top ?? 0) + 1;
  }
  await trx.updateTable(kind).set({ featured_rank: rank }).where("id", "=", id).execute();
  await recordAudit(
    trx,
    {
      actor,
      action: `${kind}.${featured ? "feature" : "unfeature"}`,
      target: { kind, id },
      before: { featured_rank: row.featured_rank === null ? null : Number(row.featured_rank) },
      after: { featured_rank: rank },
    },
    now,
  );
  return "changed";
}

export type FeaturedOrderResult = "changed" | "unchanged" | "conflict";

/**
 * Puts every featured item of a kind in the order of `ids` (ranks 1, 2, 3…), with one audit entry;
 * pass the write transaction. `ids` must be exactly the featured set: anything else means someone
 * featured or unfeatured an item meanwhile, and nothing changes.
 */
export async function setFeaturedOrder(
  trx: Kysely<Database>,
  dialect: DialectName,
  kind: CuratedKind,
  ids: readonly string[],
  actor: AuditActor,
  now: Date = new Date(),
): Promise<FeaturedOrderResult> {
  const current = await lockForUpdate(
    dialect,
    trx.selectFrom(kind).select(["id", "featured_rank"]).where("featured_rank", "is not", null).orderBy("featured_rank").orderBy("id"),
  ).execute();
  const before = current.map((r) => r.id);
  const known = new Set(before);
  if (ids.length !== before.length || ids.some((id) => !known.has(id))) return "conflict";
  const ranks = new Map(current.map((r) => [r.id, Number(r.featured_rank)]));
  if (ids.every((id, i) => before[i] === id && ranks.get(id) === i + 1)) return "unchanged";
  for (const [i, id] of ids.entries()) {
    if (ranks.get(id) !== i + 1) await trx.updateTable(kind).set({ featured_rank: i + 1 }).where("id", "=", id).execute();
  }
  await recordAudit(
    trx,
    { actor, action: `${kind}.reorder`, target: { kind, id: "featured" }, before: { order: before }, after: { order: [...ids] } },
    now,
  );
  return "changed";
}

/**
 * Suspends (or reinstates) a creator, with its audit entry; pass the write transaction. While
 * suspended, the creator and everything by them are off the site (db/visibility.ts) and the studio
 * refuses to publish. Suspending a suspended creator changes nothing and writes no entry.
 */
export async function setSuspended(
  trx: Kysely<Database>,
  dialect: DialectName,
  creatorId: string,
  suspended: boolean,
  actor: AuditActor,
  options: { note?: string; now?: Date } = {},
): Promise<CurationResult> {
  const row = await lockForUpdate(dialect, trx.selectFrom("creator").select("suspended_at").where("id", "=", creatorId)).executeTakeFirst();
  if (!row) return "not-found";
  if ((row.suspended_at !== null) === suspended) return "unchanged";
  const now = options.now ?? new Date();
  const suspendedAt = suspended ? now.toISOString() : null;
  await trx.updateTable("creator").set({ suspended_at: suspendedAt }).where("id", "=", creatorId).execute();
  await recordAudit(
    trx,
    {
      actor,
      action: `creator.${suspended ? "suspend" : "unsuspend"}`,
      target: { kind: "creator", id: creatorId },
      before: { suspended_at: toIso(row.suspended_at) },
      after: { suspended_at: suspendedAt },
      note: options.note,
    },
    now,
  );
  return "changed";
}
