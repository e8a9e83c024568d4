/**
 * POST /api/studio/media and GET /media/u/…: real sharp, real files in the test app's DATA_DIR,
 * images generated here. The S3 store has its own test (media/s3-store.test.ts).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import sharp from "sharp";
import { thumbHashToRGBA } from "thumbhash";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ImageSchema, MEDIA_MAX_BYTES, MEDIA_MESSAGES, type Image } from "../../../common/api/media.js";
import { STORY_MESSAGES } from "../../../common/api/studio.js";
import { MEDIA_URL_PREFIX } from "../../media/image-view.js";
import { imageWorkerPid } from "../../media/process.js";
import { UPLOAD_ROUTES } from "../../lib/security.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { hasGpsIfd, multipart, pngBomb, signUpCreator, twoToneJpeg, upload } from "./media.fixtures.js";

let t: TestApp;
let creator: string;
let subscriber: string;
let creatorUid: string;

beforeAll(async () => {
  t = await createTestApp();
  const made = await signUpCreator(t);
  creator = made.cookie;
  creatorUid = made.user.uid;
  subscriber = (await t.signUp()).cookie;
});
afterAll(async () => {
  await t.close();
});

const mediaRows = async () => t.database.db.selectFrom("media").selectAll().execute();
/** Files in the media store's directory, as `hash/width.ext`. */
const storedFiles = () => {
  const dir = t.config.media.dir;
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((hash) => readdirSync(`${dir}/${hash}`).map((file) => `${hash}/${file}`));
};
/** The variant URLs of an answer, from its srcsets: `[url, width]`. */
const variantsOf = (image: Image) =>
  [image.srcset, ...image.sources.map((s) => s.srcset)].flatMap((set) =>
    set.split(", ").map((entry) => {
      const [url, w] = entry.split(" ");
      return [url!, Number(w!.replace("w", ""))] as const;
    }),
  );
const fetchBytes = async (url: string) => {
  const res = await t.request(url);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
};
/**
 * A process's resident memory now and its peak since the call (Linux: writing 5 to clear_refs
 * resets the peak), in bytes.
 */
function memoryOf(pid: number): { rss: number; peak: number } {
  const field = (name: string) => Number(/(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith(`${name}:`)) ?? "")?.[1]) * 1024;
  const rss = field("VmRSS");
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    // Not allowed here: the peak is then the process's lifetime peak, which only makes the check stricter.
  }
  return { rss, get peak() {
    return field("VmHWM");
  } };
}
/** Waits for a condition (an event in this process, such as a child's exit being handled). */
async function until(condition: () => boolean, timeoutMs = 5_000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

describe("POST /api/studio/media", () => {
  it("stores a JPEG as AVIF, WebP and JPEG at each width up to its own, served immutable with the right types", async () => {
    const photo = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: "#2f7d5b" } }).jpeg().toBuffer();
    const res = await upload(t, creator, photo, { filename: "market.jpeg" });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const image = ImageSchema.parse(await res.json());
    expect(image.id).toMatch(/^m_/);
    expect([image.width, image.height]).toEqual([1600, 1067]);
    const hash = /^\/media\/u\/([0-9a-f]{32})\/1024\.jpg$/.exec(image.src)?.[1];
    // Named by the content: sha256 of the uploaded bytes.
    expect(hash).toBe(createHash("sha256").update(photo).digest("hex").slice(0, 32));
    expect(image.sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);

    const variants = variantsOf(image);
    expect(variants).toHaveLength(12);
    expect([...new Set(variants.map(([, w]) => w))]).toEqual([320, 640, 1024, 1600]);
    for (const [url, width] of variants) {
      const { res: served, bytes } = await fetchBytes(url);
      expect(served.status, url).toBe(200);
      const ext = url.slice(url.lastIndexOf(".") + 1);
      const type = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" }[ext];
      expect(served.headers.get("content-type")).toBe(type);
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Number(served.headers.get("content-length"))).toBe(bytes.length);
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe({ avif: "heif", webp: "webp", jpg: "jpeg" }[ext]);
      expect(metadata.width).toBe(width);
      expect(metadata.height).toBe(Math.round((1200 * width) / 1800));
    }

    // The placeholder is a real ThumbHash of the image: its colour is the photo's.
    const placeholder = thumbHashToRGBA(Buffer.from(image.placeholder, "base64"));
    expect(placeholder.w).toBeGreaterThan(0);
    const [r, g, b] = placeholder.rgba;
    expect(Math.abs(r! - 0x2f) + Math.abs(g! - 0x7d) + Math.abs(b! - 0x5b)).toBeLessThan(40);

    const [row] = (await mediaRows()).filter((m) => m.id === image.id);
    expect(row).toMatchObject({ owner_id: creatorUid, hash, width: 1600, height: 1067, widths: "[320,640,1024,1600]", bytes: photo.length, orphaned_at: null });
    expect(row!.placeholder).toBe(image.placeholder);
    expect(storedFiles().filter((f) => f.startsWith(hash!))).toHaveLength(12);
  });

  it("strips EXIF and GPS from every variant, and turns the pixels by the EXIF orientation", async () => {
    // Stored 4000 × 3000 with orientation 6: shown turned a quarter clockwise, 3000 × 4000.
    const photo = await twoToneJpeg(4000, 3000, { orientation: 6, gps: true });
    const input = await sharp(photo).metadata();
    expect(input.orientation).toBe(6);
    expect(hasGpsIfd(input.exif)).toBe(true);

    const res = await upload(t, creator, photo);
    expect(res.status).toBe(201);
    const image = ImageSchema.parse(await res.json());
    expect([image.width, image.height]).toEqual([1600, 2133]);
    for (const [url] of variantsOf(image)) {
      const metadata = await sharp((await fetchBytes(url)).bytes).metadata();
      expect(metadata.exif, url).toBeUndefined();
      expect(metadata.xmp, url).toBeUndefined();
      expect(metadata.orientation ?? 1, url).toBe(1);
      expect(metadata.height! > metadata.width!, url).toBe(true);
    }
    // The red upper half of the stored pixels is now on the right, the blue lower half on the left.
    const { data, info } = await sharp((await fetchBytes(image.src)).bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const middle = Math.floor(info.height / 2);
    const [leftR, , leftB] = pixel(10, middle);
    const [rightR, , rightB] = pixel(info.width - 10, middle);
    expect(leftB! > 200 && leftR! < 60).toBe(true);
    expect(rightR! > 200 && rightB! < 60).toBe(true);
  });

  it("stores a small image at its own width, keeps transparency in AVIF/WebP and flattens JPEG onto white", async () => {
    const png = await sharp({ create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const res = await upload(t, creator, png, { filename: "icon.png", type: "image/png" });
    expect(res.status).toBe(201);
    const image = ImageSchema.parse(await res.json());
    expect([image.width, image.height]).toEqual([200, 100]);
    expect(variantsOf(image).map(([url]) => url.split("/").at(-1))).toEqual(["200.jpg", "200.avif", "200.webp"]);
    const webp = await sharp((await fetchBytes(variantsOf(image)[2]![0])).bytes).metadata();
    expect(webp.hasAlpha).toBe(true);
    const jpeg = await sharp((await fetchBytes(image.src)).bytes).raw().toBuffer();
    expect([...jpeg.subarray(0, 3)]).toEqual([255, 255, 255]);
  });

  it("takes every format it names, judged by content (GIF, WebP, AVIF)", async () => {
    for (const format of ["gif", "webp", "avif"] as const) {
      const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#884422" } }).toFormat(format).toBuffer();
      const res = await upload(t, creator, bytes, { filename: "no-extension", type: "application/octet-stream" });
      expect(res.status, format).toBe(201);
      expect(ImageSchema.parse(await res.json()).width).toBe(320);
    }
  });

  it("reuses the stored variants of identical bytes, with a row of its own", async () => {
    const photo = await sharp({ create: { width: 700, height: 500, channels: 3, background: "#123456" } }).jpeg().toBuffer();
    const first = ImageSchema.parse(await (await upload(t, creator, photo)).json());
    const files = storedFiles().length;
    const again = await upload(t, creator, photo, { filename: "same-again.jpg" });
    expect(again.status).toBe(201);
    const second = ImageSchema.parse(await again.json());
    expect(second.id).not.toBe(first.id);
    expect({ ...second, id: first.id }).toEqual(first);
    expect(storedFiles().length).toBe(files);
    const rows = (await mediaRows()).filter((m) => m.id === first.id || m.id === second.id);
    expect(rows.map((r) => r.hash)).toEqual([rows[0]!.hash, rows[0]!.hash]);
  });

  it("refuses a file over 10 MB with 413 and stores nothing", async () => {
    const rowsBefore = (await mediaRows()).length;
    const filesBefore = storedFiles().length;
    const tooBig = Buffer.alloc(MEDIA_MAX_BYTES + 1, 7);
    tooBig.set([0xff, 0xd8, 0xff, 0xe0]);
    for (const bytes of [tooBig, Buffer.alloc(MEDIA_MAX_BYTES * 2)]) {
      const res = await upload(t, creator, bytes);
      expect(res.status).toBe(413);
      expect(await errorOf(res)).toEqual({ code: "IMAGE_TOO_LARGE", message: MEDIA_MESSAGES.tooLarge, fields: { file: MEDIA_MESSAGES.tooLarge } });
    }
    // Exactly the limit is not too large (it is refused for what it is, not for its size).
    const atLimit = await upload(t, creator, Buffer.alloc(MEDIA_MAX_BYTES, 1));
    expect(atLimit.status).toBe(415);
    expect((await mediaRows()).length).toBe(rowsBefore);
    expect(storedFiles().length).toBe(filesBefore);
  });

  it("judges the type by content: text, SVG or TIFF named .jpg is 415, a corrupt JPEG 400", async () => {
    const rowsBefore = (await mediaRows()).length;
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    const tiff = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#fff" } }).tiff().toBuffer();
    for (const bytes of [Buffer.from("This is not a picture at all, just words."), Buffer.from(svg), tiff]) {
      const res = await upload(t, creator, bytes, { filename: "photo.jpg", type: "image/jpeg" });
      expect(res.status).toBe(415);
      expect(await errorOf(res)).toEqual({ code: "UNSUPPORTED_MEDIA_TYPE", message: MEDIA_MESSAGES.notImage, fields: { file: MEDIA_MESSAGES.notImage } });
    }
    // JPEG magic in front of a PNG: the bytes say one thing, the decoder another.
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#fff" } }).png().toBuffer();
    const disguised = await upload(t, creator, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png]));
    expect(disguised.status).toBe(400);

    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 30 } } }).jpeg().toBuffer();
    const truncated = await upload(t, creator, photo.subarray(0, Math.floor(photo.length / 2)));
    expect(truncated.status).toBe(400);
    expect(await errorOf(truncated)).toEqual({ code: "VALIDATION_FAILED", message: MEDIA_MESSAGES.unreadable, fields: { file: MEDIA_MESSAGES.unreadable } });
    expect((await mediaRows()).length).toBe(rowsBefore);
  });

  it("refuses a decompression bomb (a PNG that says 20,000 × 20,000) from its header, without the memory growing", async () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    // The worker that decodes is running (an upload starts it); its peak memory is measured from here.
    expect((await upload(t, creator, await sharp({ create: { width: 64, height: 64, channels: 3, background: "#000" } }).png().toBuffer())).status).toBe(201);
    const workerPid = imageWorkerPid()!;
    const workerBefore = memoryOf(workerPid);
    const rowsBefore = (await mediaRows()).length;
    const serverBefore = process.memoryUsage().rss;
    for (let i = 0; i < 3; i++) {
      const res = await upload(t, creator, bomb, { filename: "bomb.png", type: "image/png" });
      expect(res.status).toBe(413);
      expect(await errorOf(res)).toEqual({ code: "IMAGE_TOO_LARGE", message: MEDIA_MESSAGES.tooManyPixels, fields: { file: MEDIA_MESSAGES.tooManyPixels } });
    }
    // Inside the pixel limit by its header (36 MP) but with only a few rows of data: decoded as a stream, refused when the data ends.
    const short = await upload(t, creator, pngBomb(6000, 6000), { filename: "short.png", type: "image/png" });
    expect(short.status).toBe(400);
    // 20,000² RGB pixels would be 1.2 GB decoded; neither the server nor the worker came near.
    const MB = 1024 * 1024;
    expect(process.memoryUsage().rss - serverBefore).toBeLessThan(200 * MB);
    expect(imageWorkerPid()).toBe(workerPid);
    expect(memoryOf(workerPid).peak - workerBefore.rss).toBeLessThan(200 * MB);
    expect((await mediaRows()).length).toBe(rowsBefore);
  });

  it("starts a new image worker when the last one died", async () => {
    const photo = await sharp({ create: { width: 500, height: 400, channels: 3, background: "#556677" } }).jpeg().toBuffer();
    expect((await upload(t, creator, photo)).status).toBe(201);
    const first = imageWorkerPid()!;
    process.kill(first, "SIGKILL");
    await until(() => imageWorkerPid() !== first);
    const again = await upload(t, creator, Buffer.concat([photo, Buffer.from("another upload")]));
    expect(again.status).toBe(201);
    expect(imageWorkerPid()).not.toBe(first);
  });

  it("answers 400 naming the file field when there is no file", async () => {
    const forms = [multipart([]), multipart([{ name: "title", data: "A cover" }]), multipart([{ name: "file", filename: "", type: "application/octet-stream", data: "" }])];
    for (const { body, contentType } of forms) {
      const res = await t.request("/api/studio/media", { method: "POST", cookie: creator, body, headers: { "content-type": contentType } });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toEqual({ code: "VALIDATION_FAILED", message: MEDIA_MESSAGES.missing, fields: { file: MEDIA_MESSAGES.missing } });
    }
    // Multipart that does not parse, and no body at all.
    const broken = await t.request("/api/studio/media", {
      method: "POST",
      cookie: creator,
      body: "--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.jpg\"\r\n\r\nnever ends",
      headers: { "content-type": "multipart/form-data; boundary=x" },
    });
    expect(broken.status).toBe(400);
    expect((await t.request("/api/studio/media", { method: "POST", cookie: creator })).status).toBe(400);
  });

  it("is for signed-in creators only: 401 signed out, 403 NOT_CREATOR for a subscriber, nothing stored", async () => {
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#aa3311" } }).jpeg().toBuffer();
    const rowsBefore = (await mediaRows()).length;
    const signedOut = await upload(t, undefined, photo);
    expect(signedOut.status).toBe(401);
    expect((await errorOf(signedOut)).code).toBe("UNAUTHORIZED");
    const notCreator = await upload(t, subscriber, photo);
    expect(notCreator.status).toBe(403);
    expect(await errorOf(notCreator)).toEqual({ code: "NOT_CREATOR", message: STORY_MESSAGES.notCreator });
    expect((await mediaRows()).length).toBe(rowsBefore);
  });

  it("is refused from another site (CSRF), with or without a cookie", async () => {
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#aa3311" } }).jpeg().toBuffer();
    for (const cookie of [creator, undefined]) {
      const res = await upload(t, cookie, photo, {}, { origin: "https://evil.example" });
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe("FORBIDDEN_ORIGIN");
    }
    // A cookie and no Origin at all is refused too.
    expect((await upload(t, creator, photo, {}, { origin: null })).status).toBe(403);
  });
});

describe("the API's JSON guards let exactly the upload route through", () => {
  it("lists the upload routes: images and the radio's tracks", () => {
    expect([...UPLOAD_ROUTES]).toEqual(["POST /api/studio/media", "POST /api/studio/tracks"]);
  });

  it("still refuses a JSON body on the upload route, and multipart or large bodies everywhere else", async () => {
    const json = await t.request("/api/studio/media", { json: { file: "x" }, cookie: creator });
    expect(json.status).toBe(415);
    expect((await errorOf(json)).message).toBe("Send the file as multipart/form-data.");

    const { body, contentType } = multipart([{ name: "file", filename: "a.jpg", type: "image/jpeg", data: "x" }]);
    const elsewhere = await t.request("/api/me/subscribe", { method: "POST", cookie: creator, body, headers: { "content-type": contentType } });
    expect(elsewhere.status).toBe(415);
    expect((await errorOf(elsewhere)).message).toBe("Send the request body as application/json.");
    // The same path under another method is no upload either.
    const put = await t.request("/api/studio/media", { method: "PUT", cookie: creator, body, headers: { "content-type": contentType } });
    expect(put.status).toBe(415);

    const big = await t.request("/api/newsletter", { json: { email: `${"a".repeat(200 * 1024)}@example.com` } });
    expect(big.status).toBe(413);
    expect((await errorOf(big)).code).toBe("PAYLOAD_TOO_LARGE");
  });
});

describe("GET /media/u/…", () => {
  it("answers 404 for unknown and malformed keys, HEAD with the size, and 304 for a matching ETag", async () => {
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#335577" } }).jpeg().toBuffer();
    const image = ImageSchema.parse(await (await upload(t, creator, photo)).json());
    const hash = image.src.split("/")[3]!;
    for (const path of [
      `${MEDIA_URL_PREFIX}${"0".repeat(32)}/320.jpg`,
      `${MEDIA_URL_PREFIX}${hash}/321.jpg`,
      `${MEDIA_URL_PREFIX}${hash}/320.png`,
      `${MEDIA_URL_PREFIX}${hash.toUpperCase()}/320.jpg`,
      `${MEDIA_URL_PREFIX}${hash}/320.jpg.tmp`,
      `${MEDIA_URL_PREFIX}${hash}`,
      `${MEDIA_URL_PREFIX}..%2F..%2Fmaybe.db`,
      `${MEDIA_URL_PREFIX}${hash}/..%2F..%2Fmaybe.db`,
    ]) {
      const res = await t.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("cache-control") ?? "", path).not.toContain("immutable");
    }

    const get = await t.request(image.src);
    const head = await t.request(image.src, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/jpeg");
    expect(head.headers.get("content-length")).toBe(get.headers.get("content-length"));
    expect(await head.text()).toBe("");
    expect((await t.request(`${MEDIA_URL_PREFIX}${"0".repeat(32)}/320.jpg`, { method: "HEAD" })).status).toBe(404);

    const etag = get.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const again = await t.request(image.src, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});
