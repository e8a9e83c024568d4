/**
 * Uploads streamed to a file (readUploadToFile), and the reading both upload readers share
 * (parseUpload): limits, fields on either side of the file, broken bodies, backpressure and
 * memory. Bodies are generated as they are read, so a 20 MB upload never exists whole in the test.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readUploadToFile } from "./multipart-file.js";
import { MULTIPART_OVERHEAD_BYTES, parseUpload, readUpload } from "./multipart.js";

const BOUNDARY = "maybe-test-boundary-7MA4YWxkTrZu0gW";
const CHUNK = 64 * 1024;
const MB = 1024 * 1024;

type Part = { name: string; value: string } | { name: string; filename: string; size: number };

/** Bytes `offset`.. of a file part: a pattern that never contains the boundary. */
function fileBytes(offset: number, length: number): Buffer {
  const chunk = Buffer.allocUnsafe(length);
  for (let i = 0; i < length; i++) chunk[i] = ((offset + i) * 7 + 3) & 0xff;
  return chunk;
}

function sha256Of(size: number): string {
  const hash = createHash("sha256");
  for (let offset = 0; offset < size; offset += CHUNK) hash.update(fileBytes(offset, Math.min(CHUNK, size - offset)));
  return hash.digest("hex");
}

interface FormOptions {
  /** Sent as Content-Length: the true length, or what a client claims. */
  contentLength?: number | "true";
  /** The body ends (cleanly, but cut) after this many bytes. */
  cutAt?: number;
  /** The body fails (the client went away) after this many bytes. */
  failAt?: number;
  /** Called as each chunk is handed over, with the bytes handed over so far. */
  onPull?: (pulled: number) => void;
  /** Called with each chunk of a file part's bytes as it is made. */
  onChunk?: (chunk: Uint8Array) => void;
}

/** A multipart/form-data request whose body is made as it is read, in chunks of 64 KB at most. */
function form(parts: readonly Part[], options: FormOptions = {}) {
  const encoder = new TextEncoder();
  // The body as segments: framing text, or a file part's bytes to generate.
  const segments: (Uint8Array | { size: number })[] = [];
  for (const part of parts) {
    const disposition = "filename" in part ? `form-data; name="${part.name}"; filename="${part.filename}"` : `form-data; name="${part.name}"`;
    const type = "filename" in part ? "\r\nContent-Type: audio/mpeg" : "";
    segments.push(encoder.encode(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    segments.push("filename" in part ? { size: part.size } : encoder.encode(part.value));
    segments.push(encoder.encode("\r\n"));
  }
  segments.push(encoder.encode(`--${BOUNDARY}--\r\n`));
  const length = segments.reduce((sum, s) => sum + (s instanceof Uint8Array ? s.length : s.size), 0);

  let segment = 0;
  let offset = 0;
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (options.failAt !== undefined && pulled >= options.failAt) return controller.error(new Error("client went away"));
        if (segment >= segments.length || (options.cutAt !== undefined && pulled >= options.cutAt)) return controller.close();
        const current = segments[segment]!;
        const size = current instanceof Uint8Array ? current.length : current.size;
        const take = Math.min(CHUNK, size - offset, (options.cutAt ?? Infinity) - pulled, (options.failAt ?? Infinity) - pulled);
        const chunk = current instanceof Uint8Array ? current.subarray(offset, offset + take) : fileBytes(offset, take);
        if (!(current instanceof Uint8Array)) options.onChunk?.(chunk);
        offset += take;
        if (offset >= size) [segment, offset] = [segment + 1, 0];
        pulled += take;
        controller.enqueue(chunk);
        options.onPull?.(pulled);
      },
    },
    // Nothing is made before it is asked for.
    { highWaterMark: 0 },
  );
  const headers: Record<string, string> = { "content-type": `multipart/form-data; boundary=${BOUNDARY}` };
  if (options.contentLength !== undefined) headers["content-length"] = String(options.contentLength === "true" ? length : options.contentLength);
  const request = new Request("http://localhost/api/studio/tracks", { method: "POST", headers, body: stream, duplex: "half" } as RequestInit);
  return { request, length, pulled: () => pulled };
}

let root: string;
let dir: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "maybe-upload-"));
});
beforeEach(() => {
  dir = join(root, `uploads-${Math.random().toString(36).slice(2)}`);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const limits = (maxFileBytes: number, extra: { maxFieldBytes?: number } = {}) => ({
  field: "file",
  maxFileBytes,
  dir,
  fields: ["title", "description"] as const,
  ...extra,
});
const leftInDir = () => readdirSync(dir);

describe("readUploadToFile", () => {
  it("writes the file to a temporary file, with its hash, and keeps the named fields before and after it", async () => {
    const size = 300_000;
    const { request } = form([
      { name: "title", value: "Night Bus — ☾" },
      { name: "other", value: "dropped" },
      { name: "file", filename: "Café del Mar.mp3", size },
      { name: "description", value: "Recorded\r\non the 22." },
    ]);
    const read = await readUploadToFile(request, limits(MB));
    expect(read).toEqual({
      kind: "file",
      path: expect.stringMatching(/^.+\/upload-[0-9a-f]{24}\.part$/),
      size,
      sha256: sha256Of(size),
      filename: "Café del Mar.mp3",
      fields: { title: "Night Bus — ☾", description: "Recorded\r\non the 22." },
    });
    if (read.kind !== "file") return;
    expect(read.path.startsWith(dir)).toBe(true);
    expect(readFileSync(read.path).equals(fileBytes(0, size))).toBe(true);
    expect(leftInDir()).toHaveLength(1);
    rmSync(read.path);
  });

  it("takes a file of exactly the limit, and refuses one byte more with the temporary file removed", async () => {
    const exactly = await readUploadToFile(form([{ name: "file", filename: "a.mp3", size: 100_000 }]).request, limits(100_000));
    expect(exactly).toMatchObject({ kind: "file", size: 100_000, sha256: sha256Of(100_000) });
    if (exactly.kind === "file") rmSync(exactly.path);

    const over = form([{ name: "file", filename: "a.mp3", size: 100_001 }, { name: "title", value: "after" }]);
    expect(await readUploadToFile(over.request, limits(100_000))).toEqual({ kind: "tooLarge" });
    expect(leftInDir()).toEqual([]);
  });

  it("refuses a declared Content-Length over the limit before reading a byte", async () => {
    const upload = form([{ name: "file", filename: "a.mp3", size: 10 }], { contentLength: 1000 + MULTIPART_OVERHEAD_BYTES + 1 });
    expect(await readUploadToFile(upload.request, limits(1000))).toEqual({ kind: "tooLarge" });
    expect(upload.pulled()).toBe(0);
    expect(leftInDir()).toEqual([]);
  });

  it("stops reading a body (chunked, no length) once it passes the limit and the overhead", async () => {
    const upload = form([
      { name: "file", filename: "a.mp3", size: 1000 },
      { name: "padding", filename: "b.bin", size: 10 * MB },
    ]);
    expect(await readUploadToFile(upload.request, limits(1000))).toEqual({ kind: "tooLarge" });
    expect(upload.pulled()).toBeLessThan(1000 + MULTIPART_OVERHEAD_BYTES + CHUNK + 1);
    expect(leftInDir()).toEqual([]);
  });

  it("reports a missing file (no part, or an empty one) with the fields that came", async () => {
    const none = await readUploadToFile(form([{ name: "title", value: "No file" }]).request, limits(MB));
    expect(none).toEqual({ kind: "missing", fields: { title: "No file" } });
    const empty = await readUploadToFile(form([{ name: "file", filename: "", size: 0 }, { name: "description", value: "d" }]).request, limits(MB));
    expect(empty).toEqual({ kind: "missing", fields: { description: "d" } });
    expect(leftInDir()).toEqual([]);
  });

  it("calls a body malformed when it is not multipart, is cut short, or its client goes away, and leaves no file", async () => {
    const json = new Request("http://localhost/", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(await readUploadToFile(json, limits(MB))).toEqual({ kind: "malformed" });
    const noBoundary = new Request("http://localhost/", { method: "POST", headers: { "content-type": "multipart/form-data; charset=utf-8" }, body: "x" });
    expect(await readUploadToFile(noBoundary, limits(MB))).toEqual({ kind: "malformed" });

    const parts = [{ name: "file", filename: "a.mp3", size: 500_000 }];
    expect(await readUploadToFile(form(parts, { cutAt: 200_000 }).request, limits(MB))).toEqual({ kind: "malformed" });
    expect(leftInDir()).toEqual([]);
    expect(await readUploadToFile(form(parts, { failAt: 200_000 }).request, limits(MB))).toEqual({ kind: "malformed" });
    expect(leftInDir()).toEqual([]);
  });

  it("keeps a field of exactly its size and calls a longer one malformed, 4 KB unless told", async () => {
    const file = { name: "file", filename: "a.mp3", size: 10 };
    const exactly = await readUploadToFile(form([{ name: "title", value: "t".repeat(4096) }, file]).request, limits(MB));
    expect(exactly).toMatchObject({ kind: "file", fields: { title: "t".repeat(4096) } });
    if (exactly.kind === "file") rmSync(exactly.path);

    expect(await readUploadToFile(form([file, { name: "description", value: "é".repeat(2049) }]).request, limits(MB))).toEqual({ kind: "malformed" });
    expect(await readUploadToFile(form([{ name: "title", value: "t".repeat(101) }, file]).request, limits(MB, { maxFieldBytes: 100 }))).toEqual({
      kind: "malformed",
    });
    // Fields not asked for may be long: they are dropped.
    const other = await readUploadToFile(form([{ name: "other", value: "o".repeat(10_000) }, file]).request, limits(MB));
    expect(other).toMatchObject({ kind: "file", fields: {} });
    if (other.kind === "file") rmSync(other.path);
    expect(leftInDir()).toEqual([]);
  });
});

describe("memory while an upload streams in", () => {
  // What of the upload is still held while it is under way, counted chunk by chunk: each chunk of
  // the file is a buffer of its own, watched through a WeakRef, and after a full collection the
  // ones still alive are what the reader keeps (a buffered file: nearly all of them). Counting
  // objects, not process.memoryUsage(): V8 frees buffers' memory in the background after a
  // collection, so the process's figures moved by whatever earlier tests left (14 MB once).
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const SIZE = 20 * MB;
  const measured = async (read: (request: Request) => Promise<unknown>) => {
    let peak = 0;
    const chunks: WeakRef<ArrayBufferLike>[] = [];
    // Counted once each time the upload passes a mark, however the chunks fall: 10 and 18 MB in.
    const marks = [10 * MB, 18 * MB];
    const upload = form([{ name: "title", value: "Twenty" }, { name: "file", filename: "big.mp3", size: SIZE }], {
      onChunk: (chunk) => chunks.push(new WeakRef(chunk.buffer)),
      onPull: (pulled) => {
        while (marks.length > 0 && pulled >= marks[0]!) {
          marks.shift();
          gc();
          peak = Math.max(peak, chunks.filter((ref) => ref.deref() !== undefined).length * CHUNK);
        }
      },
    });
    const result = await read(upload.request);
    expect(marks, "the upload passed every mark").toEqual([]);
    return { result, peak };
  };

  it("holds a few chunks of a 20 MB upload written to a file, not the file", async () => {
    const { result, peak } = await measured((request) => readUploadToFile(request, limits(25 * MB)));
    expect(result).toMatchObject({ kind: "file", size: SIZE, sha256: sha256Of(SIZE), fields: { title: "Twenty" } });
    expect(peak).toBeLessThan(8 * MB);
    if ((result as { kind: string }).kind === "file") rmSync((result as { path: string }).path);
  });

  it("(the measure's control: the same upload read into memory holds it)", async () => {
    const { result, peak } = await measured((request) => readUpload(request, { field: "file", maxFileBytes: 25 * MB }));
    expect(result).toMatchObject({ kind: "file", sha256: sha256Of(SIZE) });
    expect(peak).toBeGreaterThan(15 * MB);
  });
});

describe("parseUpload, shared by both readers", () => {
  it("reads the body no faster than the file's consumer takes it", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = () => {};
    const firstChunk = new Promise<void>((resolve) => (started = resolve));
    const size = 8 * MB;
    const upload = form([{ name: "file", filename: "a.mp3", size }]);
    const parsing = parseUpload(upload.request, {
      field: "file",
      maxFileBytes: 10 * MB,
      fields: [],
      maxFieldBytes: 100,
      consume: async (source) => {
        for await (const chunk of source) {
          void chunk;
          started();
          await gate;
        }
      },
    });
    await firstChunk;
    // Turns of the event loop, not time: a reader that ignored backpressure would have read all 8 MB in far fewer.
    for (let turn = 0; turn < 200; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(upload.pulled()).toBeLessThan(MB);
    release();
    expect(await parsing).toMatchObject({ outcome: "done", file: { size, sha256: sha256Of(size) } });
  });

  it("stops when the consumer fails (a full disk), and throws its error instead of waiting for it forever", async () => {
    const upload = form([{ name: "file", filename: "a.mp3", size: 4 * MB }]);
    const parsing = parseUpload(upload.request, {
      field: "file",
      maxFileBytes: 10 * MB,
      fields: [],
      maxFieldBytes: 100,
      consume: async (source) => {
        for await (const chunk of source) {
          void chunk;
          throw Object.assign(new Error("no space left on device"), { code: "ENOSPC" });
        }
      },
    });
    await expect(parsing).rejects.toThrow(/no space left/);
    expect(upload.pulled()).toBeLessThan(MB);
  });
});
