/**
 * Synthetic creators for the benchmarks (creators, lists, and the API bench through
 * bench/scale-data.ts), deterministic: 1-3 disciplines each (film on about 1% of them, the rare
 * case), a random city of a random state, a third featured in 1-3 sample stories, and the word
 * "quartz" in about 1% of bios.
 */
import { ART_DISCIPLINES } from "../src/common/creator-fields.js";
import { US_STATES } from "../src/common/us-states.js";
import type { Db } from "../src/server/db/client.js";
import { STORIES } from "../src/server/db/seed/content.js";
import { insertCreator, withTransaction, type CreatorOverrides } from "../src/server/db/seed/factories.js";
import { seededRandom as random } from "../src/common/seeded-random.js";

const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)]!;

const FIRST = ["Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ira", "Jo", "Kai", "Lu", "Mo", "Nia", "Oz", "Pia"];
const LAST = ["Adams", "Brook", "Cruz", "Diaz", "Ekwueme", "Fox", "Gray", "Hill", "Ito", "Jones", "Kim", "Lee", "Moss", "Novak"];
const WORDS = ["ink", "thread", "garage", "rooftop", "market", "studio", "echo", "cotton", "vinyl", "paint", "river", "porch"];
const COMMON = ART_DISCIPLINES.filter((d) => d !== "film");
const BASE_TIME = Date.UTC(2021, 0, 1);

/** The id of synthetic creator number `i`. */
export const benchCreatorId = (i: number) => `bench_creator_${String(i).padStart(6, "0")}`;

/** Creators number `from` to `to - 1` with their disciplines and stories: the same numbers always give the same rows. */
export function generateCreators(from: number, to: number): CreatorOverrides[] {
  const creators: CreatorOverrides[] = [];
  for (let i = from; i < to; i++) {
    const next = random(9_000_001 + i);
    const id = benchCreatorId(i);
    const state = pick(next, US_STATES);
    const words = Array.from({ length: 20 }, () => pick(next, WORDS));
    if (next() < 0.01) words.splice(5, 0, "Quartz");
    const first_name = pick(next, FIRST);
    const last_name = pick(next, LAST);
    const city = pick(next, state.cities);
    const disciplines = new Set<string>();
    if (next() < 0.01) disciplines.add("film");
    const count = 1 + Math.floor(next() * 3);
    while (disciplines.size < count) disciplines.add(pick(next, COMMON));
    const stories = new Set<string>();
    if (next() < 0.33) {
      const k = 1 + Math.floor(next() * 3);
      while (stories.size < k) stories.add(pick(next, STORIES).id);
    }
    creators.push({
      id,
      first_name,
      last_name,
      email: `${id}@example.com`,
      bio: words.join(" "),
      city,
      state: state.code,
      joined: new Date(BASE_TIME + i * 3_600_000).toISOString(),
      disciplines: [...disciplines],
      stories: [...stories],
    });
  }
  return creators;
}

/** Inserts synthetic creators number `from` to `to - 1`, a batch at a time, in one transaction. */
export async function addCreators(database: Db, from: number, to: number) {
  const BATCH = 5_000;
  await withTransaction(database, async (trx) => {
    for (let n = from; n < to; n += BATCH) await insertCreator(trx, generateCreators(n, Math.min(n + BATCH, to)));
  });
}
