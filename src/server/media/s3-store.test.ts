/**
 * The S3 store against a real S3-compatible server over HTTP: s3rver, started here on a loopback
 * port with a temporary directory (no mock of the SDK). Then the whole path through an app
 * configured with S3_*: an upload lands in the bucket and /media/u/… is served from it, and a
 * creator's track lands there too and is served from it with ranges.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ImageSchema } from "../../common/api/media.js";
import { loadConfig } from "../config.js";
import type { StudioTrack } from "../../common/api/studio-tracks.js";
import { stopAudioAnalysis } from "../audio/analyse.js";
import { encodeMp3, signal } from "../audio/audio.fixtures.js";
import { multipart, signUpCreator, upload } from "../features/media/media.fixtures.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { createMediaStore } from "./create-store.js";
import { createS3Store } from "./s3-store.js";
import { audioKey, type MediaStore } from "./store.js";

const BUCKET = "maybe-media";
const KEY = `${"a".repeat(32)}/320.webp`;
const TRACK = audioKey(createHash("sha256").update("a track").digest("hex"), "mp3");
const text = async (body: ReadableStream<Uint8Array>) => Buffer.from(await new Response(body).arrayBuffer());

let server: S3rver;
let directory: string;
let endpoint: string;
const env = () => ({ S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" });

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "maybe-s3rver-"));
  server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

describe("S3 media store", () => {
  let store: MediaStore;
  beforeAll(async () => {
    store = await createMediaStore(loadConfig({ NODE_ENV: "test", DATA_DIR: directory, AUTH_SECRET: "x".repeat(32), ...env() }).media);
  });
  afterAll(() => store.close());

  it("puts, heads, gets and deletes objects", async () => {
    expect(store.constructor.name).toBe("S3MediaStore");
    const bytes = Buffer.from("RIFF....WEBPVP8 not really, but bytes");
    await store.put(KEY, bytes, "image/webp");
    expect(await store.head(KEY)).toEqual({ size: bytes.length, contentType: "image/webp" });
    const object = await store.get(KEY);
    expect(object).toMatchObject({ size: bytes.length, contentType: "image/webp" });
    expect(Buffer.from(await new Response(object!.body).arrayBuffer())).toEqual(bytes);

    // Replaced whole.
    await store.put(KEY, Buffer.from("second"), "image/webp");
    expect(Buffer.from(await new Response((await store.get(KEY))!.body).arrayBuffer()).toString()).toBe("second");

    await store.delete([KEY, `${"b".repeat(32)}/320.jpg`]);
    expect(await store.head(KEY)).toBeUndefined();
    expect(await store.get(KEY)).toBeUndefined();
  });

  it("stores a track from a file, streamed, and reads it back whole and in ranges", async () => {
    // ~3 MB: more than one part of any buffer on the way, and past the SDK's 100-continue threshold.
    const bytes = randomBytes(3 * 1024 * 1024 + 123);
    const file = join(directory, "track.part");
    writeFileSync(file, bytes);
    await store.putFile(TRACK, file, "audio/mpeg");
    rmSync(file);

    expect(await store.head(TRACK)).toEqual({ size: bytes.length, contentType: "audio/mpeg" });
    const whole = await store.get(TRACK);
    expect(whole).toMatchObject({ size: bytes.length, contentType: "audio/mpeg" });
    expect((await text(whole!.body)).equals(bytes)).toBe(true);

    const part = await store.get(TRACK, { start: 1_000_000, end: 1_999_999 });
    expect(part).toMatchObject({ size: bytes.length, range: { start: 1_000_000, end: 1_999_999 } });
    expect((await text(part!.body)).equals(bytes.subarray(1_000_000, 2_000_000))).toBe(true);
    // The end is cut to the last byte; a start past it is a RangeError, not a missing object.
    const tail = await store.get(TRACK, { start: bytes.length - 10, end: bytes.length + 1000 });
    expect(tail!.range).toEqual({ start: bytes.length - 10, end: bytes.length - 1 });
    expect((await text(tail!.body)).equals(bytes.subarray(bytes.length - 10))).toBe(true);
    await expect(store.get(TRACK, { start: bytes.length, end: bytes.length + 5 })).rejects.toThrow(RangeError);
    expect(await store.get(audioKey("f".repeat(64), "ogg"), { start: 0, end: 9 })).toBeUndefined();

    await store.delete([TRACK]);
    expect(await store.head(TRACK)).toBeUndefined();
  });

  it("stores images with the immutable Cache-Control and audio with none (the app decides)", async () => {
    await store.put(KEY, Buffer.from("image"), "image/webp");
    await store.put(TRACK, Buffer.from("audio"), "audio/mpeg");
    const client = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });
    try {
      const cacheControl = async (Key: string) => (await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key }))).CacheControl;
      expect(await cacheControl(KEY)).toBe("public, max-age=31536000, immutable");
      expect(await cacheControl(TRACK)).toBeUndefined();
    } finally {
      client.destroy();
      await store.delete([KEY, TRACK]);
    }
  });

  it("refuses keys that are neither variant nor audio keys before any request", async () => {
    const file = join(directory, "refused.part");
    writeFileSync(file, "x");
    for (const key of ["../etc/passwd", `${"a".repeat(32)}/320.svg`, `${"A".repeat(32)}/320.jpg`, `tracks/${"a".repeat(32)}.wav`, `tracks/${"a".repeat(31)}.mp3`, ""]) {
      await expect(store.put(key, Buffer.from("x"), "image/jpeg")).rejects.toThrow(/not a media key/);
      await expect(store.putFile(key, file, "audio/mpeg")).rejects.toThrow(/not a media key/);
      await expect(store.get(key)).rejects.toThrow(/not a media key/);
      await expect(store.get(key, { start: 0, end: 1 })).rejects.toThrow(/not a media key/);
      await expect(store.head(key)).rejects.toThrow(/not a media key/);
      await expect(store.delete([key])).rejects.toThrow(/not a media key/);
    }
    rmSync(file);
  });
});

describe("putFile when the server fails once", () => {
  it("sends the whole file again: the SDK cannot retry a streamed body itself", async () => {
    // A stand-in for S3 over HTTP that answers the first PUT with 503, after reading all of it.
    const received: number[] = [];
    const server = createServer((req: IncomingMessage, res) => {
      let length = 0;
      req.on("data", (chunk: Buffer) => (length += chunk.length));
      req.on("end", () => {
        received.push(length);
        if (received.length === 1) {
          res.writeHead(503, { "content-type": "application/xml" }).end("<Error><Code>SlowDown</Code><Message>busy</Message></Error>");
        } else {
          res.writeHead(200, { etag: '"x"' }).end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const store = await createS3Store({
      bucket: BUCKET,
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      accessKeyId: "x",
      secretAccessKey: "y",
      forcePathStyle: true,
    });
    const file = join(directory, "retried.part");
    writeFileSync(file, Buffer.alloc(300_000, 7));
    try {
      await store.putFile(TRACK, file, "audio/mpeg");
      expect(received).toEqual([300_000, 300_000]);
    } finally {
      store.close();
      rmSync(file);
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("an app configured with S3", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(env());
  });
  afterAll(async () => {
    await stopAudioAnalysis();
    await t.close();
  });

  it("stores a creator's track in the bucket and serves it from there with ranges once it is in rotation", async () => {
    const { cookie } = await signUpCreator(t);
    const mp3 = encodeMp3(signal(44_100, [{ seconds: 2, db: -18, hz: 440 }]));
    const { body, contentType } = multipart([
      { name: "title", data: "Bucket Song" },
      { name: "file", filename: "song.mp3", type: "audio/mpeg", data: mp3 },
    ]);
    const res = await t.request("/api/studio/tracks", { method: "POST", cookie, body, headers: { "content-type": contentType } });
    expect(res.status).toBe(201);
    const track = (await res.json()) as StudioTrack;
    const key = track.audio_url.replace("/media/", "");
    const other = await createMediaStore(t.config.media);
    try {
      expect(await other.head(key)).toMatchObject({ size: mp3.length });
    } finally {
      other.close();
    }
    expect((await t.request(track.audio_url)).status).toBe(404);
    await t.database.db.updateTable("track").set({ status: "rotation", position: 99 }).where("id", "=", track.id).execute();
    const part = await t.request(track.audio_url, { headers: { range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${mp3.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(mp3.subarray(100, 200))).toBe(true);
  });

  it("stores uploads in the bucket and serves them from it", async () => {
    const { cookie } = await signUpCreator(t);
    const photo = await sharp({ create: { width: 700, height: 400, channels: 3, background: "#446688" } }).jpeg().toBuffer();
    const res = await upload(t, cookie, photo);
    expect(res.status).toBe(201);
    const image = ImageSchema.parse(await res.json());
    expect(image.width).toBe(640);

    const served = await t.request(image.src);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width]).toEqual(["jpeg", 640]);
    expect((await t.request(image.src, { method: "HEAD" })).headers.get("content-length")).toBe(served.headers.get("content-length"));

    // In the bucket, read by a store of its own (as another instance would): not in the app's directory.
    const other = await createMediaStore(t.config.media);
    try {
      const key = image.src.replace("/media/u/", "");
      expect(await other.head(key)).toMatchObject({ contentType: "image/jpeg" });
    } finally {
      other.close();
    }
    expect(existsSync(t.config.media.dir)).toBe(false);
    expect((await t.request(image.src.replace(/[0-9a-f]{32}/, "f".repeat(32)))).status).toBe(404);
  });
});
