/**
 * Where the variants of uploaded images live (docs/decisions/0018): one small interface, two
 * implementations. A directory under DATA_DIR by default (local-store.ts); S3-compatible object
 * storage when S3_BUCKET is set (s3-store.ts), so several instances share one set of media.
 * create-store.ts picks one by the configuration.
 *
 * Keys are never chosen by a user: they are `{hash}/{width}.{ext}` (image-view.ts variantKey),
 * checked against VARIANT_KEY by every store before it touches a path or an object name.
 */
import { IMAGE_FORMATS, type ImageExt } from "./image-view.js";

export interface StoredObjectInfo {
  size: number;
  contentType: string;
}

export interface StoredObject extends StoredObjectInfo {
  body: ReadableStream<Uint8Array>;
}

export interface MediaStore {
  /** Stores the bytes under `key`; an existing object is replaced as a whole, never seen half-written. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object as a stream, or undefined when there is none. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Size and type without the body (HEAD requests, checking that variants are still there). */
  head(key: string): Promise<StoredObjectInfo | undefined>;
  /** Deletes the objects; keys with no object are not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Releases connections (S3); the local store has none. */
  close(): void;
}

/** `{32 hex}/{width}.{avif|webp|jpg}`: the only keys a store accepts. */
export const VARIANT_KEY = /^[0-9a-f]{32}\/[1-9]\d{0,4}\.(avif|webp|jpg)$/;

export function isVariantKey(key: string): boolean {
  return VARIANT_KEY.test(key);
}

export function assertVariantKey(key: string): void {
  if (!isVariantKey(key)) throw new Error(`not a media variant key: ${JSON.stringify(key.slice(0, 80))}`);
}

/** The Content-Type of a variant, by its key's extension. */
export function contentTypeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf(".") + 1) as ImageExt;
  return IMAGE_FORMATS.find((f) => f.ext === ext)?.type ?? "application/octet-stream";
}
