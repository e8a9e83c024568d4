/**
 * The load generators' response parser (bench/load.ts, bench/stats-load.ts): where a complete
 * HTTP/1.1 response ends in what a keep-alive socket has received, by Content-Length or chunked
 * framing. Its own module: each generator registers a child-process message handler at import.
 */
const HEADER_END = Buffer.from("\r\n\r\n");

/** Length and status of a complete response at the start of `buf` (headers + body), or undefined if incomplete. */
export function responseLength(buf: Buffer): { length: number; status: number } | undefined {
  const headerEnd = buf.indexOf(HEADER_END);
  if (headerEnd < 0) return undefined;
  const head = buf.toString("latin1", 0, headerEnd);
  const status = Number(head.slice(9, 12));
  const bodyStart = headerEnd + 4;
  const lengthMatch = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (lengthMatch) {
    const total = bodyStart + Number(lengthMatch[1]);
    return buf.length >= total ? { length: total, status } : undefined;
  }
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    let at = bodyStart;
    for (;;) {
      const lineEnd = buf.indexOf("\r\n", at, "latin1");
      if (lineEnd < 0) return undefined;
      const size = parseInt(buf.toString("latin1", at, lineEnd), 16);
      const next = lineEnd + 2 + size + 2;
      if (buf.length < next) return undefined;
      if (size === 0) return { length: next, status };
      at = next;
    }
  }
  return { length: bodyStart, status };
}
