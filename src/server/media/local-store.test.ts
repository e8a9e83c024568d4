/** The directory store: files from disk (putFile), ranged reads, and the keys it accepts. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalMediaStore } from "./local-store.js";
import { audioKey } from "./store.js";

const TRACK = audioKey("0123456789abcdef".repeat(4), "mp3");
const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 31 + 7) & 0xff));
const text = async (body: ReadableStream<Uint8Array>) => Buffer.from(await new Response(body).arrayBuffer());

let root: string;
let store: LocalMediaStore;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "maybe-local-store-"));
  store = new LocalMediaStore(join(root, "media"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the local media store", () => {
  it("names a track's audio by the first 32 hex of its hash", () => {
    expect(TRACK).toBe("tracks/0123456789abcdef0123456789abcdef.mp3");
    expect(audioKey("f".repeat(64), "ogg")).toBe(`tracks/${"f".repeat(32)}.ogg`);
    expect(() => audioKey("not hex at all, not even close....", "mp3")).toThrow(/not a media key/);
  });

  it("stores a file from disk by copying it into place, and leaves the file alone", async () => {
    const source = join(root, "upload.part");
    writeFileSync(source, bytes);
    await store.putFile(TRACK, source, "audio/mpeg");
    rmSync(source); // The caller deletes its temporary file afterwards.
    expect(readFileSync(join(store.dir, TRACK))).toEqual(bytes);
    expect(await store.head(TRACK)).toEqual({ size: bytes.length, contentType: "audio/mpeg" });
    // Replaced whole, with no temporary file left beside it.
    writeFileSync(source, "second");
    await store.putFile(TRACK, source, "audio/mpeg");
    expect(readFileSync(join(store.dir, TRACK), "utf8")).toBe("second");
    expect(readdirSync(join(store.dir, "tracks"))).toEqual([TRACK.slice("tracks/".length)]);
    await store.put(TRACK, bytes, "audio/mpeg");
  });

  it("reads a range of bytes, the size staying the whole object's", async () => {
    const whole = await store.get(TRACK);
    expect(whole).toMatchObject({ size: bytes.length, contentType: "audio/mpeg" });
    expect(whole!.range).toBeUndefined();
    expect(await text(whole!.body)).toEqual(bytes);

    const part = await store.get(TRACK, { start: 1000, end: 1999 });
    expect(part).toMatchObject({ size: bytes.length, range: { start: 1000, end: 1999 } });
    expect(await text(part!.body)).toEqual(bytes.subarray(1000, 2000));

    // The end is cut to the last byte; a single byte is a range too.
    const tail = await store.get(TRACK, { start: 4990, end: 10_000 });
    expect(tail!.range).toEqual({ start: 4990, end: 4999 });
    expect(await text(tail!.body)).toEqual(bytes.subarray(4990));
    expect(await text((await store.get(TRACK, { start: 0, end: 0 }))!.body)).toEqual(bytes.subarray(0, 1));
  });

  it("refuses a range past the end or not a range, and has no object for a key not stored", async () => {
    await expect(store.get(TRACK, { start: 5000, end: 5001 })).rejects.toThrow(RangeError);
    await expect(store.get(TRACK, { start: 10, end: 9 })).rejects.toThrow(RangeError);
    await expect(store.get(TRACK, { start: -1, end: 9 })).rejects.toThrow(RangeError);
    const absent = audioKey("e".repeat(64), "ogg");
    expect(await store.get(absent, { start: 0, end: 9 })).toBeUndefined();
    expect(await store.head(absent)).toBeUndefined();
  });

  it("accepts image variant keys and audio keys only, before touching a path", async () => {
    const source = join(root, "any.part");
    writeFileSync(source, "x");
    for (const key of ["../etc/passwd", "tracks/../../x.mp3", `tracks/${"a".repeat(32)}.wav`, `tracks/${"A".repeat(32)}.mp3`, `${"a".repeat(32)}.mp3`, ""]) {
      await expect(store.putFile(key, source, "audio/mpeg")).rejects.toThrow(/not a media key/);
      await expect(store.put(key, bytes, "audio/mpeg")).rejects.toThrow(/not a media key/);
      await expect(store.get(key, { start: 0, end: 1 })).rejects.toThrow(/not a media key/);
      await expect(store.head(key)).rejects.toThrow(/not a media key/);
      await expect(store.delete([key])).rejects.toThrow(/not a media key/);
    }
    expect(readdirSync(root).sort()).toEqual(["any.part", "media", "upload.part"]);
  });

  it("deletes a track and keeps the tracks directory the others share", async () => {
    await store.delete([TRACK]);
    expect(await store.head(TRACK)).toBeUndefined();
    expect(readdirSync(store.dir)).toEqual(["tracks"]);
  });
});
