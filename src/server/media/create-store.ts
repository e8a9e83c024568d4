/** The media store the configuration names: S3 when S3_BUCKET is set, else the directory (store.ts). */
import type { MediaConfig } from "../config.js";
import type { MediaStore } from "./store.js";

export async function createMediaStore(config: MediaConfig): Promise<MediaStore> {
  if (config.s3) {
    // Loaded only when configured: the SDK costs start-up time and memory an instance without S3 need not pay.
    const { createS3Store } = await import("./s3-store.js");
    return createS3Store(config.s3);
  }
  const { LocalMediaStore } = await import("./local-store.js");
  return new LocalMediaStore(config.dir);
}
