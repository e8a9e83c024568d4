/**
 * Favorites of the radio's tracks (issue 34, a fourth kind; docs/decisions/0033), on whichever
 * database TEST_DB names: a member likes a track while it is on the radio (never a pending one, an
 * unknown one, or one of a suspended creator); one taken off the radio later stays theirs, marked
 * off the radio and named to them alone; a visitor's liked tracks join the account on sign-in;
 * the account's export carries them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FavoriteIds, FavoriteItems } from "../../../common/api/favorites.js";
import type { TrackStatus } from "../../../common/radio.js";
import { insertCreator } from "../../db/seed/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { insertTrack } from "../radio/radio.fixtures.js";

let t: TestApp;
let creatorId: string;
let creatorName: string;
beforeAll(async () => {
  t = await createTestApp();
  const { creator } = await insertCreator(t.database, { first_name: "Rhea", last_name: "Tidewell" });
  creatorId = creator.id;
  creatorName = `${creator.first_name} ${creator.last_name}`;
});
afterAll(async () => {
  await t.close();
});

/** The house's track the migration wrote (0023), in rotation. */
const HOUSE = { id: "slow-tide", title: "Slow Tide", artist: "Harbor Lights" };

const like = (cookie: string, id: string) => t.request(`/api/me/favorites/track/${id}`, { method: "PUT", cookie });
const unlike = (cookie: string, id: string) => t.request(`/api/me/favorites/track/${id}`, { method: "DELETE", cookie });
const likedBy = async (cookie: string) => (await (await t.request("/api/me/favorites", { cookie })).json()) as FavoriteIds;
const items = async (ids: string[], cookie?: string) =>
  (await (await t.request(`/api/favorites/items?tracks=${ids.join(",")}`, { cookie })).json()) as FavoriteItems;
const setStatus = (id: string, status: TrackStatus) => t.database.db.updateTable("track").set({ status, position: null }).where("id", "=", id).execute();
const track = (title: string, status: TrackStatus = "rotation") => insertTrack(t, { creatorId, status, title });

describe("liking a track", () => {
  it("likes and unlikes tracks on the radio, the house's and a creator's, idempotently; the list names each as its card shows it", async () => {
    const { cookie } = await t.signUp();
    const mine = await track("Harbour at Dawn");
    for (const id of [HOUSE.id, mine.id, mine.id]) expect((await like(cookie, id)).status).toBe(200);
    expect(await likedBy(cookie)).toEqual({ stories: [], creators: [], products: [], tracks: [HOUSE.id, mine.id] });

    const listed = await items([mine.id, "nope", HOUSE.id], cookie);
    expect(listed.tracks).toEqual([
      { id: mine.id, title: "Harbour at Dawn", artist: creatorName, creator: { id: creatorId, name: creatorName }, on_radio: true },
      { ...HOUSE, creator: null, on_radio: true },
    ]);
    // What a card needs, and no audio: the player reads that from the rotation.
    expect(listed.tracks[0]).not.toHaveProperty("url");

    const res = await unlike(cookie, mine.id);
    expect(((await res.json()) as FavoriteIds).tracks).toEqual([HOUSE.id]);
    expect((await unlike(cookie, mine.id)).status).toBe(200);
  });

  it("refuses a track that is unknown, waiting for review, declined, withdrawn, or a suspended creator's, saving nothing", async () => {
    const { cookie } = await t.signUp();
    const refused = [
      "trk_nope",
      (await track("Not Yet", "pending")).id,
      (await track("Not Chosen", "declined")).id,
      (await track("Thought Better", "withdrawn")).id,
    ];
    const { creator: suspended } = await insertCreator(t.database, { suspended_at: new Date().toISOString() });
    refused.push((await insertTrack(t, { creatorId: suspended.id, status: "rotation" })).id);
    for (const id of refused) {
      const res = await like(cookie, id);
      expect(res.status, id).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
    }
    expect((await likedBy(cookie)).tracks).toEqual([]);
    // Nor are they named to anyone, a visitor or a member.
    expect((await items(refused)).tracks).toEqual([]);
    expect((await items(refused, cookie)).tracks).toEqual([]);
    expect((await t.request("/api/me/favorites/track/slow-tide", { method: "PUT" })).status).toBe(401);
  });
});

describe("a liked track taken off the radio", () => {
  it("stays the member's, marked off the radio and named to them alone, until they let it go; it cannot be liked again", async () => {
    const member = await t.signUp();
    const other = await t.signUp();
    const gone = await track("Last Ferry");
    expect((await like(member.cookie, gone.id)).status).toBe(200);
    await setStatus(gone.id, "declined");

    expect((await likedBy(member.cookie)).tracks).toEqual([gone.id]);
    expect((await items([gone.id], member.cookie)).tracks).toEqual([
      { id: gone.id, title: "Last Ferry", artist: creatorName, creator: { id: creatorId, name: creatorName }, on_radio: false },
    ]);
    expect((await items([gone.id], other.cookie)).tracks).toEqual([]);
    expect((await items([gone.id])).tracks).toEqual([]);

    expect((await like(other.cookie, gone.id)).status).toBe(404);
    expect((await unlike(member.cookie, gone.id)).status).toBe(200);
    expect((await likedBy(member.cookie)).tracks).toEqual([]);
    expect((await like(member.cookie, gone.id)).status).toBe(404);
  });

  it("goes quiet with a suspended creator, unlisted, and is back when the suspension is lifted", async () => {
    const { cookie } = await t.signUp();
    const { creator } = await insertCreator(t.database, {});
    const theirs = await insertTrack(t, { creatorId: creator.id, status: "rotation" });
    expect((await like(cookie, theirs.id)).status).toBe(200);
    const suspend = (at: string | null) => t.database.db.updateTable("creator").set({ suspended_at: at }).where("id", "=", creator.id).execute();

    await suspend(new Date().toISOString());
    expect((await likedBy(cookie)).tracks).toEqual([]);
    expect((await items([theirs.id], cookie)).tracks).toEqual([]);

    await suspend(null);
    expect((await likedBy(cookie)).tracks).toEqual([theirs.id]);
    expect((await items([theirs.id], cookie)).tracks).toMatchObject([{ id: theirs.id, on_radio: true }]);
  });
});

describe("a visitor's liked tracks", () => {
  it("join the account on sign-in, skipping tracks not on the radio; a body from before tracks still merges", async () => {
    const { cookie } = await t.signUp();
    const playing = await track("Night Market");
    const pending = await track("Still Mixing", "pending");
    const res = await t.request("/api/me/favorites/merge", { cookie, json: { tracks: [playing.id, pending.id, "trk_gone", HOUSE.id] } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as FavoriteIds).tracks.toSorted()).toEqual([HOUSE.id, playing.id].toSorted());

    const old = await t.request("/api/me/favorites/merge", { cookie, json: { stories: [], creators: [], products: [] } });
    expect(old.status).toBe(200);
    expect(((await old.json()) as FavoriteIds).tracks).toHaveLength(2);
    const tooMany = await t.request("/api/me/favorites/merge", { cookie, json: { tracks: Array(201).fill(HOUSE.id) } });
    expect(tooMany.status).toBe(400);
  });

  it("are named to a visitor while on the radio (the Likes page of a visitor's browser)", async () => {
    const playing = await track("Open Window");
    expect((await items([playing.id, HOUSE.id])).tracks.map((x) => x.id)).toEqual([playing.id, HOUSE.id]);
    expect((await t.request(`/api/favorites/items?tracks=${Array.from({ length: 201 }, (_, i) => `t${i}`).join(",")}`)).status).toBe(400);
  });
});

describe("the account's export", () => {
  it("carries the liked tracks beside the other favorites", async () => {
    const { cookie } = await t.signUp();
    const mine = await track("Paper Boats");
    await like(cookie, mine.id);
    await like(cookie, HOUSE.id);
    const data = (await (await t.request("/api/me/export", { cookie })).json()) as { favorites: { kind: string; item_id: string }[] };
    expect(data.favorites.map(({ kind, item_id }) => [kind, item_id]).toSorted()).toEqual(
      [
        ["track", HOUSE.id],
        ["track", mine.id],
      ].toSorted(),
    );
  });
});
