/**
 * Media in S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, …), for several instances
 * sharing one set of media: objects named by their key, with the type stored beside them (and,
 * for images, the immutable Cache-Control). Tested against a real S3-compatible server over HTTP
 * (s3rver, s3-store.test.ts), never a mock of the SDK.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { S3Client as S3ClientType } from "@aws-sdk/client-s3";
import type { S3Config } from "../config.js";
import {
  assertByteRange,
  assertMediaKey,
  type ByteRange,
  isVariantKey,
  type MediaStore,
  type StoredObject,
  type StoredObjectInfo,
} from "./store.js";

type Sdk = typeof import("@aws-sdk/client-s3");

const IMMUTABLE = "public, max-age=31536000, immutable";
/** Objects deleted at once: an image has 12 variants at most, so a handful of requests in flight. */
const DELETE_PARALLEL = 6;
/** Tries of a file's upload: the SDK does not retry a streamed body (it cannot rewind it), so putFile does. */
const PUT_FILE_ATTEMPTS = 3;

export async function createS3Store(config: S3Config): Promise<MediaStore> {
  const sdk = await import("@aws-sdk/client-s3");
  const client = new sdk.S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    // Checksums only where the API requires them: S3-compatible servers differ in which of the
    // newer flexible checksums they understand, and our objects are small and written whole.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
  return new S3MediaStore(sdk, client, config.bucket);
}

export class S3MediaStore implements MediaStore {
  constructor(
    private readonly sdk: Sdk,
    private readonly client: S3ClientType,
    private readonly bucket: string,
  ) {}

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertMediaKey(key);
    await this.client.send(new this.sdk.PutObjectCommand({ ...this.objectOf(key, contentType), Body: bytes, ContentLength: bytes.byteLength }));
  }

  async putFile(key: string, path: string, contentType: string): Promise<void> {
    assertMediaKey(key);
    const { size } = await stat(path);
    for (let attempt = 1; ; attempt++) {
      // A stream with its length: sent as it is read, never held whole, and a new one each try.
      const body = createReadStream(path);
      try {
        await this.client.send(new this.sdk.PutObjectCommand({ ...this.objectOf(key, contentType), Body: body, ContentLength: size }));
        return;
      } catch (error) {
        if (attempt >= PUT_FILE_ATTEMPTS || !isTransient(error)) throw error;
      } finally {
        body.destroy();
      }
    }
  }

  /**
   * What every object is stored with. Images carry the immutable Cache-Control (their URL names
   * the content); audio none, because who may hear a track, and so how long it may be kept, is
   * decided by the app on each request (features/radio).
   */
  private objectOf(key: string, contentType: string) {
    return { Bucket: this.bucket, Key: key, ContentType: contentType, CacheControl: isVariantKey(key) ? IMMUTABLE : undefined };
  }

  async head(key: string): Promise<StoredObjectInfo | undefined> {
    assertMediaKey(key);
    try {
      const out = await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? "application/octet-stream" };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | undefined> {
    assertMediaKey(key);
    if (range) assertByteRange(range);
    try {
      const out = await this.client.send(
        new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range && `bytes=${range.start}-${range.end}` }),
      );
      if (!out.Body) return undefined;
      const object = {
        size: out.ContentLength ?? 0,
        contentType: out.ContentType ?? "application/octet-stream",
        body: out.Body.transformToWebStream() as ReadableStream<Uint8Array>,
      };
      if (!range) return object;
      // A ranged answer's length is the part's; its Content-Range names the part and the whole: "bytes 0-99/1234".
      const part = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(out.ContentRange ?? "");
      if (!part) {
        await object.body.cancel();
        throw new Error(`no Content-Range in the answer to a ranged GetObject of ${key}`);
      }
      return { ...object, size: Number(part[3]), range: { start: Number(part[1]), end: Number(part[2]) } };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      if (statusOf(error) === 416) throw new RangeError(`range ${range?.start}-${range?.end} is past the end of ${key}`);
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    keys.forEach(assertMediaKey);
    // One DeleteObject per key rather than DeleteObjects: every S3-compatible server has it, and
    // deleting a key that is not there succeeds.
    const queue = [...keys];
    const worker = async () => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
        await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
      }
    };
    await Promise.all(Array.from({ length: Math.min(DELETE_PARALLEL, queue.length) }, worker));
  }

  close(): void {
    this.client.destroy();
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === "NoSuchKey" || name === "NotFound" || statusOf(error) === 404;
}

/** Worth another try: the server's trouble (5xx, throttled) or the connection's, not a refusal of the request. */
function isTransient(error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined) return status >= 500 || status === 429;
  const code = (error as NodeJS.ErrnoException).code ?? "";
  return ["ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT"].includes(code) || (error as Error).name === "TimeoutError";
}
