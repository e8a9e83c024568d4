/**
 * The Range header of a GET (RFC 9110 §14), for media served from the store (serve.ts). One range
 * of bytes, in the three forms browsers send when an <audio> element seeks or resumes:
 * `bytes=a-b`, `bytes=a-` and `bytes=-n` (the last n). The answers match what
 * @hono/node-server's serveStatic gives the house's tracks under /media/audio (lib/static.ts),
 * which keeps its own parser inside the package, unexported; a test holds the two side by side.
 *
 * Where serveStatic sends the whole file as a 206 for a header it cannot read, this ignores the
 * header, as the RFC asks (an unknown unit MUST be ignored): several ranges, another unit, or a
 * last byte before the first get the whole object with a 200.
 */
import type { ByteRange } from "./store.js";

export type RangeAnswer =
  /** No range, or one to ignore: the whole object, 200. */
  | { kind: "whole" }
  /** These bytes, 206 with Content-Range. */
  | ({ kind: "part" } & ByteRange)
  /** A range that names no byte of the object: 416 with `Content-Range: bytes *\/size`. */
  | { kind: "unsatisfiable" };

const ONE_RANGE = /^bytes=(\d*)-(\d*)$/i;

export function resolveRange(header: string | undefined, size: number): RangeAnswer {
  const match = ONE_RANGE.exec(header?.trim() ?? "");
  if (!match) return { kind: "whole" };
  const [, first = "", last = ""] = match;
  if (first === "") {
    if (last === "") return { kind: "whole" }; // "bytes=-": no range at all.
    const length = Number(last);
    // The last n bytes: all of them when n is larger; none (unsatisfiable) when n or the object is empty.
    if (length === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "part", start: Math.max(size - length, 0), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? Infinity : Number(last);
  if (end < start) return { kind: "whole" }; // Not a range (RFC 9110 §14.1.1): ignored.
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "part", start, end: Math.min(end, size - 1) };
}
