/**
 * Public list latency without the response cache (`npm run bench:lists`; `TEST_DB=postgres` for
 * PostgreSQL at TEST_PG_URL): what a read costs the database when its cached answer was just
 * invalidated, at 1,000 products and 1,000 creators and at 100,000 products and 10,000 creators.
 * `npm run bench` measures the same reads warm (cache hits); this one measures the queries behind
 * them, which the curation conditions (not hidden, not suspended, featured first) run in.
 *
 * In process, no socket: every request carries a parameter of its own (`_=n`, which the routes
 * ignore), so none is a cache hit. Each read runs 30 times to warm up, then 200 times one after
 * another; the table shows the median and 95th percentile in ms and the median's ratio between the
 * sizes. A few rows are curated as a live site's would be: 5 featured of each kind, 1% of stories,
 * products and creators hidden, 1% of creators suspended. About two minutes.
 */
import { sql } from "kysely";
import { CREATORS, PRODUCTS, STORIES } from "../src/server/db/seed/content.js";
import { createTestApp, TEST_DB } from "../src/server/test/harness.js";
import { SEARCH_TERM, generateStories, insertCatalog } from "./catalog-data.js";
import { addCreators } from "./creators-data.js";
import { createFigures, machineLines } from "./report.js";
import { onCleanUp, runBench } from "./run.js";

const SIZES = [
  { products: 1_000, creators: 1_000 },
  { products: 100_000, creators: 10_000 },
] as const;
const WARMUP = 30;
const RUNS = 200;
const WATCHDOG_MS = 30 * 60_000;
const figures = createFigures(`lists-${TEST_DB}`);

const SCENARIOS: [label: string, path: string][] = [
  ["store first page", "/api/products?kind=artifact&limit=24"],
  ["tee carousel", "/api/products?kind=merch&category=clothing&limit=12"],
  ["store search", `/api/products?kind=artifact&q=${SEARCH_TERM}&limit=24`],
  ["store facets", "/api/products/facets?kind=artifact"],
  ["one product", "/api/products/PRODUCT"],
  ["stories first page", "/api/stories?limit=24"],
  ["directory first page", "/api/creators?limit=24"],
  ["directory music", "/api/creators?discipline=music&limit=24"],
  ["directory facets", "/api/creators/facets"],
  ["creator page", "/api/creators/CREATOR/page"],
  ["site search", `/api/search?q=${SEARCH_TERM}`],
];

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const fmt = (n: number, digits = 2) => n.toFixed(digits);

/** Curation as a live site has it: a few featured, one in a hundred hidden or suspended (by id, so every run marks the same rows). */
async function curate(t: Awaited<ReturnType<typeof createTestApp>>) {
  const { db } = t.database;
  const stamp = new Date().toISOString();
  for (const table of ["story", "product", "creator"] as const) {
    await db.updateTable(table).set({ featured_rank: null, hidden_at: null }).execute();
    const ids = (await db.selectFrom(table).select("id").orderBy("id").execute()).map((r) => r.id);
    const featured = ids.filter((_, i) => i % Math.max(1, Math.floor(ids.length / 5)) === 3).slice(0, 5);
    for (const [i, id] of featured.entries()) await db.updateTable(table).set({ featured_rank: i + 1 }).where("id", "=", id).execute();
    const hidden = ids.filter((_, i) => i % 100 === 7);
    for (let i = 0; i < hidden.length; i += 500) await db.updateTable(table).set({ hidden_at: stamp }).where("id", "in", hidden.slice(i, i + 500)).execute();
  }
  const creators = (await db.selectFrom("creator").select("id").orderBy("id").execute()).map((r) => r.id);
  const suspended = creators.filter((_, i) => i % 100 === 11);
  await db.updateTable("creator").set({ suspended_at: null }).execute();
  for (let i = 0; i < suspended.length; i += 500) await db.updateTable("creator").set({ suspended_at: stamp }).where("id", "in", suspended.slice(i, i + 500)).execute();
}

async function main() {
  console.log(machineLines(`bench:lists (${TEST_DB})`, figures).join("\n"));
  const t = await createTestApp({ SEED_ON_START: "true", LOG_LEVEL: "silent" });
  // Its scratch database (a PostgreSQL one with TEST_DB=postgres) goes however the run ends.
  const close = onCleanUp(() => t.close());
  let unique = 0;
  try {
    const medians = new Map<string, number[]>();
    const rows: string[][] = [];
    const done = { products: 0, creators: 0 };
    for (const size of SIZES) {
      const started = performance.now();
      const storyIds = [...STORIES.map((s) => s.id), ...generateStories(50).map((s) => s.id)];
      const productsTo = size.products - PRODUCTS.length;
      await insertCatalog(t.database, done.products === 0 ? generateStories(50) : [], { from: done.products, to: productsTo, storyIds });
      const creatorsTo = size.creators - CREATORS.length;
      await addCreators(t.database, done.creators, creatorsTo);
      Object.assign(done, { products: productsTo, creators: creatorsTo });
      await curate(t);
      if (t.database.dialect === "postgres") await sql`vacuum analyze`.execute(t.database.db);
      console.log(`${size.products.toLocaleString("en-US")} products, ${size.creators.toLocaleString("en-US")} creators ready in ${fmt(performance.now() - started, 0)} ms`);
      const product = await t.database.db.selectFrom("product").select("id").where("hidden_at", "is", null).orderBy("created_at", "desc").executeTakeFirstOrThrow();
      const creator = CREATORS[0]!.id;
      const pathOf = (template: string) => template.replace("PRODUCT", product.id).replace("CREATOR", creator);
      const uncached = (path: string) => `${path}${path.includes("?") ? "&" : "?"}_=${++unique}`;
      // The first size also warms the process (JIT, statement cache) with a round of every read.
      if (rows.length === 0) for (const [, template] of SCENARIOS) for (let i = 0; i < RUNS; i++) await (await t.request(uncached(pathOf(template)))).arrayBuffer();
      for (const [label, template] of SCENARIOS) {
        const path = pathOf(template);
        const first = await t.request(uncached(path));
        if (first.status !== 200) throw new Error(`${path} answered ${first.status}: ${await first.text()}`);
        for (let i = 0; i < WARMUP; i++) await (await t.request(uncached(path))).arrayBuffer();
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const url = uncached(path);
          const begun = performance.now();
          await (await t.request(url)).arrayBuffer();
          times.push(performance.now() - begun);
        }
        times.sort((a, b) => a - b);
        const median = quantile(times, 0.5);
        const list = medians.get(label) ?? [];
        list.push(median);
        medians.set(label, list);
        rows.push([label, size.products.toLocaleString("en-US"), fmt(median), fmt(quantile(times, 0.95)), list.length > 1 ? fmt(median / list[0]!) : ""]);
        const row = `${label} @ ${size.products.toLocaleString("en-US")} products`;
        figures.add(`${row} median ms`, median, { unit: "ms", better: "lower" });
        figures.add(`${row} p95 ms`, quantile(times, 0.95), { unit: "ms", better: "lower" });
        if (list.length > 1) figures.add(`${row} median x smallest`, median / list[0]!, { unit: "x", better: "lower" });
      }
    }
    const header = ["read (uncached)", "products", "median ms", "p95 ms", "x smallest"];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
    const sorted = [...rows].sort((a, b) => SCENARIOS.findIndex((s) => s[0] === a[0]) - SCENARIOS.findIndex((s) => s[0] === b[0]));
    console.log(`\nPublic reads without the response cache on ${TEST_DB}, in process (app.request), ${RUNS} sequential requests each\n`);
    console.log([line(header), widths.map((w) => "-".repeat(w)).join("  "), ...sorted.map(line)].join("\n"));
    await figures.write();
  } finally {
    await close();
  }
}

runBench("bench:lists", main, { watchdogMs: WATCHDOG_MS });
