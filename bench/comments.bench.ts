/**
 * Comments at scale (`npm run bench:comments`; `TEST_DB=postgres` for PostgreSQL at TEST_PG_URL;
 * issue 33, docs/decisions/0032): a story with 10,000 comments (a third of them replies) and
 * 50,000 likes beside a story with 10, in the same run.
 *
 * - The first page of comments, uncached (each request carries `_=n`, which the route ignores):
 *   median and 95th percentile of 200 sequential reads, and the big story's median as a ratio of
 *   the small one's (target: within 1.5x).
 * - Posting: 20 writers at once, each posting as its own members (the per-member limits allow 5 a
 *   minute, so a writer cycles through ten), 1,000 comments in all: p50 and p99 (target p99 < 50 ms
 *   on SQLite) of the posts on a session the app knows (the story page reads /api/me/comments
 *   before its member can write), and apart from them each member's first post on a new session.
 *
 * In process (app.request), no socket. Rows are written straight to the database in chunks, as
 * the comments' own writes would leave them (counts included). About a minute.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { insertCreator, insertStory, insertUser } from "../src/server/db/seed/factories.js";
import { createTestApp, TEST_DB } from "../src/server/test/harness.js";
import { createFigures, machineLines } from "./report.js";
import { onCleanUp, percentile, runBench } from "./run.js";

const BIG = 10_000;
const SMALL = 10;
const LIKES = 50_000;
const READS = 200;
const WRITERS = Number(process.env.COMMENT_WRITERS ?? 20);
const MEMBERS_PER_WRITER = 10;
const POSTS_PER_MEMBER = 5;
const WATCHDOG_MS = 30 * 60_000;
const figures = createFigures(`comments-${TEST_DB}`);

const fmt = (n: number, digits = 2) => n.toFixed(digits);

async function main() {
  console.log(machineLines(`bench:comments (${TEST_DB})`, figures).join("\n"));
  const t = await createTestApp({ LOG_LEVEL: "silent" });
  // Its scratch database (a PostgreSQL one with TEST_DB=postgres) goes however the run ends.
  const close = onCleanUp(() => t.close());
  const { db } = t.database;
  try {
    const { creator } = await insertCreator(t.database, {});
    const stamp = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 1_000).toISOString();
    const big = await insertStory(t.database, { creator_id: creator.id, body: "A story with many comments.", status: "published" });
    const small = await insertStory(t.database, { creator_id: creator.id, body: "A story with a few comments.", status: "published" });
    const readers: string[] = [];
    for (let i = 0; i < 50; i++) readers.push((await insertUser(t.database, {})).user.id);

    // Comments: two in three top-level, the rest replies to the thread before them.
    const started = performance.now();
    async function addComments(storyId: string, count: number) {
      const rows = [];
      let thread = "";
      let top = 0;
      let replies = 0;
      for (let i = 0; i < count; i++) {
        const id = randomUUID();
        const isReply = i % 3 === 2 && thread !== "";
        rows.push({
          id,
          story_id: storyId,
          user_id: readers[i % readers.length]!,
          parent_id: isReply ? thread : null,
          reply_to_id: isReply ? thread : null,
          body: `Comment number ${i} on the story, with a few words to read.`,
          created_at: stamp(i),
          like_count: 0,
          reply_count: 0,
        });
        if (isReply) replies++;
        else {
          thread = id;
          top++;
        }
      }
      for (let i = 0; i < rows.length; i += 500) await db.insertInto("comment").values(rows.slice(i, i + 500)).execute();
      // Each thread's reply count and the story's total, as the writes keep them.
      await sql`update comment set reply_count = (select count(*) from comment r where r.parent_id = comment.id) where story_id = ${storyId} and parent_id is null`.execute(db);
      await db.updateTable("story").set({ comment_count: count }).where("id", "=", storyId).execute();
      return { top, replies, ids: rows.map((r) => r.id) };
    }
    const bigComments = await addComments(big.id, BIG);
    await addComments(small.id, SMALL);
    // Likes: 50 readers over the first 1,000 comments of the big story.
    const likes = [];
    for (let i = 0; i < LIKES; i++) likes.push({ comment_id: bigComments.ids[Math.floor(i / readers.length)]!, user_id: readers[i % readers.length]!, created_at: stamp(i) });
    for (let i = 0; i < likes.length; i += 1_000) await db.insertInto("comment_like").values(likes.slice(i, i + 1_000)).execute();
    await sql`update comment set like_count = (select count(*) from comment_like l where l.comment_id = comment.id) where story_id = ${big.id}`.execute(db);
    if (t.database.dialect === "postgres") await sql`vacuum analyze`.execute(db);
    console.log(`${BIG.toLocaleString("en-US")} comments and ${LIKES.toLocaleString("en-US")} likes ready in ${fmt(performance.now() - started, 0)} ms`);

    // Reads: the first page, oldest first and most liked, uncached.
    let unique = 0;
    const rows: string[][] = [];
    for (const sort of ["oldest", "liked"] as const) {
      const medians: number[] = [];
      for (const [label, id] of [
        [`${SMALL} comments`, small.id],
        [`${BIG.toLocaleString("en-US")} comments`, big.id],
      ] as const) {
        const path = `/api/stories/${id}/comments?sort=${sort}`;
        const first = await t.request(`${path}&_=${++unique}`);
        if (first.status !== 200) throw new Error(`${path} answered ${first.status}: ${await first.text()}`);
        for (let i = 0; i < 30; i++) await (await t.request(`${path}&_=${++unique}`)).arrayBuffer();
        const times: number[] = [];
        for (let i = 0; i < READS; i++) {
          const begun = performance.now();
          await (await t.request(`${path}&_=${++unique}`)).arrayBuffer();
          times.push(performance.now() - begun);
        }
        const median = percentile(times, 0.5);
        medians.push(median);
        rows.push([`first page, ${sort}`, label, fmt(median), fmt(percentile(times, 0.95)), medians.length > 1 ? fmt(median / medians[0]!) : ""]);
        figures.add(`first page, ${sort}, ${label} median ms`, median, { unit: "ms", better: "lower" });
        figures.add(`first page, ${sort}, ${label} p95 ms`, percentile(times, 0.95), { unit: "ms", better: "lower" });
        if (medians.length > 1) figures.add(`first page, ${sort}, ${label} median x ${SMALL} comments`, median / medians[0]!, { unit: "x", better: "lower" });
      }
    }
    const header = ["read (uncached)", "story", "median ms", "p95 ms", "x small"];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
    console.log(`\nComments on ${TEST_DB}, in process (app.request), ${READS} sequential reads each\n`);
    console.log([line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n"));

    // Writes: 20 writers at once, each as its own ten members, in two rounds. First each member's
    // first post, on a session the app has not seen yet (Better Auth's lookup is part of it: issue
    // 36's signed-in reads). Then, as on the story page (which reads /api/me/comments when it
    // opens), the member's session is known and they post the rest.
    const writers: string[][] = [];
    for (let w = 0; w < WRITERS; w++) {
      const members = [];
      for (let m = 0; m < MEMBERS_PER_WRITER; m++) members.push((await t.signUp()).cookie);
      writers.push(members);
    }
    let refused = 0;
    async function round(posts: (members: string[]) => Array<{ cookie: string; body: string }>, warm: boolean): Promise<number[]> {
      // The story page's read for every member first (sessions are remembered for 10 s), untimed.
      if (warm) await Promise.all(writers.flat().map(async (cookie) => (await t.request(`/api/me/comments?story=${big.id}`, { cookie })).arrayBuffer()));
      const times: number[] = [];
      await Promise.all(
        writers.map(async (members) => {
          for (const { cookie, body } of posts(members)) {
            const begun = performance.now();
            const res = await t.request(`/api/stories/${big.id}/comments`, { cookie, json: { body } });
            times.push(performance.now() - begun);
            if (res.status !== 201) refused++;
            await res.arrayBuffer();
          }
        }),
      );
      return times;
    }
    const text = (cookie: string, p: number) => `Member ${cookie.slice(-12)}, post ${p}: a new comment.`;
    const cold = await round((members) => members.map((cookie) => ({ cookie, body: text(cookie, 0) })), false);
    const warm = await round((members) => members.flatMap((cookie) => Array.from({ length: POSTS_PER_MEMBER - 1 }, (_, p) => ({ cookie, body: text(cookie, p + 1) }))), true);
    console.log(`\nPosting on ${TEST_DB}, ${WRITERS} writers at once, ${refused} refused:`);
    figures.add("posting refused", refused, { unit: "posts", better: "lower" });
    for (const [label, times] of [["session known (target p99 < 50 ms on SQLite)", warm], ["a session's first request", cold]] as const) {
      const slow = times.filter((ms) => ms > 50).length;
      console.log(
        `  ${label}: ${times.length.toLocaleString("en-US")} comments, p50 ${fmt(percentile(times, 0.5))} ms, p99 ${fmt(percentile(times, 0.99))} ms ` +
          `(${slow} over 50 ms; the slowest ${[...times].sort((a, b) => b - a).slice(0, 3).map((ms) => fmt(ms, 0)).join(", ")} ms)`,
      );
      const row = `posting, ${label === "a session's first request" ? "a session's first request" : "session known"}`;
      figures.add(`${row} p50 ms`, percentile(times, 0.5), { unit: "ms", better: "lower" });
      figures.add(`${row} p99 ms`, percentile(times, 0.99), { unit: "ms", better: "lower" });
      figures.add(`${row} over 50 ms`, slow, { unit: "posts", better: "lower" });
    }
    await figures.write();
  } finally {
    await close();
  }
}

runBench("bench:comments", main, { watchdogMs: WATCHDOG_MS });
