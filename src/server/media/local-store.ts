/**
 * Media in a directory (DATA_DIR/media by default): `{dir}/{hash}/{width}.{ext}` for images,
 * `{dir}/tracks/{hash}.{ext}` for audio. An object is written to a temporary file beside its place
 * and renamed into it, so a reader never sees half a file, even when two uploads of the same
 * content race.
 */
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { copyFile, mkdir, open, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import {
  assertByteRange,
  assertMediaKey,
  type ByteRange,
  contentTypeOfKey,
  isVariantKey,
  type MediaStore,
  type StoredObject,
  type StoredObjectInfo,
} from "./store.js";

export class LocalMediaStore implements MediaStore {
  constructor(readonly dir: string) {}

  /** The file of a key; the key is checked first, so no path a user chose is ever used. */
  private pathOf(key: string): string {
    assertMediaKey(key);
    return join(this.dir, key);
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    void contentType; // Known again from the extension when served.
    await this.replace(this.pathOf(key), (temporary) => writeFile(temporary, bytes));
  }

  async putFile(key: string, path: string, contentType: string): Promise<void> {
    void contentType;
    // Copied, not renamed: the caller's file may be on another filesystem and is the caller's to
    // delete. A clone where the filesystem can make one (btrfs, XFS), else the kernel's copy.
    await this.replace(this.pathOf(key), (temporary) => copyFile(path, temporary, constants.COPYFILE_FICLONE));
  }

  /** Writes `path` through a temporary file beside it, renamed into place. */
  private async replace(path: string, write: (temporary: string) => Promise<void>): Promise<void> {
    const temporary = `${path}.${randomBytes(6).toString("hex")}.tmp`;
    // Twice at most: the sweep may remove an image's emptied directory between mkdir and the write.
    for (let attempt = 1; ; attempt++) {
      try {
        await mkdir(dirname(path), { recursive: true });
        await write(temporary);
        await rename(temporary, path);
        return;
      } catch (error) {
        await rm(temporary, { force: true });
        if (attempt >= 2 || !isMissing(error)) throw error;
      }
    }
  }

  async head(key: string): Promise<StoredObjectInfo | undefined> {
    const path = this.pathOf(key);
    try {
      const info = await stat(path);
      return info.isFile() ? { size: info.size, contentType: contentTypeOfKey(key) } : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | undefined> {
    if (range) assertByteRange(range);
    let handle;
    try {
      handle = await open(this.pathOf(key), "r");
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    // Sized from the open file, so an object deleted meanwhile is still sent whole.
    const { size } = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    const contentType = contentTypeOfKey(key);
    // The stream closes the handle when it ends or is cancelled.
    if (!range) return { size, contentType, body: Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array> };
    if (range.start >= size) {
      await handle.close();
      throw new RangeError(`range ${range.start}-${range.end} is past the end of ${key} (${size} bytes)`);
    }
    const part = { start: range.start, end: Math.min(range.end, size - 1) };
    return { size, contentType, range: part, body: Readable.toWeb(handle.createReadStream(part)) as ReadableStream<Uint8Array> };
  }

  async delete(keys: readonly string[]): Promise<void> {
    const directories = new Set<string>();
    for (const key of keys) {
      const path = this.pathOf(key);
      await rm(path, { force: true });
      if (isVariantKey(key)) directories.add(dirname(path));
    }
    // An image's directory goes with its last variant; tracks/ is shared by every track and stays.
    for (const directory of directories) {
      await rmdir(directory).catch(() => undefined);
    }
  }

  close(): void {}
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}
