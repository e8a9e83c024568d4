/**
 * The writers of announcements (docs/decisions/0030): each runs in the transaction of the change it
 * announces (a story published, a product made public, a variant back in stock, someone waiting
 * for a drop), and writes one row, never one per follower. The expander (expander.ts) turns them
 * into e-mails afterwards.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";

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

/** A creator wrote to their followers (features/studio/messages): due at once, announced once. */
export async function announceMessage(db: Executor, creatorId: string, messageId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto("announcement")
    .values({ id: randomUUID(), key: `message:${messageId}`, kind: "message", creator_id: creatorId, subject_id: messageId, created_at: at, available_at: at })
    .execute();
}
