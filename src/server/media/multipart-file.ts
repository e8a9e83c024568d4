/**
 * Reads a multipart/form-data upload whose file goes to disk as it arrives (a track: up to 25 MB,
 * too much to hold per request), with the small text fields that came with it. The file is
 * written to a new temporary file under `dir`, hashed on the way; memory holds a few chunks at a
 * time, as the body is read no faster than the disk takes it. Every outcome but "file" leaves no
 * file behind; after "file", the caller deletes `path` when done with it.
 */
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { parseUpload } from "./multipart.js";

export type FileUploadRead =
  /** size and sha256 (hex) of the bytes written to `path`. */
  | { kind: "file"; path: string; size: number; sha256: string; filename: string; fields: Record<string, string> }
  /** No file part of that name, or an empty one; the fields that came. */
  | { kind: "missing"; fields: Record<string, string> }
  /** The file passed maxFileBytes, or the body that plus MULTIPART_OVERHEAD_BYTES. */
  | { kind: "tooLarge" }
  /** Not multipart, multipart that does not parse, a body cut short, or a kept field longer than maxFieldBytes. */
  | { kind: "malformed" };

export interface FileUploadLimits {
  /** The form field that carries the file. */
  field: string;
  /** Largest file accepted, in bytes (exactly this many pass). */
  maxFileBytes: number;
  /** Where the temporary file is written (created if need be). */
  dir: string;
  /** The text fields to keep; any others are dropped. */
  fields: readonly string[];
  /** Longest value of a kept field, in bytes: 4 KB unless told. */
  maxFieldBytes?: number;
}

const MAX_FIELD_BYTES = 4 * 1024;

export async function readUploadToFile(request: Request, limits: FileUploadLimits): Promise<FileUploadRead> {
  const { dir, maxFieldBytes = MAX_FIELD_BYTES } = limits;
  await mkdir(dir, { recursive: true });
  // A name no one else has (`wx` makes sure), not derived from anything the client sent.
  const path = join(dir, `upload-${randomBytes(12).toString("hex")}.part`);
  try {
    const read = await parseUpload(request, {
      ...limits,
      maxFieldBytes,
      // pipeline waits for the disk: while the file's stream is full, the part is not read, and so neither is the body.
      consume: (source) => pipeline(source, createWriteStream(path, { flags: "wx" })),
    });
    if (read.outcome !== "done") {
      await rm(path, { force: true });
      return { kind: read.outcome };
    }
    if (!read.file || read.file.size === 0) {
      await rm(path, { force: true });
      return { kind: "missing", fields: read.fields };
    }
    const { size, sha256, filename } = read.file;
    return { kind: "file", path, size, sha256, filename, fields: read.fields };
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}
