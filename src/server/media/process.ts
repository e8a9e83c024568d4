/**
 * The image pipeline, as the server sees it (docs/decisions/0018): an upload's bytes in, every
 * variant to store out.
 *
 * - The type is judged by content: the first bytes must be JPEG, PNG, GIF, WebP or AVIF (checked
 *   here, at once), and libvips must then read the same format; the file's name and declared type
 *   count for nothing. SVG, HEIC, TIFF and the rest never reach a decoder.
 * - The decoding and encoding happen in the image worker (image-worker.ts), a child process forked
 *   on the first upload and stopped after IDLE_MS without one: one image at a time, its encodes one
 *   after another on one thread at a lower CPU priority, so uploads never take the server's event
 *   loop, its thread pool, its memory or more than one core from the site's other answers.
 * - Uploads wait their turn in a queue here (IMAGES_AT_ONCE).
 */
import { fork, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { setPriority } from "node:os";
import { fileURLToPath } from "node:url";
import { MEDIA_WIDTHS, type MEDIA_MESSAGES } from "../../common/api/media.js";
import { childProcessEnv } from "../config.js";
import { createLimiter } from "./limit.js";

export type ImageProblem = keyof Pick<typeof MEDIA_MESSAGES, "notImage" | "tooManyPixels" | "unreadable">;

/** An upload that is not an image we take; `problem` names the message (MEDIA_MESSAGES). */
export class ImageRefused extends Error {
  constructor(readonly problem: ImageProblem) {
    super(problem);
  }
}

export interface Variant {
  key: string;
  bytes: Buffer;
  contentType: string;
}

export interface ProcessedImage {
  /** Size of the largest variant, after auto-orientation. */
  width: number;
  height: number;
  /** Widths stored, ascending; each in AVIF, WebP and JPEG. */
  widths: number[];
  /** ThumbHash, base64. */
  placeholder: string;
  variants: Variant[];
}

export type UploadFormat = "jpeg" | "png" | "gif" | "webp" | "avif";

/** The variants' height is capped too: AVIF and WebP stop at 16,383 px, and a tall strip is no page image. */
export const MAX_VARIANT_HEIGHT = 4096;
/** Images processed at once by this server (in its one worker). */
export const IMAGES_AT_ONCE = 1;
/** Encodes of one image run at once in the worker: one, so a 12 MP photo takes one core for about a second. */
export const ENCODE_LANES = 1;
/** The worker's niceness: the server's own answers come first when both want a core. */
export const WORKER_NICENESS = 10;
/** The worker exits after this long without an image, giving its memory back. */
export const IDLE_MS = 60_000;
/**
 * glibc's malloc keeps an arena per thread that has allocated, and libvips' allocations leave them
 * large: measured over twelve 12 MP photos, the worker's peak was 424 MB with the default and 246 MB
 * with two arenas, at the same speed. MALLOC_ARENA_MAX set for the server wins.
 */
const WORKER_ENV_DEFAULTS = { MALLOC_ARENA_MAX: "2" };
/** An image that takes longer than this (a 12 MP photo takes about a second) stops the worker. */
export const JOB_TIMEOUT_MS = 60_000;

/** sha256 of the uploaded bytes, first 32 hex digits: the storage prefix of every variant. */
export function contentHash(bytes: Uint8Array): string {
  return contentHashOf(createHash("sha256").update(bytes).digest("hex"));
}

/** contentHash from a sha256 (hex) already computed, e.g. while the upload streamed in. */
export function contentHashOf(sha256: string): string {
  return sha256.slice(0, 32);
}

const ascii = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString("latin1");

/** The format the first bytes say, or undefined when they are not one we take. */
export function sniffImageFormat(bytes: Uint8Array): UploadFormat | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  const gif = ascii(bytes, 0, 6);
  if (gif === "GIF87a" || gif === "GIF89a") return "gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (ascii(bytes, 4, 8) === "ftyp") {
    // ISO-BMFF: major brand at 8, compatible brands from 16 to the end of the box.
    const boxEnd = Math.min(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).readUInt32BE(0), bytes.length, 256);
    const brands = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(ascii(bytes, at, at + 4));
    if (brands.includes("avif") || brands.includes("avis")) return "avif";
  }
  return undefined;
}

/** The widths stored for an image of this oriented size, ascending; at least one. */
export function variantWidths(width: number, height: number): number[] {
  const heightAt = (w: number) => Math.round((height * w) / width);
  const chosen = MEDIA_WIDTHS.filter((w) => w <= width && heightAt(w) <= MAX_VARIANT_HEIGHT);
  if (chosen.length > 0) return chosen;
  // Smaller than the smallest width, or a very tall strip: one variant, as wide as fits.
  return [Math.max(1, Math.min(width, Math.floor((MAX_VARIANT_HEIGHT * width) / height)))];
}

// ------------------------------------------------------------------------------- the worker

export interface WorkerJob {
  id: number;
  bytes: Uint8Array;
  hash: string;
  format: UploadFormat;
}

export type WorkerReply =
  | { id: number; image: ProcessedImage }
  | { id: number; refused: ImageProblem }
  | { id: number; error: string };

interface Pending {
  resolve(image: ProcessedImage): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

interface Worker {
  child: ChildProcess;
  pending: Map<number, Pending>;
  idle?: NodeJS.Timeout;
}

/**
 * The worker's entry beside this module: the TypeScript source under tsx or Vitest (run through
 * tsx's loader), the bundled image-worker.mjs beside the server bundle in production.
 */
function workerEntry(): { path: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith(".ts");
  const path = fileURLToPath(new URL(fromSource ? "./image-worker.ts" : "./image-worker.mjs", import.meta.url));
  return { path, execArgv: fromSource ? ["--import", "tsx"] : [] };
}

let worker: Worker | undefined;
let nextId = 0;

function startWorker(): Worker {
  const { path, execArgv } = workerEntry();
  const child = fork(path, [], {
    execArgv,
    env: childProcessEnv(WORKER_ENV_DEFAULTS),
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  try {
    setPriority(child.pid!, WORKER_NICENESS);
  } catch {
    // Not permitted here: it still works, only at the same priority.
  }
  const started: Worker = { child, pending: new Map() };
  child.on("message", (reply: WorkerReply) => {
    const job = started.pending.get(reply.id);
    if (!job) return;
    started.pending.delete(reply.id);
    clearTimeout(job.timer);
    if ("image" in reply) {
      // Advanced serialization brings Buffers back as Uint8Arrays.
      const variants = reply.image.variants.map((v) => ({ ...v, bytes: Buffer.from(v.bytes.buffer, v.bytes.byteOffset, v.bytes.byteLength) }));
      job.resolve({ ...reply.image, variants });
    } else if ("refused" in reply) {
      job.reject(new ImageRefused(reply.refused));
    } else {
      job.reject(new Error(`image worker: ${reply.error}`));
    }
    settle(started);
  });
  child.on("error", () => undefined); // A failed send or spawn; 'exit' follows and fails what was pending.
  child.once("exit", (code, signal) => {
    if (worker === started) worker = undefined;
    clearTimeout(started.idle);
    for (const job of started.pending.values()) {
      clearTimeout(job.timer);
      job.reject(new Error(`image worker stopped (${signal ?? code}) while processing an image`));
    }
    started.pending.clear();
  });
  // Neither the worker nor its channel keeps the server running; a job in flight refs the channel.
  child.unref();
  child.channel?.unref();
  return started;
}

/** After a job: idle again, the worker may keep the process alive no longer, and stops if nothing comes. */
function settle(w: Worker): void {
  if (w.pending.size > 0) return;
  w.child.channel?.unref();
  clearTimeout(w.idle);
  w.idle = setTimeout(() => stopWorker(w), IDLE_MS);
  w.idle.unref();
}

function stopWorker(w: Worker): void {
  if (worker === w) worker = undefined;
  clearTimeout(w.idle);
  if (w.child.connected) w.child.disconnect();
  w.child.kill();
}

function runInWorker(bytes: Buffer, hash: string, format: UploadFormat): Promise<ProcessedImage> {
  const w = (worker ??= startWorker());
  clearTimeout(w.idle);
  w.child.channel?.ref();
  const id = ++nextId;
  return new Promise<ProcessedImage>((resolve, reject) => {
    const timer = setTimeout(() => {
      w.pending.delete(id);
      reject(new Error(`image worker: no answer after ${JOB_TIMEOUT_MS} ms`));
      stopWorker(w);
    }, JOB_TIMEOUT_MS);
    w.pending.set(id, { resolve, reject, timer });
    const job: WorkerJob = { id, bytes, hash, format };
    w.child.send(job, (error) => {
      if (!error) return;
      // The worker died before taking the job: stop it for good, the next upload gets a new one.
      w.pending.delete(id);
      clearTimeout(timer);
      reject(new Error(`image worker: ${error.message}`));
      stopWorker(w);
    });
  });
}

/** The worker's process id while it runs (tests read its memory). */
export function imageWorkerPid(): number | undefined {
  return worker?.child.pid;
}

/** Stops the worker now (shutdown); the next upload would start another. */
export function stopImageWorker(): void {
  if (worker) stopWorker(worker);
}

const queue = createLimiter(IMAGES_AT_ONCE);

/**
 * Checks the upload and makes every variant, waiting its turn behind other uploads. Throws
 * ImageRefused for anything that is not an image we take, an Error when the worker fails.
 */
export async function processImage(bytes: Buffer, hash: string): Promise<ProcessedImage> {
  // The cheap check first, before waiting in the queue: most wrong files are refused at once.
  const format = sniffImageFormat(bytes);
  if (!format) throw new ImageRefused("notImage");
  return queue.run(() => runInWorker(bytes, hash, format));
}
