/**
 * The S3 store against a real S3-compatible server over HTTP: s3rver, started here on a loopback
 * port with a temporary directory (no mock of the SDK). Then the whole path through an app
 * configured with S3_*: an upload lands in the bucket and /media/u/… is served from it.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ImageSchema } from "../../common/api/media.js";
import { loadConfig } from "../config.js";
import { signUpCreator, upload } from "../features/media/media.fixtures.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { createMediaStore } from "./create-store.js";
import type { MediaStore } from "./store.js";

const BUCKET = "maybe-media";
const KEY = `${"a".repeat(32)}/320.webp`;

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

  it("refuses keys that are not variant keys before any request", async () => {
    for (const key of ["../etc/passwd", `${"a".repeat(32)}/320.svg`, `${"A".repeat(32)}/320.jpg`, ""]) {
      await expect(store.put(key, Buffer.from("x"), "image/jpeg")).rejects.toThrow(/not a media variant key/);
      await expect(store.get(key)).rejects.toThrow(/not a media variant key/);
    }
  });
});

describe("an app configured with S3", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(env());
  });
  afterAll(async () => {
    await t.close();
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
