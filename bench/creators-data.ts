/**
 * Synthetic creators for bench/creators.bench.ts, deterministic: 1-3 disciplines each (film on
 * about 1% of them, the rare case), a random city of a random state, a third featured in 1-3
 * sample stories, and the word "quartz" in about 1% of bios.
 */
import type { Insertable } from "kysely";
import { ART_DISCIPLINES } from "../src/common/creator-schemas.js";
import { US_STATES } from "../src/common/us-states.js";
import type { Db } from "../src/server/db/client.js";
import { boolValue } from "../src/server/db/dialect.js";
import { STORIES } from "../src/server/db/seed/content.js";
import type { CreatorTable } from "../src/server/db/types.js";
import { creatorSearchText } from "../src/server/search/search-text.js";

/** mulberry32: small, fast and deterministic. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)]!;

const FIRST = ["Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ira", "Jo", "Kai", "Lu", "Mo", "Nia", "Oz", "Pia"];
const LAST = ["Adams", "Brook", "Cruz", "Diaz", "Ekwueme", "Fox", "Gray", "Hill", "Ito", "Jones", "Kim", "Lee", "Moss", "Novak"];
const WORDS = ["ink", "thread", "garage", "rooftop", "market", "studio", "echo", "cotton", "vinyl", "paint", "river", "porch"];
const COMMON = ART_DISCIPLINES.filter((d) => d !== "film");
const BASE_TIME = Date.UTC(2021, 0, 1);

/** Inserts synthetic creators number `from` to `to - 1`: the same numbers always give the same rows. */
export async function addCreators(database: Db, from: number, to: number) {
  const approved = boolValue(database.dialect, true);
  const BATCH = 500;
  await database.db.transaction().execute(async (trx) => {
    for (let n = from; n < to; n += BATCH) {
      const creators: Insertable<CreatorTable>[] = [];
      const disciplines: { creator_id: string; discipline: string }[] = [];
      const stories: { creator_id: string; story_id: string }[] = [];
      for (let i = n; i < Math.min(n + BATCH, to); i++) {
        const next = random(9_000_001 + i);
        const id = `bench_creator_${String(i).padStart(6, "0")}`;
        const state = pick(next, US_STATES);
        const words = Array.from({ length: 20 }, () => pick(next, WORDS));
        if (next() < 0.01) words.splice(5, 0, "Quartz");
        const named = { first_name: pick(next, FIRST), last_name: pick(next, LAST) };
        const bio = words.join(" ");
        const city = pick(next, state.cities);
        creators.push({
          id,
          ...named,
          email: `${id}@example.com`,
          bio,
          city,
          search_text: creatorSearchText({ ...named, bio, city }),
          state: state.code,
          instagram: "",
          website: "",
          image_url: "",
          approved,
          joined: new Date(BASE_TIME + i * 3_600_000).toISOString(),
          user_id: null,
        });
        const own = new Set<string>();
        if (next() < 0.01) own.add("film");
        const count = 1 + Math.floor(next() * 3);
        while (own.size < count) own.add(pick(next, COMMON));
        for (const discipline of own) disciplines.push({ creator_id: id, discipline });
        if (next() < 0.33) {
          const featured = new Set<string>();
          const k = 1 + Math.floor(next() * 3);
          while (featured.size < k) featured.add(pick(next, STORIES).id);
          for (const story_id of featured) stories.push({ creator_id: id, story_id });
        }
      }
      await trx.insertInto("creator").values(creators).execute();
      await trx.insertInto("creator_discipline").values(disciplines).execute();
      if (stories.length) await trx.insertInto("creator_story").values(stories).execute();
    }
  });
}
