/**
 * Load: 50 connections of mixed traffic (product, story and creator lists, search, cart changes,
 * checkouts) against a spawned server, then a soak at the same load while the server's resident
 * memory is sampled. Figures: requests, errors (anything but 2xx, apart from 409 out-of-stock),
 * p50/p99 latency against the 300 ms target, and RSS growth against the 50 MB target.
 */
import { describe, expect, it } from "vitest";
import { ADDRESS, call, orderHeaders, signUp } from "./lib/client.js";
import { openReader } from "./lib/db.js";
import { figure, length, n, POSTGRES } from "./lib/mode.js";
import { scratchDb, startServer, stopServer, type ServerProcess } from "./lib/server.js";

const CONNECTIONS = 50;
const LOAD_SECONDS = length(15, 60);
const SOAK_SECONDS = length(30, 300);
const P99_TARGET_MS = 300;
const RSS_TARGET_MB = 50;
const SEARCHES = ["print", "tee", "art", "zine", "poster", "new york", "x", "mug"];

interface Tally {
  requests: number;
  errors: string[];
  outOfStock: number;
  latencies: number[];
  /** Latencies by route (the path without its query or id), to say which part is slow. */
  byRoute: Map<string, number[]>;
}

const routeOf = (path: string) => path.split("?")[0]!.replace(/\/api\/products\/[^/]+$/, "/api/products/{id}");

/** One connection's loop: a visitor who browses, searches, fills a cart and checks out. */
async function visitor(base: string, cookie: string, products: string[], until: number, tally: Tally) {
  let step = 0;
  while (Date.now() < until) {
    const product = products[Math.floor(Math.random() * products.length)]!;
    const requests: [string, Parameters<typeof call>[2]][] = [
      ["/api/products?limit=24", {}],
      [`/api/search?q=${encodeURIComponent(SEARCHES[step % SEARCHES.length]!)}`, {}],
      ["/api/me/cart/items", { cookie, json: { product_id: product } }],
      ["/api/stories", {}],
      ["/api/creators?limit=24", {}],
      [`/api/products/${product}`, {}],
      ["/api/me/cart/items", { cookie, json: { product_id: products[(step + 3) % products.length] } }],
      ["/api/orders", { cookie, json: ADDRESS, headers: orderHeaders() }],
    ];
    const [path, init] = requests[step % requests.length]!;
    step += 1;
    const began = performance.now();
    try {
      const res = await call(base, path, init);
      const took = performance.now() - began;
      tally.latencies.push(took);
      const route = routeOf(path);
      if (!tally.byRoute.has(route)) tally.byRoute.set(route, []);
      tally.byRoute.get(route)!.push(took);
      tally.requests += 1;
      const code = (res.body as { error?: { code?: string } })?.error?.code;
      if (res.status === 409 && code === "OUT_OF_STOCK") tally.outOfStock += 1;
      else if (res.status < 200 || res.status >= 300) tally.errors.push(`${res.status} ${path} ${code ?? ""}`);
    } catch (error) {
      tally.errors.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function drive(server: ServerProcess, cookies: string[], products: string[], seconds: number): Promise<Tally> {
  const tally: Tally = { requests: 0, errors: [], outOfStock: 0, latencies: [], byRoute: new Map() };
  const until = Date.now() + seconds * 1000;
  await Promise.all(cookies.map((cookie) => visitor(server.base, cookie, products, until, tally)));
  return tally;
}

async function loadRun(dialect: "sqlite" | "postgres", soak: boolean) {
  const db = await scratchDb(dialect);
  let server: ServerProcess | undefined;
  try {
    server = await startServer(db, { LOG_LEVEL: "warn" });
    // Stock to spare, so a checkout fails only when it truly races another (an expected 409).
    const r = await openReader(db);
    await r.all("update product_variant set stock = 1000000");
    await r.all("update product set stock = 1000000 * (select count(*) from product_variant v where v.product_id = product.id)");
    // Products without sizes (added by id alone), on sale now.
    const products = (await r.all<{ id: string }>("select id from product where drops_at is null and category <> 'clothing' order by id limit 20")).map((p) => p.id);
    await r.close();
    // One account per connection, five sign-ups at a time (each hashes a password).
    const cookies: string[] = [];
    while (cookies.length < CONNECTIONS) {
      const batch = await Promise.all(Array.from({ length: 5 }, () => signUp(server!.base, "load")));
      cookies.push(...batch.map((made) => made.cookie));
    }

    const load = await drive(server, cookies, products, LOAD_SECONDS);
    const sorted = load.latencies.sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);
    figure(
      `load ${dialect}: ${CONNECTIONS} connections, mixed traffic ${LOAD_SECONDS} s, ${n(load.requests)} requests (${n(Math.round(load.requests / LOAD_SECONDS))}/s), ` +
        `${load.errors.length} errors, ${n(load.outOfStock)} expected 409 out-of-stock, p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms ` +
        `(target < ${P99_TARGET_MS} ms: ${p99 < P99_TARGET_MS ? "met" : "MISSED"})`,
    );
    figure(
      `load ${dialect} by route, p50/p99 ms: ` +
        [...load.byRoute]
          .map(([route, times]) => {
            const ordered = times.sort((a, b) => a - b);
            return `${route} ${percentile(ordered, 50).toFixed(0)}/${percentile(ordered, 99).toFixed(0)}`;
          })
          .join(", "),
    );
    expect(load.errors.slice(0, 10)).toEqual([]);

    if (soak) {
      const rssBefore = server.rss();
      // Sampled through the soak: V8 lets the old generation grow to a size it picks from the
      // allocation rate before it collects, so the first minutes of load raise RSS by tens of MB
      // that then stay level; a leak keeps climbing. The highest sample of each half tells them apart.
      const samples: number[] = [];
      const sampler = setInterval(() => samples.push(server!.rss()), 1_000);
      const soakTally = await drive(server, cookies, products, SOAK_SECONDS).finally(() => clearInterval(sampler));
      const rssAfter = server.rss();
      const mb = (bytes: number) => bytes / 2 ** 20;
      const growth = mb(rssAfter - rssBefore);
      const half = Math.floor(samples.length / 2);
      const secondHalfGrowth = mb(Math.max(...samples.slice(half)) - Math.max(...samples.slice(0, half)));
      figure(
        `soak ${dialect}: ${SOAK_SECONDS} s at ${CONNECTIONS} connections, ${n(soakTally.requests)} requests, ${soakTally.errors.length} errors, ` +
          `RSS ${mb(rssBefore).toFixed(0)} → ${mb(rssAfter).toFixed(0)} MB, growth ${growth.toFixed(1)} MB ` +
          `(target < ${RSS_TARGET_MB} MB: ${growth < RSS_TARGET_MB ? "met" : "MISSED"}); ` +
          `highest RSS of the second half against the first: ${secondHalfGrowth >= 0 ? "+" : ""}${secondHalfGrowth.toFixed(1)} MB (a leak keeps climbing)`,
      );
      expect(soakTally.errors.slice(0, 10)).toEqual([]);
    }
  } finally {
    if (server) await stopServer(server);
    await db.drop();
  }
}

describe("load and soak", () => {
  it(`SQLite: ${CONNECTIONS} connections for ${LOAD_SECONDS} s, then a ${SOAK_SECONDS} s soak`, () => loadRun("sqlite", true));

  // Defined only when PostgreSQL is there (see the runner); the soak runs on it in --full only.
  if (POSTGRES) it(`PostgreSQL: ${CONNECTIONS} connections for ${LOAD_SECONDS} s`, () => loadRun("postgres", length(false, true)));
});
