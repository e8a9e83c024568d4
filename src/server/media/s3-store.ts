/**
 * Media in S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, …), for several instances
 * sharing one set of images: objects named by their variant key, with the type and the immutable
 * Cache-Control stored beside them. Tested against a real S3-compatible server over HTTP
 * (s3rver, s3-store.test.ts), never a mock of the SDK.
 */
import type { S3Client as S3ClientType } from "@aws-sdk/client-s3";
import type { S3Config } from "../config.js";
import { assertVariantKey, type MediaStore, type StoredObject, type StoredObjectInfo } from "./store.js";

type Sdk = typeof import("@aws-sdk/client-s3");

const IMMUTABLE = "public, max-age=31536000, immutable";
/** Objects deleted at once: an image has 12 variants at most, so a handful of requests in flight. */
const DELETE_PARALLEL = 6;

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
    assertVariantKey(key);
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentLength: bytes.byteLength,
        ContentType: contentType,
        CacheControl: IMMUTABLE,
      }),
    );
  }

  async head(key: string): Promise<StoredObjectInfo | undefined> {
    assertVariantKey(key);
    try {
      const out = await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? "application/octet-stream" };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | undefined> {
    assertVariantKey(key);
    try {
      const out = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!out.Body) return undefined;
      return {
        size: out.ContentLength ?? 0,
        contentType: out.ContentType ?? "application/octet-stream",
        body: out.Body.transformToWebStream() as ReadableStream<Uint8Array>,
      };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    keys.forEach(assertVariantKey);
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

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
}
