/**
 * A comment drops its own story's cached answers and nothing else (issue 33, docs/decisions/0032):
 * the story's comments (and, by the same tag, its rendered page: pageTags) are read fresh after a
 * comment, a like or a deletion, while another story's comments and the catalogue stay cached.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommentList } from "../../../common/api/comments.js";
import { storyTag } from "../../lib/response-cache.js";
import { pageTags } from "../../pages/pages.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { staffKit } from "../admin/admin.fixtures.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
const kit = staffKit(() => t);

async function read(path: string) {
  const res = await t.request(path);
  expect(res.status, path).toBe(200);
  return { cache: res.headers.get("x-cache"), body: (await res.json()) as unknown };
}

describe("the cache of a story's comments", () => {
  it("is dropped for that story alone by a comment, a like and a deletion", async () => {
    const [a, b] = [await kit.story(), await kit.story()];
    const member = await kit.person("member");
    const comments = (id: string) => `/api/stories/${id}/comments`;
    for (const path of [comments(a.id), comments(b.id), "/api/stories?limit=24"]) await read(path);
    expect((await read(comments(a.id))).cache).toBe("hit");

    const posted = await kit.call<{ id: string }>(member, "POST", comments(a.id), { body: "Fresh from the press." });
    expect(posted.status).toBe(201);
    const after = await read(comments(a.id));
    expect(after.cache).toBe("miss");
    expect((after.body as CommentList).items.map((c) => c.body)).toContain("Fresh from the press.");
    expect((await read(comments(b.id))).cache).toBe("hit");
    expect((await read("/api/stories?limit=24")).cache).toBe("hit");

    for (const [method, path] of [
      ["PUT", `/api/comments/${posted.body.id}/like`],
      ["DELETE", `/api/comments/${posted.body.id}`],
    ] as const) {
      await read(comments(a.id));
      expect((await kit.call(member, method, path)).status).toBe(200);
      expect((await read(comments(a.id))).cache, `${method} ${path}`).toBe("miss");
      expect((await read(comments(b.id))).cache).toBe("hit");
    }
  });

  it("shares its tag with the story's rendered page, and no other page", () => {
    expect(pageTags("/stories/abc")).toContain(storyTag("abc"));
    expect(pageTags("/stories/ABC")).toContain(storyTag("ABC"));
    expect(pageTags("/stories")).not.toContain(storyTag("abc"));
    expect(pageTags("/creators/abc").some((tag) => tag.startsWith("story:"))).toBe(false);
  });
});
