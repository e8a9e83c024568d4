/**
 * Where uploaded media live (docs/decisions/0018): one small interface, two implementations. A
 * directory under DATA_DIR by default (local-store.ts); S3-compatible object storage when
 * S3_BUCKET is set (s3-store.ts), so several instances share one set of media. create-store.ts
 * picks one by the configuration.
 *
 * Keys are never chosen by a user. There are two shapes: an image's variant,
 * `{hash}/{width}.{ext}` (image-view.ts variantKey), and a track's audio, `tracks/{hash}.{ext}`
 * (audioKey). Every store checks a key against them before it touches a path or an object name.
 */
import { IMAGE_FORMATS } from "./image-view.js";

export interface StoredObjectInfo {
  /** The whole object's size, also when only a range of it is read. */
  size: number;
  contentType: string;
}

/** Bytes `start` to `end`, both included (as in an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject extends StoredObjectInfo {
  /** The object's bytes: all of them, or those of `range` when one was asked for. */
  body: ReadableStream<Uint8Array>;
  /** With a ranged read, the bytes the body carries: the range asked for, its end cut to the object's last byte. */
  range?: ByteRange;
}

export interface MediaStore {
  /** Stores the bytes under `key`; an existing object is replaced as a whole, never seen half-written. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Stores the file at `path` as `put` does, streamed from disk (tracks are up to 25 MB); the file is left where it is. */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /**
   * The object as a stream, or undefined when there is none. With a range, the body carries only
   * those bytes: `end` is cut to the object's last byte, and a `start` past it is a RangeError
   * (resolve the range against `head` first: serve.ts).
   */
  get(key: string, range?: ByteRange): Promise<StoredObject | undefined>;
  /** Size and type without the body (HEAD requests, checking that variants are still there). */
  head(key: string): Promise<StoredObjectInfo | undefined>;
  /** Deletes the objects; keys with no object are not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Releases connections (S3); the local store has none. */
  close(): void;
}

/** `{32 hex}/{width}.{avif|webp|jpg}`: an image's variant. */
export const VARIANT_KEY = /^[0-9a-f]{32}\/[1-9]\d{0,4}\.(avif|webp|jpg)$/;

/** `tracks/{32 hex}.{mp3|ogg}`: a track's audio, named by its content like an image. */
export const AUDIO_KEY = /^tracks\/[0-9a-f]{32}\.(mp3|ogg)$/;

const AUDIO_TYPES = { mp3: "audio/mpeg", ogg: "audio/ogg" } as const;

export type AudioExt = keyof typeof AUDIO_TYPES;

export function isVariantKey(key: string): boolean {
  return VARIANT_KEY.test(key);
}

export function isAudioKey(key: string): boolean {
  return AUDIO_KEY.test(key);
}

/** The key of a track's audio, from the SHA-256 (hex) of its bytes. */
export function audioKey(sha256Hex: string, ext: AudioExt): string {
  const key = `tracks/${sha256Hex.slice(0, 32)}.${ext}`;
  assertMediaKey(key);
  return key;
}

/** Throws unless the key has one of the two shapes: the stores call it before using a key. */
export function assertMediaKey(key: string): void {
  if (!isVariantKey(key) && !isAudioKey(key)) throw new Error(`not a media key: ${JSON.stringify(key.slice(0, 80))}`);
}

/** Throws unless the range names at least one byte from a start ≥ 0 (whether it is inside the object is the store's to say). */
export function assertByteRange({ start, end }: ByteRange): void {
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`not a byte range: ${start}-${end}`);
  }
}

/** The Content-Type of an object, by its key's extension. */
export function contentTypeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf(".") + 1);
  if (Object.hasOwn(AUDIO_TYPES, ext)) return AUDIO_TYPES[ext as AudioExt];
  return IMAGE_FORMATS.find((f) => f.ext === ext)?.type ?? "application/octet-stream";
}
