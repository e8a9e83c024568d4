/**
 * Media in a directory (DATA_DIR/media by default): `{dir}/{hash}/{width}.{ext}`. A variant is
 * written to a temporary file beside its place and renamed into it, so a reader never sees half a
 * file, even when two uploads of the same image race.
 */
import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { assertVariantKey, contentTypeOfKey, type MediaStore, type StoredObject, type StoredObjectInfo } from "./store.js";

export class LocalMediaStore implements MediaStore {
  constructor(readonly dir: string) {}

  /** The file of a key; the key is checked first, so no path a user chose is ever used. */
  private pathOf(key: string): string {
    assertVariantKey(key);
    return join(this.dir, key);
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    void contentType; // Known again from the extension when served.
    const path = this.pathOf(key);
    const temporary = `${path}.${randomBytes(6).toString("hex")}.tmp`;
    // Twice at most: the sweep may remove the image's emptied directory between mkdir and the write.
    for (let attempt = 1; ; attempt++) {
      try {
        await mkdir(dirname(path), { recursive: true });
        await writeFile(temporary, bytes);
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

  async get(key: string): Promise<StoredObject | undefined> {
    let handle;
    try {
      handle = await open(this.pathOf(key), "r");
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    // Sized from the open file, so a variant deleted meanwhile is still sent whole.
    const info = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    const stream = handle.createReadStream();
    return { size: info.size, contentType: contentTypeOfKey(key), body: Readable.toWeb(stream) as ReadableStream<Uint8Array> };
  }

  async delete(keys: readonly string[]): Promise<void> {
    const directories = new Set<string>();
    for (const key of keys) {
      const path = this.pathOf(key);
      await rm(path, { force: true });
      directories.add(dirname(path));
    }
    // An image's directory goes with its last variant.
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
