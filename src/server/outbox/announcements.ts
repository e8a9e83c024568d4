/**
 * Announcements to followers (issue 32, docs/decisions/0030): publishing a story or opening a drop
 * writes one `announcement` row in the change's own transaction (announceStory, announceDrop),
 * never a row per follower; the outbox worker expands it afterwards (expandDue).
 *
 * Expansion takes one announcement at a time under a lease (as the outbox's rows), and writes one
 * batch of followers at a time, ordered by user id from `follow_creator_idx`: the batch's e-mails
 * (each with the dedupe key `ann:<announcement>:<user>`, so no one gets one twice), then the
 * announcement's `cursor`. A worker that dies mid-way leaves the cursor at the last batch it
 * finished; the next claim resumes after it, and rewriting a half-written batch adds nothing.
 *
 * Whether a thing may be announced is read when it is expanded, not when it was written: a story
 * unpublished, a product taken down, or a creator hidden or suspended in between is announced to
 * no one. A drop whose time moved later waits for the new time.
 *
 * Weekly digests are announcements too (`digest:<Monday>`), made by the first pass of each week:
 * each account with `follow_mail = weekly` gets one e-mail listing what the creators it follows
 * announced in the week before that Monday. Weeks do not overlap and the key is the week, so
 * nothing is in two digests and no digest goes twice.
 */
import { randomUUID } from "node:crypto";
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from "kysely";
import type { Db } from "../db/client.js";
import { toIso } from "../db/dialect.js";
import type { AnnouncementTable, Database } from "../db/types.js";
import { publicCreator, publicProduct, publicStory } from "../db/visibility.js";
import { creatorNameSql } from "../features/follows/follows.queries.js";
import { storyHasPage } from "../features/catalog/catalog.queries.js";
import type { FollowDigestItem, MailContext, MailTemplateName, MailTemplates } from "../emails/catalog.js";

/** Followers written per transaction. */
export const FANOUT_BATCH = 500;
const LEASE_MS = 60_000;
const DAY_MS = 86_400_000;

type Announcement = Selectable<AnnouncementTable>;
type Executor = Kysely<Database>;

/** A published story, announced once however often it is unpublished and published again. */
export async function announceStory(db: Executor, creatorId: string, storyId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto("announcement")
    .values({
      id: randomUUID(),
      key: `story:${storyId}`,
      kind: "story",
      creator_id: creatorId,
      subject_id: storyId,
      created_at: at,
      available_at: at,
    })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

/**
 * A creator's product made public: announced when it goes on sale (its drop time, or now). Saving
 * it again before then moves the announcement to the new time; once announced, never again.
 */
export async function announceDrop(db: Executor, creatorId: string, productId: string, opensAt: Date | null, now: Date): Promise<void> {
  const at = (opensAt && opensAt > now ? opensAt : now).toISOString();
  await db
    .insertInto("announcement")
    .values({
      id: randomUUID(),
      key: `drop:${productId}`,
      kind: "drop",
      creator_id: creatorId,
      subject_id: productId,
      created_at: now.toISOString(),
      available_at: at,
    })
    .onConflict((oc) => oc.column("key").doUpdateSet({ available_at: at }).where("announcement.done_at", "is", null))
    .execute();
}

/**
 * A variant came back into stock (catalog/stock.service.ts, in its transaction): the accounts
 * waiting for it hear of it, once each (their requests end). Nothing is written when no one waits.
 */
export async function announceRestock(db: Executor, variantId: string, now: Date): Promise<void> {
  const waiting = await db.selectFrom("stock_alert").select("id").where("variant_id", "=", variantId).limit(1).executeTakeFirst();
  if (!waiting) return;
  const at = now.toISOString();
  await db
    .insertInto("announcement")
    .values({ id: randomUUID(), key: `restock:${variantId}:${randomUUID()}`, kind: "restock", creator_id: null, subject_id: variantId, created_at: at, available_at: at })
    .execute();
}

/** Someone waits for a scheduled drop: the accounts waiting hear when it opens (once per opening time). */
export async function announceOpening(db: Executor, productId: string, opensAt: Date, now: Date): Promise<void> {
  const at = opensAt.toISOString();
  await db
    .insertInto("announcement")
    .values({ id: randomUUID(), key: `opening:${productId}:${at}`, kind: "opening", creator_id: null, subject_id: productId, created_at: now.toISOString(), available_at: at })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

/** A drop's time changed before it was announced: the announcement waits for the new time. */
export async function rescheduleDrop(db: Executor, productId: string, opensAt: Date | null, now: Date): Promise<void> {
  const at = (opensAt && opensAt > now ? opensAt : now).toISOString();
  await db.updateTable("announcement").set({ available_at: at }).where("key", "=", `drop:${productId}`).where("done_at", "is", null).execute();
}

/** Monday 00:00 UTC of the week `at` falls in. */
export function weekStart(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
}

function due(at: string) {
  return (eb: ExpressionBuilder<Database, "announcement">) =>
    eb.and([eb("done_at", "is", null), eb("available_at", "<=", at), eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", at)])]);
}

async function claimAnnouncement(database: Db, now: Date): Promise<{ row: Announcement; token: string } | undefined> {
  const at = now.toISOString();
  const token = new Date(now.getTime() + LEASE_MS).toISOString();
  let candidate = database.db.selectFrom("announcement").select("id").where(due(at)).orderBy("available_at").orderBy("id").limit(1);
  if (database.dialect === "postgres") candidate = candidate.forUpdate().skipLocked();
  const row = await database.db
    .updateTable("announcement")
    .set({ claimed_until: token })
    .where("id", "=", candidate)
    .where(due(at))
    .returningAll()
    .executeTakeFirst();
  return row && { row, token };
}


interface Subject {
  creatorId: string;
  creatorName: string;
  title: string;
  url: string;
  /** A drop that opens later than the announcement's time (its time moved). */
  opensAt: Date | null;
}

/** What an announcement names, if the public may still see it now; undefined otherwise. */
async function subjectOf(database: Db, row: Pick<Announcement, "kind" | "subject_id">, publicUrl: string): Promise<Subject | undefined> {
  const { db, dialect } = database;
  if (!row.subject_id) return undefined;
  if (row.kind === "story") {
    const story = await db
      .selectFrom("story")
      .innerJoin("creator", "creator.id", "story.creator_id")
      .select(["story.id", "story.title", "creator.id as creator_id", creatorNameSql.as("creator_name")])
      .where("story.id", "=", row.subject_id)
      .where(publicStory("story"))
      .where(storyHasPage("story"))
      .where(publicCreator(dialect, "creator"))
      .executeTakeFirst();
    return (
      story && {
        creatorId: story.creator_id,
        creatorName: story.creator_name,
        title: story.title,
        url: `${publicUrl}/stories/${encodeURIComponent(story.id)}`,
        opensAt: null,
      }
    );
  }
  const product = await db
    .selectFrom("product")
    .innerJoin("creator", "creator.id", "product.creator_id")
    .select(["product.id", "product.title", "product.drops_at", "creator.id as creator_id", creatorNameSql.as("creator_name")])
    .where("product.id", "=", row.subject_id)
    .where("product.creator_id", "is not", null)
    .where(publicProduct("product"))
    .where(publicCreator(dialect, "creator"))
    .executeTakeFirst();
  const opensAt = product?.drops_at ? new Date(toIso(product.drops_at)!) : null;
  return (
    product && {
      creatorId: product.creator_id!,
      creatorName: product.creator_name,
      title: product.title,
      url: `${publicUrl}/store?productId=${encodeURIComponent(product.id)}`,
      opensAt,
    }
  );
}

interface Recipient {
  id: string;
  email: string;
  name: string;
}

interface Mail<T extends MailTemplateName = MailTemplateName> {
  user: Recipient;
  template: T;
  props: MailTemplates[T];
  /** Once per this key; by default once per announcement and reader. */
  dedupeKey?: string;
}

/**
 * Writes one batch: its e-mails go into the outbox, then the announcement moves on to `cursor`
 * (done when the batch was the last) while the claim is still this worker's. Two statements, not
 * one transaction: the e-mails' dedupe keys make writing a batch twice harmless (a worker that
 * died between the two, or lost its claim, leaves rows its successor's insert skips), and no
 * transaction is held open across awaits (on SQLite another connection in the process would wait
 * on it synchronously). Returns false when the claim was lost.
 */
async function writeBatch(
  database: Db,
  row: Announcement,
  token: string,
  batch: { cursor: string | null; last: boolean; mails: Mail[] },
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  let written = 0;
  if (batch.mails.length > 0) {
    const inserted = await database.db
      .insertInto("outbox")
      .values(
        batch.mails.map((mail) => ({
          id: randomUUID(),
          kind: "mail" as const,
          template: mail.template,
          recipient: mail.user.email,
          payload: JSON.stringify(mail.props),
          user_id: mail.user.id,
          dedupe_key: mail.dedupeKey ?? `ann:${row.id}:${mail.user.id}`,
          created_at: at,
          available_at: at,
        })),
      )
      .onConflict((oc) => oc.column("dedupe_key").doNothing())
      .executeTakeFirst();
    written = Number(inserted.numInsertedOrUpdatedRows ?? 0);
  }
  const moved = await database.db
    .updateTable("announcement")
    .set({
      cursor: batch.cursor,
      mail_count: sql<number>`mail_count + ${written}`,
      claimed_until: null,
      ...(batch.last ? { done_at: at } : {}),
    })
    .where("id", "=", row.id)
    .where("claimed_until", "=", token)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

const recipientName = sql<string>`coalesce(nullif("user".name, ''), "user".username)`;

/** One batch of a story's or a drop's followers who hear of it at once. */
async function expandFollowers(database: Db, row: Announcement, token: string, subject: Subject, now: Date, batchSize: number): Promise<boolean> {
  const followers = await database.db
    .selectFrom("follow")
    .innerJoin("user", "user.id", "follow.user_id")
    .select(["user.id", "user.email", recipientName.as("name"), "user.follow_mail", "user.creator_id"])
    .where("follow.creator_id", "=", subject.creatorId)
    .$if(row.cursor !== null, (q) => q.where("follow.user_id", ">", row.cursor!))
    .orderBy("follow.user_id")
    .limit(batchSize)
    .execute();
  const mails: Mail[] = followers
    // A creator's own account following itself is not told of its own work.
    .filter((f) => f.follow_mail === "instant" && f.creator_id !== subject.creatorId)
    .map((f) =>
      row.kind === "story"
        ? {
            user: f,
            template: "follow-story",
            props: {
              name: f.name,
              creatorName: subject.creatorName,
              title: subject.title,
              url: subject.url,
            },
          }
        : {
            user: f,
            template: "follow-drop",
            props: {
              name: f.name,
              creatorName: subject.creatorName,
              productName: subject.title,
              url: subject.url,
            },
          },
    );
  return writeBatch(
    database,
    row,
    token,
    {
      cursor: followers.at(-1)?.id ?? row.cursor,
      last: followers.length < batchSize,
      mails,
    },
    now,
  );
}

/** One batch of the week's digest: accounts on `weekly`, each with what its creators announced. */
async function expandDigest(database: Db, row: Announcement, token: string, publicUrl: string, now: Date, batchSize: number): Promise<boolean> {
  const to = toIso(row.available_at)!;
  const from = new Date(new Date(to).getTime() - 7 * DAY_MS).toISOString();
  const users = await database.db
    .selectFrom("user")
    .select(["user.id", "user.email", recipientName.as("name")])
    .where("user.follow_mail", "=", "weekly")
    .$if(row.cursor !== null, (q) => q.where("user.id", ">", row.cursor!))
    .orderBy("user.id")
    .limit(batchSize)
    .execute();
  const mails: Mail[] = [];
  if (users.length > 0) {
    const announced = await database.db
      .selectFrom("announcement")
      .select(["kind", "subject_id", "available_at"])
      .where("kind", "in", ["story", "drop"])
      .where("available_at", ">=", from)
      .where("available_at", "<", to)
      .orderBy("available_at", "desc")
      .execute();
    const items: (FollowDigestItem & { creatorId: string })[] = [];
    for (const a of announced) {
      const subject = await subjectOf(database, a, publicUrl);
      if (subject)
        items.push({
          kind: a.kind as "story" | "drop",
          creatorId: subject.creatorId,
          creatorName: subject.creatorName,
          title: subject.title,
          url: subject.url,
        });
    }
    if (items.length > 0) {
      const follows = await database.db
        .selectFrom("follow")
        .select(["user_id", "creator_id"])
        .where(
          "user_id",
          "in",
          users.map((u) => u.id),
        )
        .where("creator_id", "in", [...new Set(items.map((i) => i.creatorId))])
        .execute();
      for (const user of users) {
        const followed = new Set(follows.filter((f) => f.user_id === user.id).map((f) => f.creator_id));
        const mine = items.filter((i) => followed.has(i.creatorId)).map(({ creatorId: _, ...item }) => item);
        if (mine.length > 0)
          mails.push({
            user,
            template: "follow-digest",
            props: { name: user.name, items: mine },
          });
      }
    }
  }
  return writeBatch(
    database,
    row,
    token,
    {
      cursor: users.at(-1)?.id ?? row.cursor,
      last: users.length < batchSize,
      mails,
    },
    now,
  );
}

/**
 * One batch of the accounts waiting for what a restock or an opening names, if it is on sale now:
 * their e-mails (once per request: the dedupe key is the request's), then their requests go. Two
 * restocks at once (two admins) read the same requests; the key keeps it to one e-mail each. Sold
 * out again before its turn, the requests stay for the next restock.
 */
async function expandAlerts(database: Db, row: Announcement, token: string, publicUrl: string, now: Date, batchSize: number): Promise<"postponed" | "written"> {
  const { db } = database;
  const subject = row.subject_id ?? "";
  const on = await db
    .selectFrom("product")
    .leftJoin("product_variant", (join) => join.onRef("product_variant.product_id", "=", "product.id").on("product_variant.id", "=", subject))
    .select(["product.id", "product.title", "product.drops_at", "product.stock", "product_variant.size", "product_variant.stock as variant_stock", "product_variant.retired"])
    .where(row.kind === "restock" ? "product_variant.id" : "product.id", "=", subject)
    .where(publicProduct("product"))
    .executeTakeFirst();
  const opensAt = on?.drops_at ? new Date(toIso(on.drops_at)!) : null;
  if (on && row.kind === "opening" && opensAt && opensAt > now) {
    await postpone(database, row.id, token, opensAt);
    return "postponed";
  }
  const open = !opensAt || opensAt <= now;
  const available = on && open && (row.kind === "restock" ? Number(on.variant_stock) > 0 && !on.retired : Number(on.stock) > 0);
  if (!available) {
    await writeBatch(database, row, token, { cursor: null, last: true, mails: [] }, now);
    return "written";
  }
  const alerts = await db
    .selectFrom("stock_alert")
    .innerJoin("user", "user.id", "stock_alert.user_id")
    .select(["stock_alert.id as alert_id", "user.id", "user.email", recipientName.as("name")])
    .where(row.kind === "restock" ? "stock_alert.variant_id" : "stock_alert.product_id", "=", subject)
    .orderBy("stock_alert.id")
    .limit(batchSize)
    .execute();
  const url = `${publicUrl}/store?productId=${encodeURIComponent(on.id)}`;
  const mails: Mail[] = alerts.map((a) => ({
    user: a,
    template: "stock-alert",
    props: { name: a.name, productName: on.title, size: row.kind === "restock" ? (on.size ?? null) : null, url, opened: row.kind === "opening" },
    dedupeKey: `alert:${a.alert_id}`,
  }));
  const last = alerts.length < batchSize;
  const written = await writeBatch(database, row, token, { cursor: null, last, mails }, now);
  // The requests end once their e-mails are in the outbox (a worker that dies between the two
  // writes them again: the keys keep it to one each).
  if (written && alerts.length > 0) await db.deleteFrom("stock_alert").where("id", "in", alerts.map((a) => a.alert_id)).execute();
  return "written";
}

/** Gives a claimed announcement back until `at` (a drop whose time moved later). */
async function postpone(database: Db, id: string, token: string, at: Date): Promise<void> {
  await database.db
    .updateTable("announcement")
    .set({ available_at: at.toISOString(), claimed_until: null })
    .where("id", "=", id)
    .where("claimed_until", "=", token)
    .execute();
}

export interface Expander {
  /** Expands due announcements, a batch at a time, until none is due or `stopping()`; resolves with the batches handled. */
  expandDue(stopping: () => boolean): Promise<number>;
}

export function announcementExpander(options: {
  database: Db;
  context: Pick<MailContext, "publicUrl">;
  now: () => Date;
  /** Followers (or digest readers) per batch; FANOUT_BATCH unless a test asks for fewer. */
  batchSize?: number;
}): Expander {
  const { database, now, batchSize = FANOUT_BATCH } = options;
  let digestWeek = "";
  /** This week's digest, written once per process and week (the key makes every other try a no-op). */
  async function ensureDigest(at: Date): Promise<void> {
    const week = weekStart(at).toISOString();
    if (week === digestWeek) return;
    await database.db
      .insertInto("announcement")
      .values({
        id: randomUUID(),
        key: `digest:${week.slice(0, 10)}`,
        kind: "digest",
        creator_id: null,
        subject_id: null,
        created_at: at.toISOString(),
        available_at: week,
      })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    digestWeek = week;
  }
  return {
    async expandDue(stopping) {
      await ensureDigest(now());
      let batches = 0;
      while (!stopping()) {
        const at = now();
        const claim = await claimAnnouncement(database, at);
        if (!claim) break;
        const { row, token } = claim;
        if (row.kind === "restock" || row.kind === "opening") {
          await expandAlerts(database, row, token, options.context.publicUrl, at, batchSize);
        } else if (row.kind === "digest") {
          await expandDigest(database, row, token, options.context.publicUrl, at, batchSize);
        } else {
          const subject = await subjectOf(database, row, options.context.publicUrl);
          if (!subject) await writeBatch(database, row, token, { cursor: row.cursor, last: true, mails: [] }, at);
          else if (subject.opensAt && subject.opensAt > at) await postpone(database, row.id, token, subject.opensAt);
          else await expandFollowers(database, row, token, subject, at, batchSize);
        }
        batches++;
      }
      return batches;
    },
  };
}
