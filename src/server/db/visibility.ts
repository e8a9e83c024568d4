/**
 * What the public site may show, decided once per kind (curation, docs/decisions/0019). Every
 * public query of stories, products and creators — the lists, single items, the creator page,
 * favorites, the search, the facets, the cart and checkout — takes its condition from here, so a
 * hidden item or a suspended creator's content cannot linger in one forgotten place.
 *
 * - A creator is public while approved, not hidden and not suspended.
 * - A story is public while published, not hidden, and its author (if any) is not suspended.
 * - A product is public while published (a studio draft is not), not hidden, and its seller (if
 *   any) is not suspended.
 * Hiding a creator takes only the profile off the site (the directory, its page, the search,
 * favorites); their stories and products stay, no longer credited to a profile that is gone.
 * Suspending takes the profile and everything by the creator.
 * - A track is on the radio while in rotation and the house's or by a creator the public may see
 *   (docs/decisions/0033: a suspended or hidden creator's tracks go quiet with their profile).
 *
 * Each condition names its table by alias, so a query may join the table under another name.
 * The suspension test is a correlated NOT EXISTS on the creator's primary key: one index probe per
 * row the list reads, whatever the list's own index.
 */
import { sql, type RawBuilder, type SqlBool } from "kysely";
import { boolValue, unindexed, type DialectName } from "./dialect.js";

const col = (alias: string, column: string) => sql.ref(`${alias}.${column}`);

/** The creator `creatorId` names is suspended (false when it names none). */
function bySuspendedCreator(creatorId: RawBuilder<unknown>): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from creator as suspended_creator where suspended_creator.id = ${creatorId} and suspended_creator.suspended_at is not null)`;
}

/**
 * `approved` is tested here without its index (nearly every creator is approved): a list that
 * walks the directory's indexes says `approved = true` on its own as well (creators.queries.ts).
 */
export function publicCreator(dialect: DialectName, alias = "creator"): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${unindexed(dialect, `${alias}.approved`)} = ${boolValue(dialect, true)} and ${col(alias, "hidden_at")} is null and ${col(alias, "suspended_at")} is null)`;
}

export function publicStory(alias = "story"): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${col(alias, "status")} = 'published' and ${col(alias, "hidden_at")} is null and not ${bySuspendedCreator(col(alias, "creator_id"))})`;
}

export function publicProduct(alias = "product"): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${col(alias, "status")} = 'published' and ${col(alias, "hidden_at")} is null and not ${bySuspendedCreator(col(alias, "creator_id"))})`;
}

/** The track is the house's, or by a creator the public may see (one primary-key probe). */
export function publicTrackSource(dialect: DialectName, alias = "track"): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${col(alias, "source")} = 'house' or exists (select 1 from creator as track_creator where track_creator.id = ${col(alias, "creator_id")} and ${publicCreator(dialect, "track_creator")}))`;
}

/** The track is on the radio, as listeners hear it: in rotation, by the house or a public creator. */
export function onTheRadioTrack(dialect: DialectName, alias = "track"): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${col(alias, "status")} = 'rotation' and ${publicTrackSource(dialect, alias)})`;
}

/**
 * Not featured (the featured rows come first, read by db/paging.ts featuredIds). Without its index
 * on SQLite, which would otherwise walk `<table>_featured_idx` (where nearly every row is NULL)
 * instead of the list's ordered index; PostgreSQL knows from its statistics that nearly every row
 * matches, and must see the plain column to know it.
 */
export function notFeatured(dialect: DialectName, alias: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${unindexed(dialect, `${alias}.featured_rank`)} is null`;
}

/**
 * A product's stock as the cart and checkout see it: a product the public may not see has none
 * left, so a cart line of a product hidden after it was added is treated as sold out — kept and
 * shown, not sold — and returns as it was once the product is back.
 */
export function saleableStock(alias = "product"): RawBuilder<number> {
  return sql<number>`case when ${publicProduct(alias)} then ${col(alias, "stock")} else 0 end`;
}

/** A variant is on sale: its product is public and the size was not taken away (migration 0013). */
export function variantOnSale(variant = "product_variant", product = "product"): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${publicProduct(product)} and not ${col(variant, "retired")})`;
}

/** A variant's stock as the public may buy it: 0 once it is not on sale (see saleableStock). */
export function saleableVariantStock(variant = "product_variant", product = "product"): RawBuilder<number> {
  return sql<number>`case when ${variantOnSale(variant, product)} then ${col(variant, "stock")} else 0 end`;
}

/**
 * A scheduled drop has opened by `now` (the server's clock, lib/clock.ts), or the product is no
 * drop at all. Before its time a product is public (shown with its time) but not for sale: it
 * cannot join a cart or an order (docs/decisions/0025).
 */
export function dropOpen(now: Date, alias = "product"): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${col(alias, "drops_at")} is null or ${col(alias, "drops_at")} <= ${now.toISOString()})`;
}
