/**
 * The community radio for listeners (issue 34), on whichever database TEST_DB names: the rotation
 * names creators' approved tracks beside the house's, featured first; a pending, declined or
 * withdrawn track, or one of a suspended creator, is never listed nor its audio served to anyone
 * but its creator and staff; plays are counted by what was heard against the measured duration;
 * 'Recently played'.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlayCounted, RecentPlays, TrackList } from "../../../common/api/radio.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { staffKit } from "../admin/admin.fixtures.js";
import { insertTrack } from "./radio.fixtures.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
const kit = staffKit(() => t);
/** The audio at `url` as `who` hears it (no JSON: kit.call reads bodies as JSON). */
const hear = (who: { cookie: string } | null, url: string) => t.request(url, who ? { cookie: who.cookie } : {});
const rotation = async () => ((await (await t.request("/api/radio/tracks")).json()) as TrackList).tracks;

describe("the rotation", () => {
  it("plays the house's tracks and creators' approved ones, featured first, naming the creator", async () => {
    const maker = await kit.creator("Rhea");
    const approved = await insertTrack(t, { creatorId: maker.creatorId!, status: "rotation", title: "Harbour at Dawn", gainDb: -3.5 });
    const featured = await insertTrack(t, { creatorId: maker.creatorId!, status: "rotation", featured: true });
    const tracks = await rotation();
    expect(tracks[0]!.id).toBe(featured.id);
    const mine = tracks.find((x) => x.id === approved.id)!;
    expect(mine).toMatchObject({ title: "Harbour at Dawn", url: approved.url, gain_db: -3.5, creator: { id: maker.creatorId } });
    expect(mine.artist).toBe(mine.creator!.name);
    expect(mine.waveform).toHaveLength(100);
    expect(tracks.filter((x) => x.creator === null)).toHaveLength(4);
  });

  it("never lists nor serves a pending, declined or withdrawn track, nor one of a suspended creator, but to its creator and staff", async () => {
    const maker = await kit.creator("Sol");
    const other = await kit.creator("Tam");
    const member = await kit.person("member");
    const curator = await kit.person("curator");
    const hidden = [];
    for (const status of ["pending", "declined", "withdrawn"] as const) hidden.push(await insertTrack(t, { creatorId: maker.creatorId!, status }));
    const listed = (await rotation()).map((x) => x.id);
    for (const track of hidden) {
      expect(listed).not.toContain(track.id);
      for (const who of [null, member, other]) {
        const res = await hear(who, track.url);
        expect(res.status, `${track.url} as ${who?.email ?? "a visitor"}`).toBe(404);
      }
      for (const who of [maker, curator]) {
        const res = await hear(who, track.url);
        expect(res.status).toBe(200);
        expect(res.headers.get("cache-control")).toBe("private, no-store");
      }
    }
    const suspended = await kit.creator("Uma");
    const quiet = await insertTrack(t, { creatorId: suspended.creatorId!, status: "rotation" });
    expect((await hear(null, quiet.url)).status).toBe(200);
    await t.database.db.updateTable("creator").set({ suspended_at: new Date().toISOString() }).where("id", "=", suspended.creatorId!).execute();
    await t.responseCache.invalidate(["radio"]);
    expect((await rotation()).map((x) => x.id)).not.toContain(quiet.id);
    expect((await hear(null, quiet.url)).status).toBe(404);
  });

  it("serves a track in rotation to anyone with ranges and a year-long cache, and a key no track has as 404", async () => {
    const maker = await kit.creator("Vee");
    const audio = new Uint8Array(4_000).map((_, i) => i % 251);
    const track = await insertTrack(t, { creatorId: maker.creatorId!, status: "rotation", audio });
    const whole = await t.request(track.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect((await whole.arrayBuffer()).byteLength).toBe(4_000);
    const part = await t.request(track.url, { headers: { range: "bytes=1000-1999" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 1000-1999/4000");
    expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(audio.subarray(1000, 2000)))).toBe(true);
    expect((await t.request(`/media/tracks/${"0".repeat(32)}.mp3`)).status).toBe(404);
    expect((await t.request("/media/tracks/..%2F..%2Fetc%2Fpasswd")).status).toBe(404);
  });
});

describe("plays", () => {
  it("are complete, partial or skipped by what was heard of the measured duration, and fill a member's 'Recently played'", async () => {
    const maker = await kit.creator("Wren");
    const track = await insertTrack(t, { creatorId: maker.creatorId!, status: "rotation", durationMs: 100_000 });
    const fan = await kit.person("member");
    const outcomes = [];
    for (const listened of [95_000, 50_000, 5_000, 10 * 60_000]) {
      const res = await kit.call<PlayCounted>(fan, "POST", "/api/radio/plays", { track_id: track.id, listened_ms: listened });
      expect(res.status).toBe(201);
      outcomes.push(res.body.outcome);
    }
    expect(outcomes).toEqual(["complete", "partial", "skipped", "complete"]);
    expect((await kit.call(null, "POST", "/api/radio/plays", { track_id: track.id, listened_ms: 20_000 })).status).toBe(201);
    const recent = await kit.ok<RecentPlays>(fan, "GET", "/api/me/radio/recent");
    expect(recent.items.map((x) => x.track.id)).toEqual([track.id]);
    expect((await kit.call(null, "GET", "/api/me/radio/recent")).status).toBe(401);
    const counts = await t.database.db.selectFrom("track_play").select(["outcome", "user_id"]).where("track_id", "=", track.id).execute();
    expect(counts).toHaveLength(5);
    expect(counts.filter((x) => x.user_id === null)).toHaveLength(1);
  });

  it("refuses a track not on the radio and bad input, counting nothing", async () => {
    const maker = await kit.creator("Xan");
    const pending = await insertTrack(t, { creatorId: maker.creatorId!, status: "pending" });
    expect((await kit.call(maker, "POST", "/api/radio/plays", { track_id: pending.id, listened_ms: 1_000 })).status).toBe(404);
    expect((await kit.call(null, "POST", "/api/radio/plays", { track_id: pending.id, listened_ms: -5 })).status).toBe(400);
    expect((await kit.call(null, "POST", "/api/radio/plays", { track_id: "", listened_ms: 5 })).status).toBe(400);
    const plays = await t.database.db.selectFrom("track_play").select("id").where("track_id", "=", pending.id).execute();
    expect(plays).toEqual([]);
  });
});
