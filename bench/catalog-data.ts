/**
 * Synthetic catalogue for the benchmarks: deterministic stories and products with a realistic mix
 * of kinds, categories and stories, and words chosen so that SEARCH_TERM occurs in about 1% of
 * products (in the title or the description, never in the word lists otherwise). The stories of
 * generateStories have no page (no body), as the sample ones; those of generateCreatorStories are
 * creators' published stories with a page, for the creator page and the follow feed at scale
 * (bench/scale-data.ts).
 */
import type { Db } from "../src/server/db/client.js";
import {
  insertProduct,
  insertStory,
  withTransaction,
  type ProductOverrides,
  type StoryOverrides,
} from "../src/server/db/seed/factories.js";
import type { ProductCategory, ProductKind } from "../src/server/db/types.js";
import { seededRandom as random } from "../src/common/seeded-random.js";

export const SEARCH_TERM = "quartz";
/** Share of products whose title or description contains SEARCH_TERM. */
export const SEARCH_SHARE = 0.01;

const ADJECTIVES = [
  "Velvet", "Midnight", "Salvaged", "Hand-stitched", "Neon", "Faded", "Riso", "Tiny", "Loud", "Borrowed",
  "Rusty", "Golden", "Paper", "Wobbly", "Dusty", "Electric", "Hushed", "Crooked", "Sunlit", "Lucky",
];
const NOUNS = [
  "Tee", "Print", "Lantern", "Mug", "Tape", "Zine", "Poster", "Hoodie", "Cap", "Tote", "Tile", "Weaving",
  "Record", "Sketch", "Card", "Patch", "Film", "Jacket", "Bowl", "Sticker",
];
const WORDS = [
  "ink", "thread", "garage", "rooftop", "market", "harbor", "bakery", "studio", "neighbors", "echo",
  "cotton", "enamel", "cassette", "vinyl", "letterpress", "summer", "winter", "lantern", "corner", "choir",
  "stitch", "signal", "static", "brass", "paint", "canvas", "river", "alley", "porch", "window",
  "signed", "numbered", "printed", "woven", "folded", "glazed", "recorded", "pressed", "rescued", "borrowed",
  "by", "hand", "in", "one", "take", "with", "a", "the", "and", "of",
];


const CITIES = ["Chicago", "Austin", "Detroit", "Oakland", "Miami", "Denver"];

const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
const BASE_TIME = Date.UTC(2020, 0, 1);


/** The stories' fields; the factories add search_text. */
export function generateStories(count: number): (StoryOverrides & { id: string })[] {
  const next = random(7);
  return Array.from({ length: count }, (_, i) => {
    const title = `${pick(next, ADJECTIVES)} ${pick(next, WORDS)} ${pick(next, WORDS)}`;
    const description = Array.from({ length: 20 }, () => pick(next, WORDS)).join(" ");
    return {
      id: `bench-story-${String(i).padStart(4, "0")}`,
      title,
      description,
      city: pick(next, CITIES),
      date: i % 25 === 0 ? null : new Date(BASE_TIME + i * 86_400_000).toISOString(),
      image_url: null,
      created_at: new Date(BASE_TIME).toISOString(),
    };
  });
}


/**
 * Creators' stories number `from` to `to - 1`, published, each with a short page of its own, the
 * author of number n being `creatorOf(n)`: the same numbers always give the same rows. One a
 * minute from BASE_TIME, as the products, so the newest carry the highest numbers.
 */
export function generateCreatorStories(from: number, to: number, creatorOf: (n: number) => string): (StoryOverrides & { id: string })[] {
  const rows: (StoryOverrides & { id: string })[] = [];
  for (let n = from; n < to; n++) {
    const next = random(3_000_017 + n);
    const at = new Date(BASE_TIME + n * 60_000).toISOString();
    rows.push({
      id: `bench-cs-${String(n).padStart(7, "0")}`,
      title: `${pick(next, ADJECTIVES)} ${pick(next, WORDS)} ${pick(next, WORDS)}`,
      // Short: a million of them must be written, and searched, in minutes (bench/scale-data.ts).
      description: Array.from({ length: 12 }, () => pick(next, WORDS)).join(" "),
      body: `${Array.from({ length: 24 }, () => pick(next, WORDS)).join(" ")}.`,
      city: pick(next, CITIES),
      date: n % 25 === 0 ? null : at,
      image_url: null,
      creator_id: creatorOf(n),
      created_at: at,
    });
  }
  return rows;
}

/**
 * Products number `from` to `to - 1`: the same numbers always give the same rows (the factories
 * add search_text). Sold by `creatorOf(n)` when given, by no creator otherwise.
 */
export function generateProducts(from: number, to: number, storyIds: string[], creatorOf?: (n: number) => string): ProductOverrides[] {
  const rows: ProductOverrides[] = [];
  for (let n = from; n < to; n++) {
    const next = random(1_000_003 + n);
    const merch = next() < 0.4;
    const kind: ProductKind = merch ? "merch" : "artifact";
    const roll = next();
    const category: ProductCategory = merch
      ? "clothing"
      : roll < 0.5
        ? "art"
        : roll < 0.7
          ? "music"
          : roll < 0.85
            ? "video"
            : "other";
    let title = `${pick(next, ADJECTIVES)} ${pick(next, WORDS)} ${pick(next, NOUNS)}`;
    const words = Array.from({ length: 14 + Math.floor(next() * 10) }, () => pick(next, WORDS));
    if (next() < SEARCH_SHARE) {
      // Mixed case on purpose: the search is case-insensitive.
      if (next() < 0.5) title = `${title} (Quartz edition)`;
      else words.splice(Math.floor(next() * words.length), 0, "QUARTZ");
    }
    const limited = next() < 0.2;
    const description = `${words.join(" ")}.`;
    rows.push({
      id: `bench-${String(n).padStart(7, "0")}`,
      kind,
      category,
      title,
      description,
      price_cents: 500 + Math.floor(next() * 295) * 100,
      stock: next() < 0.05 ? 0 : 1 + Math.floor(next() * 99),
      limited_edition: limited,
      image_url: next() < 0.8 ? `/media/products/bench-${n % 50}.svg` : null,
      story_id: next() < 0.7 ? pick(next, storyIds) : null,
      // One minute apart: the newest products carry the highest numbers.
      created_at: new Date(BASE_TIME + n * 60_000).toISOString(),
      creator_id: creatorOf?.(n) ?? null,
    });
  }
  return rows;
}

/**
 * Inserts the stories and the products numbered `from` to `to - 1` in one transaction, generating
 * the products a batch at a time so that 100,000 of them never sit in memory at once.
 */
export async function insertCatalog(
  database: Db,
  stories: StoryOverrides[],
  products: { from: number; to: number; storyIds: string[] },
): Promise<void> {
  const BATCH = 5_000;
  await withTransaction(database, async (trx) => {
    await insertStory(trx, stories);
    for (let n = products.from; n < products.to; n += BATCH) {
      await insertProduct(trx, generateProducts(n, Math.min(n + BATCH, products.to), products.storyIds));
    }
  });
}
