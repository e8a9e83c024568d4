/**
 * Download my data (issue 20): one JSON document with every row the account owns, secrets left
 * out (no password hash, no session or reset tokens). USER_DATA says, for every column of the
 * schema that holds a user's id or e-mail, where the export puts it or why it does not, and
 * whether deleting the account removes it; a test walks the schema and fails on a column missing
 * here, so a new table holding user data cannot be forgotten by the export or the deletion.
 */
import { sql } from "kysely";
import type { AccountExport } from "../../../common/api/account.js";
import type { Db } from "../../db/client.js";
import { toBool, toIso } from "../../db/dialect.js";

export interface Holding {
  /** The export's key for these rows, or why they are not exported. */
  exported: string | { no: string };
  /** Why the value stays after the account is deleted; absent: it is gone. */
  keptAfterDeletion?: string;
}

/** `table.column` → how the account's data there is handled. */
export const USER_DATA: Record<string, Holding> = {
  "user.id": { exported: "profile" },
  "user.email": { exported: "profile" },
  "session.user_id": { exported: "sessions" },
  "account.user_id": { exported: "sign_in_methods" },
  // Reset and deletion links: one-time secrets, deleted with the account (account.queries.ts).
  "verification.value": { exported: { no: "one-time secrets of password reset links" } },
  "saved_address.user_id": { exported: "saved_addresses" },
  "saved_address.contact_email": { exported: "saved_addresses" },
  "order.user_id": { exported: "orders" },
  "order.contact_email": {
    exported: "orders",
    keptAfterDeletion: "the record of a sale for the shop's accounts keeps the buyer's name, address and contact address (decision 0020)",
  },
  "favorite.user_id": { exported: "favorites" },
  "follow.user_id": { exported: "follows" },
  "stock_alert.user_id": { exported: "stock_alerts" },
  "cart_item.user_id": { exported: "cart" },
  // An account's consent is user.newsletter_since (exported as `newsletter`); an address that
  // becomes an account's leaves this table (features/newsletter/newsletter.queries.ts).
  "newsletter_subscriber.email": { exported: { no: "the footer's sign-ups of addresses that have no account" } },
  "creator.user_id": { exported: "creator" },
  "creator.email": { exported: "creator" },
  "media.owner_id": { exported: "media" },
  // Deleting the account sets it to null: the report stays for the curators, anonymised.
  "report.reporter_id": { exported: "reports" },
  "report.resolved_by": {
    // Of the user's own reports the export has what was decided and when (status, resolved_at).
    exported: { no: "who on the staff resolved a report, and their note: the staff's record, not the user's data" },
    keptAfterDeletion: "the record of how a report was resolved",
  },
  // Deleting the account sets comment.user_id to null: its comments stay, as 'Deleted account'
  // (docs/decisions/0032); its likes and any ban go (ON DELETE CASCADE).
  "comment.user_id": { exported: "comments" },
  "comment_like.user_id": { exported: "comment_likes" },
  "comment_ban.user_id": { exported: "comment_ban" },
  // A play stays counted for the creator's statistics, without who listened (set to null).
  "track_play.user_id": { exported: "radio_plays" },
  "outbox.user_id": { exported: "messages" },
  "outbox.recipient": {
    exported: "messages",
    keptAfterDeletion: "the account-deleted notice itself, sent after the deletion, and the notice of each unpaid order cancelled with the account",
  },
  "audit_log.actor_id": {
    exported: { no: "the back office's append-only log of staff actions (decision 0019)" },
    keptAfterDeletion: "append-only: triggers refuse to change it",
  },
  "audit_log.actor_email": {
    exported: { no: "the back office's append-only log of staff actions (decision 0019)" },
    keptAfterDeletion: "append-only: triggers refuse to change it",
  },
};

/** Timestamps as ISO strings and SQLite's 0/1 as booleans, whatever the database. */
function plain<T extends Record<string, unknown>>(row: T, booleans: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    out[key] = value instanceof Date ? toIso(value) : booleans.includes(key) ? toBool(value as number | boolean) : value;
  }
  return out;
}

export async function exportAccount(database: Db, userId: string, now = new Date()): Promise<AccountExport | undefined> {
  const { db } = database;
  const user = await db
    .selectFrom("user")
    .select(["id", "email", "email_verified", "name", "username", "phone", "subscribed", "creator_id", "role", "image", "created_at", "updated_at", "newsletter_since"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const email = user.email.toLowerCase();
  const { newsletter_since, ...profile } = user;

  const [signInMethods, sessions, savedAddresses, orders, favorites, follows, stockAlerts, cart, creator, media, reports, messages, comments, commentLikes, commentBan, plays] = await Promise.all([
    db.selectFrom("account").select(["provider_id", "created_at", "updated_at"]).where("user_id", "=", userId).execute(),
    db
      .selectFrom("session")
      .select(["id", "created_at", "updated_at", "expires_at", "ip_address", "user_agent"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db.selectFrom("saved_address").selectAll().where("user_id", "=", userId).execute(),
    db.selectFrom("order").selectAll().where("user_id", "=", userId).orderBy("created_at").execute(),
    db.selectFrom("favorite").select(["kind", "item_id", "created_at"]).where("user_id", "=", userId).orderBy("created_at").execute(),
    db.selectFrom("follow").select(["creator_id", "created_at"]).where("user_id", "=", userId).orderBy("created_at").execute(),
    db.selectFrom("stock_alert").select(["product_id", "variant_id", "created_at"]).where("user_id", "=", userId).orderBy("created_at").execute(),
    db.selectFrom("cart_item").select(["product_id", "variant_id", "quantity", "created_at"]).where("user_id", "=", userId).execute(),
    db.selectFrom("creator").selectAll().where("user_id", "=", userId).executeTakeFirst(),
    db.selectFrom("media").selectAll().where("owner_id", "=", userId).orderBy("created_at").execute(),
    // What the user gave and what was decided, when: not who decided it nor the staff's note.
    db
      .selectFrom("report")
      .select(["id", "kind", "item_id", "reason", "note", "created_at", "status", "resolved_at"])
      .where("reporter_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    // The messages sent to the account, without their contents' links (reset tokens).
    db
      .selectFrom("outbox")
      .select(["template", "recipient", "created_at", "sent_at", "failed_at"])
      .where((eb) => eb.or([eb("user_id", "=", userId), eb(sql<string>`lower(recipient)`, "=", email)]))
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("comment")
      .select(["id", "story_id", "parent_id", "reply_to_id", "body", "created_at", "edited_at", "deleted_at", "hidden_at", "like_count"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db.selectFrom("comment_like").select(["comment_id", "created_at"]).where("user_id", "=", userId).orderBy("created_at").execute(),
    // The ban itself, not the curator's note or who wrote it: the staff's record.
    db.selectFrom("comment_ban").select(["until", "created_at"]).where("user_id", "=", userId).executeTakeFirst(),
    db.selectFrom("track_play").select(["track_id", "outcome", "listened_ms", "created_at"]).where("user_id", "=", userId).orderBy("created_at").execute(),
  ]);

  const items = orders.length
    ? await db.selectFrom("order_item").selectAll().where("order_id", "in", orders.map((o) => o.id)).execute()
    : [];

  let creatorRecord: Record<string, unknown> | null = null;
  if (creator) {
    const [disciplines, stories, products, tracks] = await Promise.all([
      db.selectFrom("creator_discipline").select("discipline").where("creator_id", "=", creator.id).execute(),
      db.selectFrom("story").selectAll().where("creator_id", "=", creator.id).orderBy("created_at").execute(),
      db.selectFrom("product").selectAll().where("creator_id", "=", creator.id).orderBy("created_at").execute(),
      db
        .selectFrom("track")
        .select(["id", "title", "description", "cover_media_id", "audio_key", "audio_type", "audio_bytes", "duration_ms", "loudness_lufs", "status", "decline_note", "created_at", "updated_at"])
        .where("creator_id", "=", creator.id)
        .orderBy("created_at")
        .execute(),
    ]);
    const { search_text: _creatorSearch, ...creatorRow } = creator;
    creatorRecord = {
      ...plain(creatorRow, ["approved"]),
      disciplines: disciplines.map((d) => d.discipline),
      stories: stories.map(({ search_text: _s, ...story }) => plain(story)),
      products: products.map(({ search_text: _s, ...product }) => plain(product, ["limited_edition"])),
      tracks: tracks.map((track) => plain(track)),
    };
  }

  return {
    format: "maybe-account-export/1",
    exported_at: now.toISOString(),
    profile: plain(profile, ["email_verified", "subscribed"]),
    sign_in_methods: signInMethods.map((m) => plain(m)),
    sessions: sessions.map((s) => plain(s)),
    saved_addresses: savedAddresses.map(({ user_id: _u, ...a }) => plain(a)),
    orders: orders.map(({ user_id: _u, ...order }) => ({
      ...plain(order),
      items: items.filter((i) => i.order_id === order.id).map(({ order_id: _o, ...item }) => item),
    })),
    favorites: favorites.map((f) => plain(f)),
    follows: follows.map((f) => plain(f)),
    stock_alerts: stockAlerts.map((a) => plain(a)),
    cart: cart.map((c) => plain(c)),
    newsletter: { subscribed: newsletter_since !== null, since: toIso(newsletter_since) },
    creator: creatorRecord,
    media: media.map(({ owner_id: _o, ...m }) => plain(m)),
    reports: reports.map((r) => plain(r)),
    messages: messages.map((m) => plain(m)),
    comments: comments.map((c) => plain(c)),
    comment_likes: commentLikes.map((l) => plain(l)),
    comment_ban: commentBan ? plain(commentBan) : null,
    radio_plays: plays.map((p) => plain(p)),
  };
}
