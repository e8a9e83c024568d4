/**
 * Follows (issue 32), on whichever database TEST_DB names: an account follows a creator the public
 * can see, once, however often it asks, at once from many accounts and from two tabs; the count
 * is right after every race; a hidden or suspended creator cannot be followed; signed out is 401.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreatorProfilePage } from "../../../common/api/creators.js";
import type { FollowState, Follows } from "../../../common/api/follows.js";
import type { StudioStoryList } from "../../../common/api/studio.js";
import { insertCreator } from "../../db/seed/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { databaseSnapshot, staffKit } from "../admin/admin.fixtures.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const kit = staffKit(() => t);
const followers = async (creatorId: string) => ((await (await t.request(`/api/creators/${creatorId}/page`)).json()) as CreatorProfilePage).followers;

describe("follows", () => {
  it("follows once however often it is asked, lists it, counts it on the creator page, and unfollows", async () => {
    const { creator } = await insertCreator(t.database);
    const fan = await kit.person("member");
    expect(await followers(creator.id)).toBe(0);
    for (let i = 0; i < 2; i++) {
      expect(await kit.ok<FollowState>(fan, "PUT", `/api/me/follows/${creator.id}`)).toEqual({ creator_id: creator.id, following: true, followers: 1 });
    }
    expect(await kit.ok<Follows>(fan, "GET", "/api/me/follows")).toMatchObject({ creator_ids: [creator.id], creators: [{ id: creator.id }], mail: "instant" });
    expect(await followers(creator.id)).toBe(1);
    for (let i = 0; i < 2; i++) {
      expect(await kit.ok<FollowState>(fan, "DELETE", `/api/me/follows/${creator.id}`)).toEqual({ creator_id: creator.id, following: false, followers: 0 });
    }
    expect(await followers(creator.id)).toBe(0);
  });

  it("shows the creator their follower count in the studio", async () => {
    const maker = await kit.creator();
    for (let i = 0; i < 2; i++) await kit.ok(await kit.person("member"), "PUT", `/api/me/follows/${maker.creatorId}`);
    expect((await kit.ok<StudioStoryList>(maker, "GET", "/api/studio/stories")).followers).toBe(2);
  });

  it("keeps the count right when many fans follow at once and one fan taps twice in two tabs", async () => {
    const { creator } = await insertCreator(t.database);
    const fans = await Promise.all(Array.from({ length: 12 }, () => kit.person("member")));
    const answers = await Promise.all([...fans, fans[0]!].map((fan) => kit.call<FollowState>(fan, "PUT", `/api/me/follows/${creator.id}`)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(await followers(creator.id)).toBe(12);
    await Promise.all([fans[0]!, fans[0]!, fans[1]!].map((fan) => kit.call(fan, "DELETE", `/api/me/follows/${creator.id}`)));
    expect(await followers(creator.id)).toBe(10);
  });

  it("refuses a hidden, suspended or unknown creator (404) and a visitor (401), changing nothing", async () => {
    const fan = await kit.person("member");
    const { creator: hidden } = await insertCreator(t.database, { hidden_at: new Date() });
    const { creator: suspended } = await insertCreator(t.database, { suspended_at: new Date() });
    const before = await databaseSnapshot(t);
    for (const id of [hidden.id, suspended.id, "no-such-creator"]) {
      const refused = await kit.call<{ error: { code: string } }>(fan, "PUT", `/api/me/follows/${id}`);
      expect([refused.status, refused.body.error.code]).toEqual([404, "NOT_FOUND"]);
    }
    const { creator } = await insertCreator(t.database);
    const after = await databaseSnapshot(t);
    for (const [method, status] of [
      ["PUT", 401],
      ["DELETE", 401],
    ] as const) {
      expect((await kit.call(null, method, `/api/me/follows/${creator.id}`)).status).toBe(status);
    }
    expect((await kit.call(null, "GET", "/api/me/follows")).status).toBe(401);
    expect(await databaseSnapshot(t)).toEqual(after);
    expect(before["follow rows"]).toBe(after["follow rows"]);
  });
});
