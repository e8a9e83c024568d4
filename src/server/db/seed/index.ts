/** Fills an empty database with the sample content of content.ts. */
import type { Db } from "../client.js";
import { CREATORS, PRODUCTS, SAMPLE_DROP, STORIES, isPublishedSeed, sampleDropTime, sampleSizes } from "./content.js";
import { insertCreator, insertProduct, insertStory, insertUser, withTransaction } from "./factories.js";

export interface SeedOptions {
  /** Development only, never production: accounts to sign in with, named in the README. */
  sampleAccounts?: boolean;
}

/** The sample creator's sign-in (README): the account of Maya Lopez, a creator of the sample content. */
export const SAMPLE_CREATOR = { email: "maya.lopez@example.com", username: "maya", password: "maybe-sample-creator", creatorId: "maya_lopez" };

/** The sample back-office accounts' sign-in (README), development only: one of each staff role. */
export const SAMPLE_ADMIN = { email: "admin@example.com", username: "admin", password: "maybe-sample-admin", role: "admin" } as const;
export const SAMPLE_CURATOR = { email: "curator@example.com", username: "curator", password: "maybe-sample-curator", role: "curator" } as const;

export async function seedIfEmpty(database: Db, options: SeedOptions = {}): Promise<boolean> {
  const row = await database.db
    .selectFrom("story")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  if (Number(row.n) > 0) return false;
  await seed(database, options);
  return true;
}

export async function seed(database: Db, options: SeedOptions = {}): Promise<void> {
  // One created_at for every story and product, as the column default would give in one
  // statement: the lists then order the sample content by id (the catalog tests rely on it).
  const created_at = new Date().toISOString();
  // Dates go in as Date values, which the factories write in one canonical ISO form
  // (…T12:00:00.000Z), so text-sorted SQLite timestamps order correctly.
  await withTransaction(database, async (trx) => {
    await insertStory(
      trx,
      STORIES.map((story) => {
        const date = story.date === null ? null : new Date(story.date);
        if (!isPublishedSeed(story)) return { ...story, date, created_at };
        // A published story as the studio leaves it: its body, first published on its date; its
        // author is set once the creators exist (each table points at the other).
        const { figures: _figures, creator_id: _author, ...row } = story;
        return { ...row, date, created_at, published_at: date ?? created_at, updated_at: date ?? created_at };
      }),
    );
    await insertCreator(trx, CREATORS.map((c) => ({ ...c, joined: new Date(c.joined) })));
    for (const story of STORIES.filter(isPublishedSeed)) {
      await trx.db.updateTable("story").set({ creator_id: story.creator_id }).where("id", "=", story.id).execute();
    }
    // A product is sold by the first creator featured in its story (the creator page lists it).
    const sellerOf = new Map<string, string>();
    for (const creator of CREATORS) for (const story of creator.stories) if (!sellerOf.has(story)) sellerOf.set(story, creator.id);
    await insertProduct(
      trx,
      PRODUCTS.map((p) => ({
        ...p,
        ...(p.category === "clothing" ? { sizes: sampleSizes(p.stock) } : {}),
        created_at,
        creator_id: p.story_id ? (sellerOf.get(p.story_id) ?? null) : null,
        ...(p.id === SAMPLE_DROP.productId ? { drops_at: sampleDropTime(new Date(created_at)), limit_per_buyer: SAMPLE_DROP.limitPerBuyer } : {}),
      })),
    );
    if (options.sampleAccounts) {
      const { email, username, password, creatorId } = SAMPLE_CREATOR;
      const { user } = await insertUser(trx, { email, username, password, creator_id: creatorId, email_verified: true });
      await trx.db.updateTable("creator").set({ user_id: user.id }).where("id", "=", creatorId).execute();
      for (const staff of [SAMPLE_ADMIN, SAMPLE_CURATOR]) {
        const { email: staffEmail, username: staffName, password: staffPassword, role } = staff;
        await insertUser(trx, { email: staffEmail, username: staffName, password: staffPassword, role, email_verified: true });
      }
    }
  });
}
