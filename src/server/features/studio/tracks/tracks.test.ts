/**
 * A creator's tracks (issue 34) on whichever database TEST_DB names: an upload is judged by its
 * content and measured before it is stored (pending review, with its loudness, gain, duration and
 * waveform); refusals by size, content, length and damage store nothing; the details are edited and
 * the track withdrawn only by its owner; a suspended creator uploads nothing. The audio module's own
 * tests cover the meter; here the upload's whole path.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StudioTrack, StudioTrackList } from "../../../../common/api/studio-tracks.js";
import { TRACK_MAX_BYTES, TRACK_MESSAGES, playbackGainDb } from "../../../../common/radio.js";
import { encodeMp3, signal, withInfoTag } from "../../../audio/audio.fixtures.js";
import { stopAudioAnalysis } from "../../../audio/analyse.js";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { staffKit, type ErrorBody, type Person } from "../../admin/admin.fixtures.js";
import { multipart } from "../../media/media.fixtures.js";

let t: TestApp;
let tone: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  // Four seconds of a 1 kHz tone at -20 dBFS: -20 LUFS (EBU Tech 3341's sine, 3 dB quieter).
  tone = encodeMp3(signal(44_100, [{ seconds: 4, db: -20 }]));
});
afterAll(async () => {
  await stopAudioAnalysis();
  await t.close();
});
const kit = staffKit(() => t);

function send(who: Person | null, file: { data: Uint8Array | string; filename?: string } | null, fields: Record<string, string> = { title: "Harbour at Dawn" }) {
  const parts = Object.entries(fields).map(([name, data]) => ({ name, data }));
  if (file) parts.push({ name: "file", filename: file.filename ?? "track.mp3", type: "audio/mpeg", data: file.data } as never);
  const { body, contentType } = multipart(parts);
  return t.request("/api/studio/tracks", { method: "POST", cookie: who?.cookie, body, headers: { "content-type": contentType } });
}
const stored = async () => (await t.database.db.selectFrom("track").select("id").where("source", "=", "upload").execute()).length;
const uploadsLeft = () => {
  try {
    return readdirSync(join(t.config.dataDir, "uploads"));
  } catch {
    return [];
  }
};

describe("uploading a track", () => {
  it("measures the file and stores it pending review, heard by its creator only", async () => {
    const maker = await kit.creator("Ada");
    const res = await send(maker, { data: tone }, { title: "  Harbour at Dawn ", description: "Recorded at the pier." });
    expect(res.status).toBe(201);
    const track = (await res.json()) as StudioTrack;
    expect(track).toMatchObject({ title: "Harbour at Dawn", description: "Recorded at the pier.", status: "pending", content_type: "audio/mpeg" });
    expect(track.loudness_lufs).toBeGreaterThan(-20.5);
    expect(track.loudness_lufs).toBeLessThan(-19.5);
    expect(track.gain_db).toBe(playbackGainDb(track.loudness_lufs, track.true_peak_dbtp));
    expect(Math.abs(track.duration_ms - 4_000)).toBeLessThan(100);
    expect(track.waveform).toHaveLength(100);
    expect(track.audio_url).toMatch(/^\/media\/tracks\/[0-9a-f]{32}\.mp3$/);
    const heard = await t.request(track.audio_url, { cookie: maker.cookie });
    expect(heard.status).toBe(200);
    expect(Buffer.from(await heard.arrayBuffer()).equals(tone)).toBe(true);
    expect((await t.request(track.audio_url)).status).toBe(404);
    const list = await kit.ok<StudioTrackList>(maker, "GET", "/api/studio/tracks");
    expect(list.items.map((x) => x.id)).toEqual([track.id]);
    expect(uploadsLeft()).toEqual([]);
  });

  it("refuses by content, length, damage, size and details, storing nothing", async () => {
    const maker = await kit.creator("Bea");
    const before = await stored();
    const refusals: Array<[string, Response]> = [
      ["a renamed text file", await send(maker, { data: "This is not music, only text.\n".repeat(200) })],
      ["a truncated MP3", await send(maker, { data: withInfoTag(tone).subarray(0, Math.floor(tone.length * 0.4)) })],
      ["an MP3 claiming 30 minutes", await send(maker, { data: withInfoTag(tone, Math.ceil((30 * 60 * 44_100) / 1152)) })],
      ["no title", await send(maker, { data: tone }, { title: "  " })],
      ["no file", await send(maker, null)],
    ];
    const answers = [];
    for (const [what, res] of refusals) {
      const body = (await res.json()) as ErrorBody;
      answers.push([what, res.status, body.error.fields?.file ?? body.error.fields?.title]);
    }
    expect(answers).toEqual([
      ["a renamed text file", 415, TRACK_MESSAGES.notAudio],
      ["a truncated MP3", 422, TRACK_MESSAGES.undecodable],
      ["an MP3 claiming 30 minutes", 422, TRACK_MESSAGES.tooLong],
      ["no title", 400, TRACK_MESSAGES.titleRequired],
      ["no file", 400, TRACK_MESSAGES.fileRequired],
    ]);
    // One byte past the limit: refused as it streams in, the part already written removed.
    const tooLarge = await send(maker, { data: new Uint8Array(TRACK_MAX_BYTES + 1) });
    expect(tooLarge.status).toBe(413);
    expect(await stored()).toBe(before);
    expect(uploadsLeft()).toEqual([]);
  });

  it("is the studio's: refused to a visitor and a member, and to a suspended creator", async () => {
    const before = await stored();
    expect((await send(null, { data: tone })).status).toBe(401);
    expect((await send(await kit.person("member"), { data: tone })).status).toBe(403);
    const suspended = await kit.creator("Cy");
    await t.database.db.updateTable("creator").set({ suspended_at: new Date().toISOString() }).where("id", "=", suspended.creatorId!).execute();
    const res = await send(suspended, { data: tone });
    expect([res.status, ((await res.json()) as ErrorBody).error.code]).toEqual([403, "SUSPENDED"]);
    expect(await stored()).toBe(before);
  });
});

describe("a creator's own tracks", () => {
  it("are edited and withdrawn by their owner only; another creator, a member and a visitor change nothing", async () => {
    const [owner, other] = [await kit.creator("Dee"), await kit.creator("Eli")];
    const track = (await (await send(owner, { data: encodeMp3(signal(44_100, [{ seconds: 2, db: -18, hz: 440 }])) })).json()) as StudioTrack;
    const snapshot = async () => t.database.db.selectFrom("track").selectAll().where("id", "=", track.id).executeTakeFirstOrThrow();
    const before = await snapshot();
    for (const who of [other, await kit.person("member"), null]) {
      expect([401, 403, 404]).toContain((await kit.call(who, "PATCH", `/api/studio/tracks/${track.id}`, { title: "Mine now", description: "", cover_media_id: null })).status);
      expect([401, 403, 404]).toContain((await kit.call(who, "POST", `/api/studio/tracks/${track.id}/withdraw`)).status);
    }
    expect(await snapshot()).toEqual(before);
    const tooLong = await kit.call<ErrorBody>(owner, "PATCH", `/api/studio/tracks/${track.id}`, { title: "x".repeat(101), description: "", cover_media_id: null });
    expect([tooLong.status, tooLong.body.error.fields?.title]).toEqual([400, TRACK_MESSAGES.titleTooLong]);
    const edited = await kit.ok<StudioTrack>(owner, "PATCH", `/api/studio/tracks/${track.id}`, { title: "Second Light", description: "Now with strings.", cover_media_id: null });
    expect([edited.title, edited.description]).toEqual(["Second Light", "Now with strings."]);
    const withdrawn = await kit.ok<StudioTrack>(owner, "POST", `/api/studio/tracks/${track.id}/withdraw`);
    expect(withdrawn.status).toBe("withdrawn");
    const again = await kit.call<ErrorBody>(owner, "PATCH", `/api/studio/tracks/${track.id}`, { title: "Back", description: "", cover_media_id: null });
    expect([again.status, again.body.error.code]).toEqual([409, "TRACK_WITHDRAWN"]);
  });
});
