/** Fills an empty database with the sample content of content.ts. */
import type { Db } from "../client.js";

export async function seedIfEmpty(database: Db): Promise<boolean> {
  const row = await database.db
    .selectFrom("story")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  if (Number(row.n) > 0) return false;
  await seed(database);
  return true;
}

export async function seed(_database: Db): Promise<void> {
  // Sample content arrives with content.ts.
}
