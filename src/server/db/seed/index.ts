/** Fills an empty database with the sample content of content.ts. */
import type { Db } from "../client.js";
import { boolValue } from "../dialect.js";
import { creatorSearchText, productSearchText, storySearchText } from "../../search/search-text.js";
import { CREATORS, PRODUCTS, STORIES } from "./content.js";

export async function seedIfEmpty(database: Db): Promise<boolean> {
  const row = await database.db
    .selectFrom("story")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  if (Number(row.n) > 0) return false;
  await seed(database);
  return true;
}

export async function seed(database: Db): Promise<void> {
  // better-sqlite3 binds only numbers, strings, bigints, buffers and null: booleans go in as 1/0.
  const bool = (value: boolean) => boolValue(database.dialect, value);
  // One canonical ISO form (…T12:00:00.000Z) so text-sorted SQLite timestamps order correctly.
  const iso = (value: string) => new Date(value).toISOString();
  // types.ts declares created_at as required on insert (no Generated<>), so pass what the column default would give.
  const created_at = new Date().toISOString();

  await database.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("story")
      .values(
        STORIES.map((s) => ({
          id: s.id,
          title: s.title,
          description: s.description,
          city: s.city,
          date: s.date === null ? null : iso(s.date),
          image_url: s.image_url,
          search_text: storySearchText(s),
          created_at,
        })),
      )
      .execute();

    await trx
      .insertInto("product")
      .values(
        PRODUCTS.map((p) => ({
          id: p.id,
          kind: p.kind,
          category: p.category,
          title: p.title,
          description: p.description,
          price_cents: p.price_cents,
          stock: p.stock,
          limited_edition: bool(p.limited_edition),
          image_url: p.image_url,
          story_id: p.story_id,
          search_text: productSearchText(p),
          created_at,
        })),
      )
      .execute();

    await trx
      .insertInto("creator")
      .values(
        CREATORS.map((c) => ({
          id: c.id,
          first_name: c.first_name,
          last_name: c.last_name,
          email: c.email,
          bio: c.bio,
          city: c.city,
          state: c.state,
          instagram: c.instagram,
          website: c.website,
          image_url: c.image_url,
          approved: bool(c.approved),
          joined: iso(c.joined),
          user_id: null,
          search_text: creatorSearchText(c),
        })),
      )
      .execute();

    const disciplines = CREATORS.flatMap((c) => c.disciplines.map((discipline) => ({ creator_id: c.id, discipline })));
    if (disciplines.length) await trx.insertInto("creator_discipline").values(disciplines).execute();

    const links = CREATORS.flatMap((c) => c.stories.map((story_id) => ({ creator_id: c.id, story_id })));
    if (links.length) await trx.insertInto("creator_story").values(links).execute();
  });
}
