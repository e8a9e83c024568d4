/**
 * Creators directory latency (`npm run bench:creators`; `TEST_DB=postgres` for PostgreSQL at
 * TEST_PG_URL): does GET /api/creators stay flat from the 16 sample creators to 1,000 and 10,000?
 *
 * In-process, no socket: each scenario is requested through app.request() 30 times to warm up,
 * then 200 times one after another; the table shows the median and 95th percentile in ms and the
 * ratio of the median to the median at 1,000 creators (the first size with full pages). About two
 * minutes.
 * The synthetic creators are described in bench/creators-data.ts.
 */
import { sql } from "kysely";
import { createTestApp, TEST_DB } from "../src/server/test/harness.js";
import { addCreators } from "./creators-data.js";
import { createFigures, machineLines } from "./report.js";
import { onCleanUp, runBench } from "./run.js";

const SIZES = [1_000, 10_000];
const WARMUP = 30;
const RUNS = 200;
const WATCHDOG_MS = 30 * 60_000;
const figures = createFigures(`creators-${TEST_DB}`);

const SCENARIOS: [string, string][] = [
  ["first page", "/api/creators?limit=24"],
  ["page 10 (cursor)", "CURSOR"],
  ["discipline=music", "/api/creators?discipline=music&limit=24"],
  ["discipline=film (~1%)", "/api/creators?discipline=film&limit=24"],
  ["city=Chicago", "/api/creators?city=Chicago&limit=24"],
  ["story=marquee-letters", "/api/creators?story=story-marquee-letters&limit=24"],
  ["music + Chicago", "/api/creators?discipline=music&city=Chicago&limit=24"],
  ["q=quartz (~1%)", "/api/creators?q=quartz&limit=24"],
  ["q=zzqqx (no match)", "/api/creators?q=zzqqx&limit=24"],
  ["facets", "/api/creators/facets"],
];

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const fmt = (n: number, digits = 2) => n.toFixed(digits);

async function main() {
  console.log(machineLines(`bench:creators (${TEST_DB})`, figures).join("\n"));
  const t = await createTestApp({ SEED_ON_START: "true", LOG_LEVEL: "silent" });
  // Its scratch database (a PostgreSQL one with TEST_DB=postgres) goes however the run ends.
  const close = onCleanUp(() => t.close());
  try {
    const medians = new Map<string, number[]>();
    const rows: string[][] = [];
    let generated = 0;
    for (const size of [16, ...SIZES]) {
      if (size > 16) {
        const started = performance.now();
        await addCreators(t.database, generated, size - 16);
        generated = size - 16;
        // Statistics and visibility map as autovacuum would leave them on a live PostgreSQL.
        if (t.database.dialect === "postgres") await sql`vacuum analyze`.execute(t.database.db);
        console.log(`${size.toLocaleString("en-US")} creators seeded in ${fmt(performance.now() - started, 0)} ms`);
      }
      // The cursor of page 10 at this size (or the last page when there are fewer).
      let cursor: string | null = null;
      for (let i = 0; i < 9; i++) {
        const page = (await (await t.request(`/api/creators?limit=24${cursor ? `&cursor=${cursor}` : ""}`)).json()) as {
          next_cursor: string | null;
        };
        if (!page.next_cursor) break;
        cursor = page.next_cursor;
      }
      for (const [label, template] of SCENARIOS) {
        const path = template === "CURSOR" ? `/api/creators?limit=24${cursor ? `&cursor=${cursor}` : ""}` : template;
        const first = await t.request(path);
        if (first.status !== 200) throw new Error(`${path} answered ${first.status}: ${await first.text()}`);
        const body = (await first.json()) as { items?: unknown[]; total?: number | null };
        for (let i = 0; i < WARMUP; i++) await (await t.request(path)).arrayBuffer();
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const started = performance.now();
          await (await t.request(path)).arrayBuffer();
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        const median = quantile(times, 0.5);
        const list = medians.get(label) ?? [];
        list.push(median);
        medians.set(label, list);
        rows.push([
          label,
          size.toLocaleString("en-US"),
          String(body.items?.length ?? "-"),
          String(body.total ?? "-"),
          fmt(median),
          fmt(quantile(times, 0.95)),
          list.length > 1 ? fmt(median / list[1]!) : "",
        ]);
        const row = `${label} @ ${size.toLocaleString("en-US")} creators`;
        figures.add(`${row} median ms`, median, { unit: "ms", better: "lower" });
        figures.add(`${row} p95 ms`, quantile(times, 0.95), { unit: "ms", better: "lower" });
        if (list.length > 2) figures.add(`${row} median x 1,000`, median / list[1]!, { unit: "x", better: "lower" });
      }
    }
    const header = ["scenario", "creators", "items", "total", "median ms", "p95 ms", "x 1,000"];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
    const sorted = [...rows].sort((a, b) => SCENARIOS.findIndex((s) => s[0] === a[0]) - SCENARIOS.findIndex((s) => s[0] === b[0]));
    console.log(`\nGET /api/creators on ${TEST_DB}, in process (app.request), ${RUNS} sequential requests each\n`);
    console.log([line(header), widths.map((w) => "-".repeat(w)).join("  "), ...sorted.map(line)].join("\n"));
    await figures.write();
  } finally {
    await close();
  }
}

runBench("bench:creators", main, { watchdogMs: WATCHDOG_MS });
