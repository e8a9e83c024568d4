/**
 * The API bench's database at a size (bench/api.bench.ts, BENCH_SIZES): what a size holds, who
 * made each row, and how the rows are written fast enough for a million of each.
 *
 * A size is its number of products. It holds max(1,000, products / 10) creators and as many
 * stories as products, the sample content included: 1,000 products → 1,000 creators and 1,000
 * stories; 100,000 → 10,000 and 100,000; 1,000,000 → 100,000 and 1,000,000. Besides the sample
 * stories, LINKED_STORIES stories without a page carry the products' story links (the store's story
 * filter); every other story is a creator's, published, with a page.
 *
 * Every bench product and creator's story is by a creator. One in PAGE_CREATOR_EVERY is by the
 * creator of the creator page row, so that page lists its full 60 stories and 60 products at every
 * size while the rows behind it grow with the size (93 stories and 98 products at 1,000 products;
 * 100,000 of each at 1,000,000). One in FOLLOWED_EVERY is by one of the FOLLOWED_IDS in turn, the
 * creators the feed row's member follows: each holds one in 1,000 of the products and of the
 * stories (1, 100 and 1,000 of each at the three sizes above). The rest go to a creator drawn
 * among those that every size holding the row also holds, so a growth step never points at a
 * creator not yet written.
 *
 * Rows are built by the app's factories (search_text, booleans and timestamps as the app writes
 * them) and written through better-sqlite3 on a connection of its own, in one transaction per
 * growth step: prepared INSERTs of ROWS_PER_STATEMENT rows each, a chunk of rows at a time
 * (parents before children, so every foreign key is checked as the row is written), yielding to
 * the event loop between chunks so that the watchdog and Ctrl-C are still heard. Meanwhile the
 * big tables' indexes and search triggers are set aside and rebuilt at the end
 * (withDeferredIndexes): a million products and a million stories in about 2-3 minutes on two
 * shared cores, against about 6 row by row with them in place.
 */
import type SQLite from "better-sqlite3";
import { openSqlite } from "../src/server/db/client.js";
import { CREATORS, PRODUCTS, STORIES } from "../src/server/db/seed/content.js";
import { buildCreator, buildProduct, buildStory } from "../src/server/db/seed/factories.js";
import { generateCreatorStories, generateProducts, generateStories } from "./catalog-data.js";
import { benchCreatorId, generateCreators } from "./creators-data.js";
import { seededRandom as random } from "../src/common/seeded-random.js";

export interface Size {
  products: number;
  creators: number;
  stories: number;
}

export function sizeOf(products: number): Size {
  return { products, creators: Math.max(1_000, Math.floor(products / 10)), stories: products };
}

/** Bench rows written so far, each kind numbered from 0 (the sample content comes on top). */
export interface Grown {
  products: number;
  creators: number;
  stories: number;
}

export const NOTHING_GROWN: Grown = { products: 0, creators: 0, stories: 0 };

/** Stories without a page that products link to, written with the first size. */
const LINKED_STORIES = 50;
/** The creator page row's creator. */
export const PAGE_CREATOR_ID = benchCreatorId(0);
const PAGE_CREATOR_EVERY = 10;
/** The creators the bench member follows, the bench creators numbered 1 to 20. */
export const FOLLOWED_IDS = Array.from({ length: 20 }, (_, i) => benchCreatorId(1 + i));
const FOLLOWED_EVERY = 50;

const ROWS_PER_STATEMENT = 200;
const CHUNK = 1_000;
/** The build connection's page cache (KiB): room for the transaction's pages and the index sorts. */
const CACHE_KIB = 1024 * 1024;

/**
 * The creator of bench row `n` of a kind (`seed` tells the kinds apart). Row n exists only at a
 * size of more than n + 1 products, which holds at least max(1,000, (n + 1) / 10) creators, the
 * sample ones included: the draw stays among those.
 */
function attribution(seed: number): (n: number) => string {
  const named = 1 + FOLLOWED_IDS.length;
  return (n) => {
    if (n % PAGE_CREATOR_EVERY === 0) return PAGE_CREATOR_ID;
    // 5, 55, 105…: never a multiple of PAGE_CREATOR_EVERY, so the two never claim the same row.
    if (n % FOLLOWED_EVERY === 5) return FOLLOWED_IDS[Math.floor(n / FOLLOWED_EVERY) % FOLLOWED_IDS.length]!;
    const pool = Math.max(1_000, Math.floor((n + 1) / 10)) - CREATORS.length - named;
    return benchCreatorId(named + Math.floor(random(seed + n)() * pool));
  };
}
const storyCreator = attribution(5_000_011);
const productCreator = attribution(7_000_003);

type Value = string | number | null;

/** Writes rows of any table, ROWS_PER_STATEMENT to a prepared INSERT; the remainder in one of its own. */
function tableWriter(handle: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  const statement = (table: string, columns: string[], rows: number) => {
    const key = `${table}:${rows}`;
    let prepared = statements.get(key);
    if (!prepared) {
      const tuple = `(${columns.map(() => "?").join(", ")})`;
      const names = columns.map((c) => `"${c}"`).join(", ");
      prepared = handle.prepare(`insert into "${table}" (${names}) values ${Array.from({ length: rows }, () => tuple).join(", ")}`);
      statements.set(key, prepared);
    }
    return prepared;
  };
  return <T extends object>(table: string, rows: readonly T[]) => {
    if (rows.length === 0) return;
    const columns = Object.keys(rows[0]!);
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      const slice = rows.slice(i, i + ROWS_PER_STATEMENT);
      const values: Value[] = [];
      for (const row of slice) for (const column of columns) values.push((row as Record<string, Value>)[column]!);
      statement(table, columns, slice.length).run(values);
    }
  };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Calls `write(from, to)` a chunk at a time from `from` to `to`, yielding between chunks. */
async function inChunks(from: number, to: number, write: (from: number, to: number) => void) {
  for (let n = from; n < to; n += CHUNK) {
    write(n, Math.min(n + CHUNK, to));
    await nextTurn();
  }
}

/** Tables whose rows come by the hundred thousand, each with a trigram search table filled by a trigger (migration 0005). */
const BULK_TABLES = ["creator", "story", "product"] as const;
/** FTS5's buffer of pending terms while a search table is filled (fts5_config.c "hashsize"; 1 MiB by default). */
const FTS_BUFFER_BYTES = 64 * 1024 * 1024;
const FTS_DEFAULT_BUFFER_BYTES = 1024 * 1024;

/**
 * Runs `load` with the bulk tables' secondary indexes and search-insert triggers dropped, then
 * fills the search tables from the new rows, as the triggers would have, and creates the indexes
 * and triggers again from the very SQL sqlite_master held: all inside the caller's transaction,
 * so a failure leaves the schema as it was. Row by row, each trigger's insert makes FTS5 write
 * out its pending terms at the end of every statement, a small segment each to be merged later;
 * filled in one statement per table, with a larger buffer, it writes a few large ones. An index
 * built once by sorting costs less than one kept up row by row.
 */
async function withDeferredIndexes(handle: SQLite.Database, load: () => Promise<void>) {
  const tables = BULK_TABLES.map((t) => `'${t}'`).join(", ");
  const deferred = handle
    .prepare(`select type, name, sql from sqlite_master where tbl_name in (${tables}) and sql is not null and (type = 'index' or name = tbl_name || '_search_insert')`)
    .all() as { type: "index" | "trigger"; name: string; sql: string }[];
  const lastRowid = new Map(BULK_TABLES.map((t) => [t, (handle.prepare(`select coalesce(max(rowid), 0) from "${t}"`).pluck().get() as number)]));
  for (const { type, name } of deferred) handle.exec(`drop ${type} "${name}"`);
  await load();
  for (const table of BULK_TABLES) {
    const search = `"${table}_search"`;
    const buffer = (handle.prepare(`select v from "${table}_search_config" where k = 'hashsize'`).pluck().get() as number | undefined) ?? FTS_DEFAULT_BUFFER_BYTES;
    // A BigInt: FTS5 takes an integer only, and better-sqlite3 binds a number as REAL.
    const setBuffer = handle.prepare(`insert into ${search} (${search}, rank) values ('hashsize', ?)`);
    setBuffer.run(BigInt(FTS_BUFFER_BYTES));
    handle.prepare(`insert into ${search} (id, search_text) select id, search_text from "${table}" where rowid > ?`).run(lastRowid.get(table));
    setBuffer.run(BigInt(buffer));
  }
  for (const { sql } of deferred) handle.exec(sql);
}

/**
 * Grows the database at `path` (migrated and seeded) from `done` to `size`, in one transaction,
 * and returns what it then holds. Creators first, then stories, then products: each row's
 * creator and stories are written before it.
 */
export async function growTo(path: string, size: Size, done: Grown): Promise<Grown> {
  const to: Grown = {
    creators: size.creators - CREATORS.length,
    stories: size.stories - STORIES.length - LINKED_STORIES,
    products: size.products - PRODUCTS.length,
  };
  const linkedStories = generateStories(LINKED_STORIES);
  const storyIds = [...STORIES.map((s) => s.id), ...linkedStories.map((s) => s.id)];
  const handle = openSqlite(path);
  try {
    // A scratch database that every run builds anew: a crash costs the run, not data.
    handle.pragma("synchronous = OFF");
    handle.pragma(`cache_size = -${CACHE_KIB}`);
    handle.exec("begin immediate");
    const write = tableWriter(handle);
    await withDeferredIndexes(handle, async () => {
      await inChunks(done.creators, to.creators, (from, until) => {
        const rows = generateCreators(from, until).map((c) => buildCreator("sqlite", c));
        write("creator", rows.map((r) => r.creator));
        write("creator_discipline", rows.flatMap((r) => r.disciplines));
        write("creator_story", rows.flatMap((r) => r.stories));
      });
      if (done.stories === 0) write("story", linkedStories.map((s) => buildStory("sqlite", s)));
      await inChunks(done.stories, to.stories, (from, until) => {
        write("story", generateCreatorStories(from, until, storyCreator).map((s) => buildStory("sqlite", s)));
      });
      await inChunks(done.products, to.products, (from, until) => {
        const rows = generateProducts(from, until, storyIds, productCreator).map((p) => buildProduct("sqlite", p));
        write("product", rows.map(({ variants: _variants, stories: _stories, ...row }) => row));
        write("product_variant", rows.flatMap((r) => r.variants));
        write("product_story", rows.flatMap((r) => r.stories));
      });
    });
    handle.exec("commit");
    return to;
  } finally {
    if (handle.inTransaction) handle.exec("rollback");
    handle.close();
  }
}
