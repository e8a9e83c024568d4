/**
 * The first page of a story's top-level comments is read in order from an index and stops at the
 * page (migration 0022), on whichever database TEST_DB names: no sort of the whole story's
 * comments, in every order the list offers. PostgreSQL's planner chose a sort of every top-level
 * comment over 0020's (story_id, parent_id, ...) indexes, 6.5x slower at 10,000 comments
 * (bench/comments.bench.ts).
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMENT_PAGE, COMMENT_SORTS } from "../../../common/comments.js";
import { insertCreator, insertStory, insertUser } from "../../db/seed/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { topLevelPage } from "./comments.queries.js";

let t: TestApp;
let storyId: string;
const COMMENTS = 3_000;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const { creator } = await insertCreator(t.database, {});
  const stories: Array<{ id: string }> = [];
  for (let i = 0; i < 3; i++) stories.push(await insertStory(t.database, { creator_id: creator.id, body: "A story.", status: "published" }));
  storyId = stories[0]!.id;
  const { user } = await insertUser(t.database, {});
  const rows = Array.from({ length: COMMENTS }, (_, i) => ({
    id: randomUUID(),
    // Most on the story read, some on the others; a third are replies (to the thread before them).
    story_id: i % 10 === 0 ? stories[1 + (i % 2)]!.id : storyId,
    user_id: user.id,
    body: `Comment ${i}`,
    created_at: new Date(Date.UTC(2026, 0, 1) + i * 1_000).toISOString(),
    like_count: i % 97,
  }));
  const withThreads = rows.map((row, i) => {
    const thread = rows[i - 1];
    const isReply = i % 3 === 2 && thread !== undefined && thread.story_id === row.story_id;
    return { ...row, parent_id: isReply ? thread.id : null, reply_to_id: isReply ? thread.id : null };
  });
  for (let i = 0; i < withThreads.length; i += 500) await db.insertInto("comment").values(withThreads.slice(i, i + 500)).execute();
  await sql`analyze`.execute(db);
});
afterAll(async () => {
  await t.close();
});

/** The plan's text: PostgreSQL's EXPLAIN lines, SQLite's EXPLAIN QUERY PLAN details. */
async function plan(sort: (typeof COMMENT_SORTS)[number]): Promise<string> {
  const query = topLevelPage(t.database, storyId, sort, undefined, COMMENT_PAGE + 1, new Date());
  const compiled = query.compile();
  const prefix = t.database.dialect === "postgres" ? "explain " : "explain query plan ";
  const { rows } = await t.database.db.executeQuery<Record<string, unknown>>({ ...compiled, sql: prefix + compiled.sql });
  return rows.map((row) => String(t.database.dialect === "postgres" ? row["QUERY PLAN"] : row.detail)).join("\n");
}

describe("the first page of top-level comments", () => {
  it.each(COMMENT_SORTS)("is read in %s order from its index, without sorting the story's comments", async (sort) => {
    const text = await plan(sort);
    if (t.database.dialect === "postgres") {
      expect(text).toMatch(sort === "liked" ? /comment_top_liked_idx/ : /comment_top_time_idx/);
      expect(text).not.toMatch(/\bSort\b/);
    } else {
      // SQLite takes `parent_id IS NULL` as an equality: any of the story's indexes gives the order.
      expect(text).toMatch(/SEARCH c USING INDEX comment_(top_liked|top_time|story_time)_idx/);
      expect(text).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    }
  });
});
