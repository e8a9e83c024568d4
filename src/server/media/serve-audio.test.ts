/**
 * A track's audio served from the media store, as the player asks for it: whole, by HEAD, and in
 * ranges; side by side with what serveStatic (lib/static.ts) answers for the house's tracks.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalMediaStore } from "./local-store.js";
import { serveStoredAudio } from "./serve-audio.js";
import { audioKey } from "./store.js";

const IMMUTABLE = "public, max-age=31536000, immutable";
const PRIVATE = "private, no-store";
const MP3 = audioKey("ab".repeat(32), "mp3");
const OGG = audioKey("cd".repeat(32), "ogg");
const size = 10_000;
const bytes = Buffer.from(Array.from({ length: size }, (_, i) => (i * 131 + 17) & 0xff));

let root: string;
let store: LocalMediaStore;
let app: Hono;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "maybe-serve-audio-"));
  store = new LocalMediaStore(root);
  await store.put(MP3, bytes, "audio/mpeg");
  await store.put(OGG, bytes.subarray(0, 100), "audio/ogg");
  app = new Hono();
  // As features/radio does: the key from the path, the Cache-Control by who may hear it.
  app.get("/public/*", (c) => serveStoredAudio(c, store, c.req.path.slice("/public/".length), IMMUTABLE));
  app.get("/private/*", (c) => serveStoredAudio(c, store, c.req.path.slice("/private/".length), PRIVATE));
  // The house's way (lib/static.ts), over the same directory.
  app.use("/static/*", serveStatic({ root, rewriteRequestPath: (p) => p.replace(/^\/static/, "") }));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const get = (path: string, headers: Record<string, string> = {}, method = "GET") => app.request(path, { method, headers });
const body = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe("serveStoredAudio", () => {
  it("sends the whole track with its type, length, ETag and the caller's Cache-Control", async () => {
    const res = await get(`/public/${MP3}`);
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      "accept-ranges": "bytes",
      "content-type": "audio/mpeg",
      "content-length": String(size),
      "x-content-type-options": "nosniff",
      etag: `"${MP3.replace("/", "-")}"`,
      "cache-control": IMMUTABLE,
    });
    expect(await body(res)).toEqual(bytes);

    const ogg = await get(`/private/${OGG}`);
    expect([ogg.status, ogg.headers.get("content-type"), ogg.headers.get("cache-control")]).toEqual([200, "audio/ogg", PRIVATE]);
    expect(await body(ogg)).toEqual(bytes.subarray(0, 100));
  });

  it("answers HEAD with the size and no body, a range or not", async () => {
    for (const headers of [{}, { range: "bytes=0-99" }] as Record<string, string>[]) {
      const res = await get(`/private/${MP3}`, headers, "HEAD");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-length")).toBe(String(size));
      expect(res.headers.get("accept-ranges")).toBe("bytes");
      expect(res.headers.get("cache-control")).toBe(PRIVATE);
      expect((await body(res)).length).toBe(0);
    }
  });

  it("answers the three forms of range with 206, Content-Range and those bytes", async () => {
    for (const [range, start, end] of [
      ["bytes=1000-1999", 1000, 1999],
      ["bytes=9000-", 9000, size - 1],
      ["bytes=-500", size - 500, size - 1],
      ["bytes=9990-20000", 9990, size - 1],
    ] as const) {
      const res = await get(`/public/${MP3}`, { range });
      expect(res.status, range).toBe(206);
      expect(res.headers.get("content-range")).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers.get("content-length")).toBe(String(end - start + 1));
      expect(res.headers.get("cache-control")).toBe(IMMUTABLE);
      expect(res.headers.get("content-type")).toBe("audio/mpeg");
      expect(await body(res)).toEqual(bytes.subarray(start, end + 1));
    }
  });

  it("refuses a range past the end with 416 and the size, cached nowhere", async () => {
    const res = await get(`/public/${MP3}`, { range: `bytes=${size + 10}-` });
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe(`bytes */${size}`);
    expect(res.headers.get("cache-control")).toBeNull();
  });

  it("is a 404 for a track not stored and for a key of another shape", async () => {
    for (const path of [`/public/${audioKey("9".repeat(64), "mp3")}`, `/public/${"ab".repeat(16)}/320.jpg`, "/public/tracks/x.mp3"]) {
      expect((await get(path)).status, path).toBe(404);
      expect((await get(path, { range: "bytes=0-" })).status, path).toBe(404);
      expect((await get(path, {}, "HEAD")).status, path).toBe(404);
    }
  });

  it("answers 304 to its ETag, and ignores a range asked for another version", async () => {
    const etag = `"${MP3.replace("/", "-")}"`;
    const cached = await get(`/public/${MP3}`, { "if-none-match": `"other", ${etag}` });
    expect(cached.status).toBe(304);
    expect(cached.headers.get("cache-control")).toBe(IMMUTABLE);
    expect((await get(`/public/${MP3}`, { range: "bytes=0-9", "if-range": etag })).status).toBe(206);
    const changed = await get(`/public/${MP3}`, { range: "bytes=0-9", "if-range": '"something-else"' });
    expect(changed.status).toBe(200);
    expect((await body(changed)).length).toBe(size);
  });

  it("gives the answers serveStatic gives the house's tracks", async () => {
    const ranges = [undefined, "bytes=0-99", "bytes=100-", "bytes=-500", "bytes=9990-20000", "bytes=0-0", `bytes=${size}-`, "bytes=-0"];
    for (const range of ranges) {
      for (const method of ["GET", "HEAD"]) {
        const headers: Record<string, string> = range ? { range } : {};
        const [ours, theirs] = await Promise.all([get(`/public/${MP3}`, headers, method), get(`/static/${MP3}`, headers, method)]);
        const view = async (res: Response) => ({
          status: res.status,
          // serveStatic also names the type on a 416, which has no body to have one.
          type: res.status === 416 ? undefined : res.headers.get("content-type"),
          length: res.headers.get("content-length"),
          range: res.headers.get("content-range"),
          body: (await body(res)).toString("hex"),
        });
        expect(await view(ours), `${method} ${range}`).toEqual(await view(theirs));
      }
    }
  });
});
