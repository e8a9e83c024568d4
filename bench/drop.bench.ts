/**
 * The moment a hyped drop opens (`npm run bench:drop`, issue 31, docs/decisions/0025): 500
 * signed-in buyers (sessions made before, by signing in over HTTP) try to buy the same 50 units
 * within the first second, each adding the product to their cart and placing an order, against
 * the real server (the bundle, spawned as the tests spawn it) on loopback. Public reads run beside
 * it all along, so their p99 during the rush is printed next to a quiet baseline of the same run.
 * On SQLite, and on PostgreSQL when it answers (TEST_PG_URL). The server logs at info: its
 * "listening" line is how the spawn helper learns its port.
 *
 * Prints, per database: units sold (must be exactly 50), oversold (0), 5xx answers (0), the
 * checkout answer's p50/p99, and the public reads' p99 quiet and during the rush with their ratio.
 * A benchmark, not a timed test: it fails (exit 1) only when the store oversold, sold less than it
 * had to a crowd that wanted more, or answered a 5xx. The servers and scratch databases go however
 * it ends (bench/run.ts; watchdog 30 min, BENCH_WATCHDOG_MIN).
 */
import { Agent } from "node:http";
import { createDb } from "../src/server/db/client.js";
import { createFigures, machineLines } from "./report.js";
import { onCleanUp, percentile, pgReachable, runBench } from "./run.js";
import { insertProduct, insertUser } from "../src/server/db/seed/factories.js";
import { http, scratchPgDatabase, startServer, type HttpResult } from "../src/server/test/process.js";

const BUYERS = Number(process.env.DROP_BUYERS ?? 500);
const UNITS = 50;
const ORIGIN = "http://localhost:3000";
const PASSWORD = "drop-bench-password";
const READERS = 4;
const QUIET_MS = 3_000;
const WATCHDOG_MS = 30 * 60_000;
const figures = createFigures("drop");
const ADDRESS = {
  email: "buyer@example.com",
  name: "Drop Buyer",
  address_line1: "1 Loop Street",
  address_line2: "",
  city: "Chicago",
  state: "IL",
  zip: "60601",
  phone: "+1 (555) 010-2000",
};

const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : "-");

/** Public reads in a closed loop until `stop()`, each timed and tagged with when it started. */
function readers(port: number, productId: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: READERS });
  const samples: { at: number; ms: number; status: number }[] = [];
  let running = true;
  const paths = ["/api/products?kind=artifact&limit=24", `/api/products/${productId}`];
  const loops = Array.from({ length: READERS }, async (_, n) => {
    for (let i = n; running; i++) {
      const at = performance.now();
      const res = await http(port, paths[i % paths.length]!, { agent }).catch(() => ({ status: 0 }) as HttpResult);
      samples.push({ at, ms: performance.now() - at, status: res.status });
    }
  });
  return {
    samples,
    async stop() {
      running = false;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

async function signIn(port: number, agent: Agent, email: string): Promise<string> {
  const res = await http(port, "/api/auth/sign-in/email", { origin: ORIGIN, json: { email, password: PASSWORD }, agent });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${res.body}`);
  const raw = res.headers["set-cookie"];
  const cookies = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return cookies.map((c: string) => c.split(";")[0]).join("; ");
}

/** One rush against a spawned server; `databaseUrl` null: SQLite in the server's own data directory. */
async function run(label: string, databaseUrl: string | null) {
  const server = startServer({ ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), PUBLIC_URL: ORIGIN, SEED_ON_START: "true" });
  const dispose = onCleanUp(() => server.dispose());
  try {
    const port = await server.listening;
    const database = createDb(databaseUrl ?? `file:${server.dataDir}/maybe.db`);
    const tag = `drop${Date.now().toString(36)}`;
    try {
      await insertUser(
        database,
        Array.from({ length: BUYERS }, (_, i) => ({ email: `${tag}-${i}@example.com`, username: `${tag}${i}`, password: PASSWORD, subscribed: true, email_verified: true })),
      );
      // Sessions first (a password check each), ten at a time: the rush itself is only buying.
      const agent = new Agent({ keepAlive: true, maxSockets: 10 });
      const cookies: string[] = [];
      for (let i = 0; i < BUYERS; i += 10) {
        cookies.push(...(await Promise.all(Array.from({ length: Math.min(10, BUYERS - i) }, (_, j) => signIn(port, agent, `${tag}-${i + j}@example.com`)))));
      }
      agent.destroy();

      const productId = `prod-${tag}`;
      const opensAt = Date.now() + QUIET_MS + 1_000;
      await insertProduct(database, {
        id: productId,
        kind: "artifact",
        category: "art",
        title: "Bench Drop Print",
        description: "Fifty prints for five hundred buyers.",
        price_cents: 5000,
        stock: UNITS,
        drops_at: new Date(opensAt).toISOString(),
      });
      const reads = readers(port, productId);
      await new Promise((resolve) => setTimeout(resolve, opensAt - Date.now()));

      // The rush: every buyer at once, each on its own connection, within the first second.
      const rushStart = performance.now();
      const buyAgent = new Agent({ keepAlive: true, maxSockets: Infinity });
      const outcomes = await Promise.all(
        cookies.map(async (cookie, i) => {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 1_000));
          const added = await http(port, "/api/me/cart/items", { cookie, origin: ORIGIN, json: { product_id: productId }, agent: buyAgent });
          if (added.status !== 200) return { added: added.status, placed: 0, ms: NaN };
          const started = performance.now();
          const placed = await http(port, "/api/orders", {
            method: "POST",
            cookie,
            origin: ORIGIN,
            json: { ...ADDRESS, email: `${tag}-${i}@example.com` },
            headers: { "idempotency-key": `${tag}-order-${i}` },
            agent: buyAgent,
          }).then((r) => r, () => ({ status: 0 }) as HttpResult);
          return { added: added.status, placed: placed.status, ms: performance.now() - started };
        }),
      );
      const rushEnd = performance.now();
      await reads.stop();
      buyAgent.destroy();

      const sold = await database.db
        .selectFrom("order_item")
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("quantity"), eb.lit(0)).as("n"))
        .where("product_id", "=", productId)
        .executeTakeFirstOrThrow();
      const stock = await database.db.selectFrom("product").select("stock").where("id", "=", productId).executeTakeFirstOrThrow();
      const unitsSold = Number(sold.n);
      const statuses = outcomes.flatMap((o) => [o.added, o.placed]);
      const fiveHundreds = statuses.filter((s) => s >= 500).length;
      const lost = outcomes.filter((o) => o.added === 0 || (o.added === 200 && o.placed === 0)).length;
      const checkout = outcomes.filter((o) => o.added === 200).map((o) => o.ms);
      const quiet = reads.samples.filter((s) => s.at < rushStart).map((s) => s.ms);
      const rush = reads.samples.filter((s) => s.at >= rushStart && s.at <= rushEnd).map((s) => s.ms);
      const readErrors = reads.samples.filter((s) => s.status !== 200).length;
      const count = (status: number) => outcomes.filter((o) => o.placed === status).length;
      console.log(`\n${label}: ${BUYERS} buyers, ${UNITS} units, opened at ${new Date(opensAt).toISOString()}`);
      console.log(`  units sold            ${unitsSold} (stock left ${stock.stock})`);
      console.log(`  oversold              ${Math.max(0, unitsSold - UNITS)}`);
      console.log(`  5xx answers           ${fiveHundreds}; connections lost ${lost}`);
      console.log(`  adds refused          ${outcomes.filter((o) => o.added !== 200).length} (409 sold out: ${outcomes.filter((o) => o.added === 409).length})`);
      console.log(`  orders                201: ${count(201)}, 409: ${count(409)}, other: ${outcomes.filter((o) => o.added === 200 && o.placed !== 201 && o.placed !== 409).length}`);
      console.log(`  checkout answer       p50 ${ms(percentile(checkout, 0.5))}, p99 ${ms(percentile(checkout, 0.99))} (${checkout.length} orders tried)`);
      console.log(`  rush                  ${((rushEnd - rushStart) / 1000).toFixed(2)} s from the opening to the last answer`);
      const q99 = percentile(quiet, 0.99);
      const r99 = percentile(rush, 0.99);
      console.log(`  public reads p99      quiet ${ms(q99)} (${quiet.length}), during the rush ${ms(r99)} (${rush.length}), ratio ${(r99 / q99).toFixed(1)}x; errors ${readErrors}`);
      const add = (key: string, value: number, unit: string, better: "higher" | "lower") => figures.add(`${label}, ${BUYERS} buyers: ${key}`, value, { unit, better });
      add("units sold", unitsSold, "units", "higher");
      add("oversold", Math.max(0, unitsSold - UNITS), "units", "lower");
      add("5xx answers", fiveHundreds, "answers", "lower");
      add("connections lost", lost, "connections", "lower");
      add("checkout p50 ms", percentile(checkout, 0.5), "ms", "lower");
      add("checkout p99 ms", percentile(checkout, 0.99), "ms", "lower");
      add("rush s", (rushEnd - rushStart) / 1000, "s", "lower");
      add("public reads p99 quiet ms", q99, "ms", "lower");
      add("public reads p99 during the rush ms", r99, "ms", "lower");
      add("public reads p99 rush / quiet", r99 / q99, "x", "lower");
      return { ok: unitsSold === UNITS && Number(stock.stock) === 0 && fiveHundreds === 0 && lost === 0 && readErrors === 0 };
    } finally {
      await database.close();
    }
  } finally {
    await dispose();
  }
}

async function main() {
  console.log(machineLines("bench:drop", figures).join("\n"));
  const results: boolean[] = [];
  results.push((await run("SQLite", null)).ok);
  if (await pgReachable()) {
    const database = await scratchPgDatabase();
    const drop = onCleanUp(() => database.drop());
    try {
      results.push((await run("PostgreSQL", database.url)).ok);
    } finally {
      await drop();
    }
  } else {
    console.log("\n*** SKIPPED: PostgreSQL (not reachable) ***");
  }
  if (results.some((ok) => !ok)) throw new Error("the drop oversold, undersold, lost a connection or answered a 5xx: see above");
  await figures.write();
}

runBench("bench:drop", main, { watchdogMs: WATCHDOG_MS });
