import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TrackList } from "../../../common/api/radio.js";
import { MEDIA_DIR } from "../../lib/static.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { houseTrackUrl, TRACKS } from "./radio.tracks.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MAX_TOTAL_BYTES = 4_000_000;

describe("GET /api/radio/tracks", () => {
  it("lists the house's four tracks in rotation, with title, artist, url, description, gain and no creator", async () => {
    const res = await t.request("/api/radio/tracks");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const { tracks } = (await res.json()) as TrackList;
    const house = tracks.filter((x) => x.creator === null);
    expect(house).toHaveLength(4);
    for (const track of house) {
      expect(track.title.length).toBeGreaterThan(0);
      expect(track.artist.length).toBeGreaterThan(0);
      expect(track.description.length).toBeGreaterThan(20);
      expect(track.url).toMatch(new RegExp(`^/media/audio/${track.id}\\.mp3\\?v=[0-9a-f]{10}$`));
      expect(Number.isFinite(track.gain_db)).toBe(true);
    }
    expect(house.map((x) => x.title)).toEqual(TRACKS.map((x) => x.title));
  });

  it("versions each url by the file's content, so the immutable media cache never serves stale audio", async () => {
    const { tracks } = (await (await t.request("/api/radio/tracks")).json()) as TrackList;
    let total = 0;
    for (const track of tracks.filter((x) => x.creator === null)) {
      const bytes = readFileSync(join(MEDIA_DIR, "audio", `${track.id}.mp3`));
      total += bytes.length;
      const digest = createHash("sha256").update(bytes).digest("hex").slice(0, 10);
      expect(track.url.endsWith(`?v=${digest}`)).toBe(true);
    }
    expect(total).toBeLessThan(MAX_TOTAL_BYTES);
  });

  it("keeps the bare url of a missing file (the player then skips it)", async () => {
    const empty = mkdtempSync(join(tmpdir(), "maybe-media-"));
    try {
      const urls = await Promise.all(TRACKS.map((x) => houseTrackUrl(x.id, empty)));
      expect(urls).toEqual(TRACKS.map((x) => `/media/audio/${x.id}.mp3`));
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it("is described in the OpenAPI document", async () => {
    const doc = (await (await t.request("/api/openapi.json")).json()) as { paths: Record<string, unknown> };
    expect(doc.paths["/api/radio/tracks"]).toBeDefined();
  });
});

describe("/media audio", () => {
  const path = `/media/audio/${TRACKS[0]!.id}.mp3`;
  const size = readFileSync(join(MEDIA_DIR, "audio", `${TRACKS[0]!.id}.mp3`)).length;

  it("serves the whole file as audio/mpeg with a year-long immutable cache", async () => {
    const res = await t.request(`${path}?v=anything`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("audio/mpeg");
    expect(res.headers.get("content-length")).toBe(String(size));
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await res.arrayBuffer()).byteLength).toBe(size);
  });

  it("answers a range request with 206, Content-Range and the same long cache", async () => {
    const res = await t.request(path, { headers: { range: "bytes=1000-1999" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes 1000-1999/${size}`);
    expect(res.headers.get("content-length")).toBe("1000");
    expect(res.headers.get("content-type")).toBe("audio/mpeg");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(readFileSync(join(MEDIA_DIR, "audio", `${TRACKS[0]!.id}.mp3`)).subarray(1000, 2000))).toBe(true);
  });

  it("answers open-ended and suffix ranges the way browsers send them", async () => {
    const open = await t.request(path, { headers: { range: "bytes=0-" } });
    expect(open.status).toBe(206);
    expect(open.headers.get("content-range")).toBe(`bytes 0-${size - 1}/${size}`);
    await open.arrayBuffer();
    const tail = await t.request(path, { headers: { range: "bytes=-500" } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get("content-range")).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
    await tail.arrayBuffer();
  });

  it("refuses a range past the end with 416 and the size", async () => {
    const res = await t.request(path, { headers: { range: `bytes=${size + 10}-` } });
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe(`bytes */${size}`);
  });

  it("answers a missing track with 404", async () => {
    const res = await t.request("/media/audio/no-such-track.mp3");
    expect(res.status).toBe(404);
  });
});
