/**
 * Reads the one file of a multipart/form-data upload as it streams in, with busboy. A body that
 * says it is larger than the file's limit allows is refused before a byte is read, and one that
 * turns out larger (chunked, or a lying Content-Length) stops being read at the limit.
 *
 * parseUpload is the reading itself, shared by the two ways of keeping the file: readUpload below
 * holds an image in memory (10 MB at most, decoded whole anyway), readUploadToFile
 * (multipart-file.ts) streams a track to disk.
 */
import { createHash } from "node:crypto";
import busboy from "busboy";

export type UploadRead =
  /** sha256: of the file's bytes, hex, hashed as they arrived (no pause of 20 ms for 10 MB at the end). */
  | { kind: "file"; bytes: Buffer; filename: string; sha256: string }
  /** No part of that name, or an empty one (a form sent without choosing a file). */
  | { kind: "missing" }
  | { kind: "tooLarge" }
  /** Not multipart, or multipart that does not parse. */
  | { kind: "malformed" };

/** Room for the multipart framing and a few small fields around the file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Fields not asked for that are still parsed (and dropped) before busboy ignores the rest. */
const OTHER_FIELDS = 8;

export interface UploadLimits {
  /** The form field that carries the file. */
  field: string;
  /** Largest file accepted, in bytes. */
  maxFileBytes: number;
}

export function isMultipart(contentType: string | undefined | null): boolean {
  return /^multipart\/form-data\s*;/i.test(contentType ?? "");
}

export async function readUpload(request: Request, limits: UploadLimits): Promise<UploadRead> {
  const chunks: Buffer[] = [];
  const read = await parseUpload(request, {
    ...limits,
    fields: [],
    maxFieldBytes: 1024,
    consume: async (source) => {
      for await (const chunk of source) chunks.push(chunk);
    },
  });
  if (read.outcome !== "done") return { kind: read.outcome };
  if (!read.file || read.file.size === 0) return { kind: "missing" };
  return { kind: "file", bytes: Buffer.concat(chunks, read.file.size), filename: read.file.filename, sha256: read.file.sha256 };
}

export interface ParseOptions extends UploadLimits {
  /** The small text fields to keep; any others are dropped. */
  fields: readonly string[];
  /** Longest value of a kept field, in bytes; a longer one makes the form malformed. */
  maxFieldBytes: number;
  /**
   * Takes the file part's bytes as they arrive, at its own pace: the body is read no faster than
   * it takes them, so only a few chunks are ever in memory. It must take them all. An error of its
   * own (not one of the form's, which parseUpload reports) stops the reading and is thrown.
   */
  consume(source: AsyncIterable<Buffer>): Promise<void>;
}

export interface ParsedUpload {
  /** tooLarge: the body or the file passed its limit; malformed: not multipart, not parsed, or a kept field too long. */
  outcome: "done" | "malformed" | "tooLarge";
  /** The file part, when there was one: its size and SHA-256 (hex), counted as it was read. */
  file?: { filename: string; size: number; sha256: string };
  /** The kept fields that came, before or after the file. */
  fields: Record<string, string>;
}

/** Parses the upload, handing the file part to `consume`; returns once `consume` has finished, whatever the outcome. */
export async function parseUpload(request: Request, options: ParseOptions): Promise<ParsedUpload> {
  const { field, maxFileBytes, consume } = options;
  const fields: Record<string, string> = {};
  const contentType = request.headers.get("content-type");
  if (!isMultipart(contentType) || !request.body) return { outcome: "malformed", fields };
  const maxBodyBytes = maxFileBytes + MULTIPART_OVERHEAD_BYTES;
  const declared = Number(request.headers.get("content-length") ?? "");
  if (declared > maxBodyBytes) return { outcome: "tooLarge", fields };

  const wanted = new Set(options.fields);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType! },
      // Browsers send a file's name as raw UTF-8.
      defParamCharset: "utf8",
      // busboy counts a part that reaches its size limit as cut off: one byte more, so exactly the limit passes.
      limits: {
        fileSize: maxFileBytes + 1,
        files: 1,
        fields: wanted.size + OTHER_FIELDS,
        fieldSize: options.maxFieldBytes + 1,
        parts: wanted.size + OTHER_FIELDS + 1,
        headerPairs: 16,
      },
    });
  } catch {
    // No boundary, or a type busboy does not know.
    return { outcome: "malformed", fields };
  }

  let file: { filename: string; size: number; hash: ReturnType<typeof createHash> } | undefined;
  let fileTooLarge = false;
  let fieldTooLarge = false;
  let consumed: Promise<void> = Promise.resolve();
  // The consumer's own failure (a full disk): parsing stops, as the part's stream is no longer read.
  let failure: { error: unknown } | undefined;
  let onFailure = () => {};
  const failed = new Promise<"failed">((resolve) => (onFailure = () => resolve("failed")));

  const parsed = new Promise<"done" | "malformed">((resolve) => {
    parser.on("file", (name, stream, info) => {
      // A form cut short destroys the part's stream with the parser's error, reported below.
      stream.on("error", () => undefined);
      if (name !== field || file) {
        stream.resume();
        return;
      }
      const found = { filename: info.filename ?? "", size: 0, hash: createHash("sha256") };
      file = found;
      stream.on("limit", () => (fileTooLarge = true));
      let formBroke = false;
      async function* counted(): AsyncGenerator<Buffer> {
        try {
          for await (const chunk of stream as AsyncIterable<Buffer>) {
            found.size += chunk.length;
            found.hash.update(chunk);
            yield chunk;
          }
        } catch (error) {
          formBroke = true;
          throw error;
        }
      }
      consumed = consume(counted()).catch((error: unknown) => {
        if (formBroke) return; // The form's fault, reported by the parser as malformed.
        failure = { error };
        onFailure();
      });
    });
    parser.on("field", (name, value, info) => {
      if (!wanted.has(name) || Object.hasOwn(fields, name)) return;
      if (info.valueTruncated) fieldTooLarge = true;
      else fields[name] = value;
    });
    parser.on("close", () => resolve("done"));
    parser.on("error", () => resolve("malformed"));
  });

  // Fed by hand, so the whole body's size is counted and the parser's backpressure respected:
  // busboy holds back write callbacks (and so "drain") until the file part's stream is read.
  const reader = request.body.getReader();
  let total = 0;
  let outcome: "done" | "malformed" | "tooLarge" | undefined;
  void parsed.then((value) => (outcome ??= value));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBodyBytes || failure) {
        if (!failure) outcome = "tooLarge";
        await reader.cancel().catch(() => undefined);
        break;
      }
      if (outcome) continue; // The parser has given up; drain the rest so the answer can be sent.
      if (!parser.write(value)) await Promise.race([new Promise((resolve) => parser.once("drain", resolve)), parsed, failed]);
    }
  } catch {
    outcome ??= "malformed"; // The client went away mid-upload.
  }
  if (outcome !== "tooLarge" && !failure) {
    parser.end();
    const ended = await Promise.race([parsed, failed]);
    if (ended !== "failed") outcome = ended;
  }
  // Stopped early: destroying the parser ends the file part's stream with an error, so `consume` finishes.
  if (outcome === "tooLarge" || failure) parser.destroy();
  parser.removeAllListeners("file");
  await consumed;
  if (failure) throw failure.error;
  if (outcome === "tooLarge" || fileTooLarge) return { outcome: "tooLarge", fields };
  if (outcome === "malformed" || fieldTooLarge) return { outcome: "malformed", fields };
  return { outcome: "done", fields, file: file && { filename: file.filename, size: file.size, sha256: file.hash.digest("hex") } };
}
