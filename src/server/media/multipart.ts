/**
 * Reads the one file of a multipart/form-data upload as it streams in, with busboy, never holding
 * more than the file's limit: a body that says it is larger is refused before a byte is read, and
 * one that turns out larger (chunked, or a lying Content-Length) stops being kept at the limit.
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

export interface UploadLimits {
  /** The form field that carries the file. */
  field: string;
  /** Largest file accepted, in bytes. */
  maxFileBytes: number;
}

export function isMultipart(contentType: string | undefined | null): boolean {
  return /^multipart\/form-data\s*;/i.test(contentType ?? "");
}

export async function readUpload(request: Request, { field, maxFileBytes }: UploadLimits): Promise<UploadRead> {
  const contentType = request.headers.get("content-type");
  if (!isMultipart(contentType) || !request.body) return { kind: "malformed" };
  const maxBodyBytes = maxFileBytes + MULTIPART_OVERHEAD_BYTES;
  const declared = Number(request.headers.get("content-length") ?? "");
  if (declared > maxBodyBytes) return { kind: "tooLarge" };

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType! },
      // busboy counts a file that reaches fileSize as cut off: one byte more, so exactly the limit passes.
      limits: { fileSize: maxFileBytes + 1, files: 1, fields: 8, fieldSize: 1024, parts: 9, headerPairs: 16 },
    });
  } catch {
    // No boundary, or a type busboy does not know.
    return { kind: "malformed" };
  }

  let chunks: Buffer[] = [];
  let size = 0;
  let filename = "";
  const sha256 = createHash("sha256");
  let found = false;
  let tooLarge = false;
  const parsed = new Promise<"done" | "malformed">((resolve) => {
    parser.on("file", (name, stream, info) => {
      // A form cut short destroys the part's stream with the parser's error, reported below.
      stream.on("error", () => undefined);
      if (name !== field || found) {
        stream.resume();
        return;
      }
      found = true;
      filename = info.filename ?? "";
      stream.on("data", (chunk: Buffer) => {
        if (tooLarge) return;
        chunks.push(chunk);
        sha256.update(chunk);
        size += chunk.length;
      });
      stream.on("limit", () => {
        tooLarge = true;
        chunks = [];
      });
    });
    parser.on("close", () => resolve("done"));
    parser.on("error", () => resolve("malformed"));
  });

  // Fed by hand, so the whole body's size is counted and the parser's backpressure respected.
  const reader = request.body.getReader();
  let total = 0;
  let outcome: "done" | "malformed" | "tooLarge" | undefined;
  void parsed.then((value) => (outcome ??= value));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBodyBytes) {
        outcome = "tooLarge";
        await reader.cancel().catch(() => undefined);
        break;
      }
      if (outcome) continue; // The parser has given up; drain the rest so the answer can be sent.
      if (!parser.write(value)) await Promise.race([new Promise((resolve) => parser.once("drain", resolve)), parsed]);
    }
  } catch {
    outcome ??= "malformed"; // The client went away mid-upload.
  }
  if (outcome !== "tooLarge") {
    parser.end();
    outcome = await parsed;
  }
  parser.removeAllListeners("file");
  if (outcome === "tooLarge" || tooLarge) return { kind: "tooLarge" };
  if (outcome === "malformed") return { kind: "malformed" };
  if (!found || size === 0) return { kind: "missing" };
  return { kind: "file", bytes: Buffer.concat(chunks, size), filename, sha256: sha256.digest("hex") };
}
