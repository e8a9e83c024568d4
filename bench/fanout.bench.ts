/**
 * A creator with many followers publishes (`npm run bench:fanout`, issue 32, docs/decisions/0030),
 * against the real server (the bundle, spawned as the tests spawn it) on loopback with a local
 * SMTP sink, on SQLite and on PostgreSQL when it answers (TEST_PG_URL).
 *
 * 1. The publish answer: PUBLISHES stories by a creator with FOLLOWERS followers and as many by
 *    one with none, interleaved, each answer timed; the big creator's followers are on `never` here,
 *    so the worker walks all of them for every story (the expansion runs beside the requests) but
 *    writes no e-mail. Printed: p50 and p99 of each, and their ratio (the target: < 100 ms, the same
 *    with 10,000 followers as with 0).
 * 2. Delivery: the followers switch to `instant` and the creator publishes once more; the time
 *    until all FOLLOWERS e-mails reached the sink. Halfway the server is killed with SIGKILL and
 *    started again on the same database; printed: e-mails lost (must be 0) and duplicates (at most
 *    the messages in flight at the kill: the worker sends one at a time, so 1).
 *
 * A benchmark, not a timed test: it fails (exit 1) only when an e-mail was lost or a publish
 * answered anything but 200. The servers, the SMTP sink, the scratch directories and databases go
 * however it ends (bench/run.ts; watchdog 90 min, BENCH_WATCHDOG_MIN).
 */
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "../src/server/db/client.js";
import { createDb } from "../src/server/db/client.js";
import { createFigures, machineLines } from "./report.js";
import { onCleanUp, percentile, pgReachable, runBench, scratchDir, track } from "./run.js";
import { buildUser, insertCreator, insertStory, insertUser } from "../src/server/db/seed/factories.js";
import { http, scratchPgDatabase, spawnEntryPoint } from "../src/server/test/process.js";
import { collectingSmtpServer } from "../src/server/test/smtp.js";
import type { AddressInfo } from "node:net";

const FOLLOWERS = Number(process.env.FANOUT_FOLLOWERS ?? 10_000);
const PUBLISHES = Number(process.env.FANOUT_PUBLISHES ?? 20);
const ORIGIN = "http://localhost:3000";
const PASSWORD = "fanout-bench-password";
const WATCHDOG_MS = 90 * 60_000;
const figures = createFigures("fanout");

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** The SMTP sink: e-mails received per recipient, for the messages whose text has `marker`. */
async function smtpSink() {
  const received = new Map<string, number>();
  let marker = "\u0000";
  let total = 0;
  const server = collectingSmtpServer((mail) => {
    if (!mail.raw.includes(marker)) return;
    total++;
    for (const to of mail.to) received.set(to, (received.get(to) ?? 0) + 1);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    total: () => total,
    /** Counts from now on only the messages that carry `text` (one story's title). */
    watch(text: string) {
      marker = text;
      received.clear();
      total = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The server on `dataDir` and `databaseUrl`; resolves with its port. Not test/process.ts's
 * startServer: that one looks for the port in everything printed so far on every line, and this
 * server prints a line per e-mail.
 */
function serve(env: Record<string, string>) {
  const server = spawnEntryPoint(env);
  track(server.child);
  const port = new Promise<number>((resolve, reject) => {
    const look = () => {
      const match = server.output().match(/"port":(\d+)/);
      if (!match) return;
      server.child.stdout!.off("data", look);
      resolve(Number(match[1]));
    };
    server.child.stdout!.on("data", look);
    void server.exited.then(() => reject(new Error(`the server exited early: ${server.output().slice(-2000)}`)));
  });
  port.catch(() => {});
  return { ...server, port };
}

/** A creator with an account that can sign in; returns the creator's id and the account's email. */
async function makeCreator(database: Db, tag: string, name: string) {
  const { creator } = await insertCreator(database, { id: `${tag}_${name.toLowerCase()}`, first_name: name, last_name: "Bench" });
  const { user } = await insertUser(database, { creator_id: creator.id, email: `${tag}-${name.toLowerCase()}@example.com`, username: `${tag}${name}`, password: PASSWORD, email_verified: true });
  await database.db.updateTable("creator").set({ user_id: user.id }).where("id", "=", creator.id).execute();
  return { creatorId: creator.id, email: user.email };
}

/** FOLLOWERS accounts following `creatorId`: one password hash, copied (they never sign in). */
async function makeFollowers(database: Db, tag: string, creatorId: string) {
  const { user } = await buildUser(database.dialect, { password: PASSWORD });
  const now = new Date().toISOString();
  for (let i = 0; i < FOLLOWERS; i += 500) {
    const users = Array.from({ length: Math.min(500, FOLLOWERS - i) }, (_, j) => {
      const n = i + j;
      return { ...user, id: `${tag}-fan-${String(n).padStart(6, "0")}`, email: `${tag}-fan-${n}@example.com`, name: `${tag}fan${n}`, username: `${tag}fan${n}`, follow_mail: "never" as const };
    });
    await database.db.insertInto("user").values(users).execute();
    await database.db
      .insertInto("follow")
      .values(users.map((u) => ({ user_id: u.id, creator_id: creatorId, created_at: now })))
      .execute();
  }
}

async function signIn(port: number, email: string): Promise<string> {
  const res = await http(port, "/api/auth/sign-in/email", { origin: ORIGIN, json: { email, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${res.body}`);
  const raw = res.headers["set-cookie"];
  const cookies = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return cookies.map((c: string) => c.split(";")[0]).join("; ");
}

async function draft(database: Db, creatorId: string, title: string): Promise<string> {
  const story = await insertStory(database, { id: `story-${randomUUID()}`, creator_id: creatorId, title, body: "A story for the benchmark.", status: "draft", date: null });
  return story.id;
}

async function publish(port: number, cookie: string, storyId: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await http(port, `/api/studio/stories/${storyId}/publish`, { cookie, origin: ORIGIN, json: { version: 1 } });
  return { status: res.status, ms: performance.now() - started };
}

async function until(check: () => boolean, what: string, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function untilAsync(check: () => Promise<boolean>, what: string, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function run(label: string, pgUrl: string | null, sink: Awaited<ReturnType<typeof smtpSink>>) {
  const dataDir = scratchDir("maybe-fanout-");
  const databaseUrl = pgUrl ?? `file:${join(dataDir, "maybe.db")}`;
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: ORIGIN,
    SEED_ON_START: "false",
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    MAIL_RATE_PER_SECOND: "10000",
    AUTH_SECRET: "fanout-bench-secret-fanout-bench-secret",
  };
  let server = serve(env);
  let database: Db | undefined;
  try {
    const port = await server.port;
    database = createDb(databaseUrl);
    const tag = `fan${Date.now().toString(36)}`;
    const big = await makeCreator(database, tag, "Many");
    const none = await makeCreator(database, tag, "None");
    const loadStart = performance.now();
    await makeFollowers(database, tag, big.creatorId);
    console.log(`\n${label}: ${FOLLOWERS} followers written in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);
    const [bigCookie, noneCookie] = [await signIn(port, big.email), await signIn(port, none.email)];

    // 1. The publish answer, interleaved, the worker expanding beside it.
    const times = { big: [] as number[], none: [] as number[] };
    let failed = 0;
    for (let i = 0; i < PUBLISHES; i++) {
      for (const [who, cookie, creatorId] of [["big", bigCookie, big.creatorId], ["none", noneCookie, none.creatorId]] as const) {
        const answer = await publish(port, cookie, await draft(database, creatorId, `Warm-up ${who} ${i}`));
        if (answer.status !== 200) failed++;
        times[who].push(answer.ms);
      }
    }
    const [b50, b99, n50, n99] = [percentile(times.big, 0.5), percentile(times.big, 0.99), percentile(times.none, 0.5), percentile(times.none, 0.99)];
    console.log(`  publish answer, ${FOLLOWERS} followers  p50 ${ms(b50)}, p99 ${ms(b99)} (${PUBLISHES} publishes)`);
    console.log(`  publish answer, 0 followers      p50 ${ms(n50)}, p99 ${ms(n99)}`);
    console.log(`  ratio (many / none)              p50 ${(b50 / n50).toFixed(2)}x, p99 ${(b99 / n99).toFixed(2)}x; answers other than 200: ${failed}`);
    const add = (key: string, value: number, unit: string, better: "higher" | "lower") => figures.add(`${label}, ${FOLLOWERS} followers: ${key}`, value, { unit, better });
    add("publish p50 ms", b50, "ms", "lower");
    add("publish p99 ms", b99, "ms", "lower");
    add("publish with 0 followers p50 ms", n50, "ms", "lower");
    add("publish with 0 followers p99 ms", n99, "ms", "lower");
    add("publish p50 many / none", b50 / n50, "x", "lower");
    add("publish p99 many / none", b99 / n99, "x", "lower");

    // The warm-up's announcements finish expanding first (to no one): switched on before that,
    // they would mail the followers too.
    const expandStart = performance.now();
    await untilAsync(async () => (await database!.db.selectFrom("announcement").select("id").where("done_at", "is", null).where("kind", "=", "story").execute()).length === 0, "the warm-up's announcements", 600_000);
    const expandedS = (performance.now() - expandStart) / 1000;
    console.log(`  warm-up announcements expanded   ${expandedS.toFixed(1)} s after the last answer (${PUBLISHES} x ${FOLLOWERS} followers walked)`);

    // 2. Delivery to every follower, the server killed halfway and started again.
    await database.db.updateTable("user").set({ follow_mail: "instant" }).where("id", "like", `${tag}-fan-%`).execute();
    const title = `Everyone hears of this ${tag}`;
    sink.watch(title);
    const deliverStart = performance.now();
    const answer = await publish(port, bigCookie, await draft(database, big.creatorId, title));
    if (answer.status !== 200) failed++;
    await until(() => sink.received.size >= FOLLOWERS / 2, "half the e-mails", 600_000);
    server.child.kill("SIGKILL");
    await server.exited;
    const atKill = sink.total();
    const killedAt = performance.now();
    server = serve(env);
    await server.port;
    const restartMs = performance.now() - killedAt;
    await until(() => sink.received.size >= FOLLOWERS, "every e-mail", 600_000);
    // Anything sent twice arrives with the rest; a short settle lets a late duplicate land too.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const deliverMs = performance.now() - deliverStart;
    const duplicates = [...sink.received.values()].reduce((sum, n) => sum + n - 1, 0);
    const lost = FOLLOWERS - sink.received.size;
    console.log(`  delivered                        ${sink.received.size} of ${FOLLOWERS} in ${(deliverMs / 1000).toFixed(1)} s (${(FOLLOWERS / (deliverMs / 1000)).toFixed(0)}/s), SIGKILL at ${atKill}, back in ${ms(restartMs)}`);
    console.log(`  lost ${lost}, duplicates ${duplicates} (in flight at the kill: at most 1)`);
    add("warm-up announcements expanded s", expandedS, "s", "lower");
    add("every e-mail delivered s", deliverMs / 1000, "s", "lower");
    add("e-mails a second", FOLLOWERS / (deliverMs / 1000), "e-mails/s", "higher");
    add("back after SIGKILL ms", restartMs, "ms", "lower");
    add("e-mails lost", lost, "e-mails", "lower");
    add("e-mails sent twice", duplicates, "e-mails", "lower");
    add("publish answers other than 200", failed, "answers", "lower");
    return lost === 0 && failed === 0;
  } finally {
    await database?.close();
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(machineLines("bench:fanout", figures).join("\n"));
  const sink = await smtpSink();
  const closeSink = onCleanUp(() => sink.close());
  const results: boolean[] = [];
  try {
    results.push(await run("SQLite", null, sink));
    if (await pgReachable()) {
      const database = await scratchPgDatabase();
      const drop = onCleanUp(() => database.drop());
      try {
        results.push(await run("PostgreSQL", database.url, sink));
      } finally {
        await drop();
      }
    } else {
      console.log("\n*** SKIPPED: PostgreSQL (not reachable) ***");
    }
  } finally {
    await closeSink();
  }
  if (results.some((ok) => !ok)) throw new Error("an e-mail was lost or a publish failed: see above");
  await figures.write();
}

runBench("bench:fanout", main, { watchdogMs: WATCHDOG_MS });
