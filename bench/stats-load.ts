/**
 * Load generator of bench/stats.bench.ts, run as a child process on a core of its own: bench/load.ts's
 * closed loop (N keep-alive connections, one GET at a time each, raw sockets and a minimal
 * response parser), but every request is a browser's load of a page: Fetch Metadata
 * (`Sec-Fetch-Dest: document`), Chrome's user agent and headers, and its own visitor's address in
 * X-Forwarded-For (the server trusts one proxy), so the counting sees many visitors. Requests are
 * prebuilt, one per visitor, each for one of the pages in turn; a fifth of them come from a search
 * engine (Referer). With `rate`, an open loop instead: requests due on a schedule, each timed from
 * when it was due.
 *
 * Protocol: the parent sends a StatsLoadJob, the child answers with a StatsLoadResult, per job,
 * until it is sent { type: "exit" }.
 */
import { connect, type Socket } from "node:net";
import { responseLength } from "./http-response.js";

export interface StatsLoadJob {
  type: "run";
  host: string;
  port: number;
  paths: string[];
  /** Distinct visitors' addresses (10.x.y.z), one request each, cycled through. */
  visitors: number;
  connections: number;
  warmupMs: number;
  durationMs: number;
  /**
   * Open loop at this many requests a second (all connections together) instead of as fast as
   * answers come: each connection's requests are due on a schedule and timed from when they were
   * due, so a server that stalls cannot hide the stall by slowing the load down.
   */
  rate?: number;
}

export interface StatsLoadResult {
  /** Responses inside the measured window. */
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** Responses other than 200, and socket errors, inside the window. */
  failures: number;
  /** Every response of the job, the warm-up's too, and how many of them were 200 (each a counted view). */
  answered: number;
  answered200: number;
  bytesPerResponse: number;
}

export const CHROME_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** The request a visitor's browser sends for `path`. */
export function browserRequest(host: string, port: number, path: string, address: string, referer: string | undefined): string {
  return (
    `GET ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nConnection: keep-alive\r\n` +
    `sec-ch-ua: "Chromium";v="131", "Not_A Brand";v="24"\r\nsec-ch-ua-mobile: ?0\r\nsec-ch-ua-platform: "Linux"\r\n` +
    `Upgrade-Insecure-Requests: 1\r\nUser-Agent: ${CHROME_AGENT}\r\n` +
    `Accept: text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8\r\n` +
    `Sec-Fetch-Site: ${referer ? "cross-site" : "none"}\r\nSec-Fetch-Mode: navigate\r\nSec-Fetch-User: ?1\r\nSec-Fetch-Dest: document\r\n` +
    (referer ? `Referer: ${referer}\r\n` : "") +
    `Accept-Encoding: gzip, deflate, br, zstd\r\nAccept-Language: en-US,en;q=0.9\r\nX-Forwarded-For: ${address}\r\n\r\n`
  );
}

export const visitorAddress = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;


const percentile = (sorted: Float64Array, p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);

export function runStatsLoad(job: StatsLoadJob): Promise<StatsLoadResult> {
  const requests = Array.from({ length: job.visitors }, (_, i) =>
    Buffer.from(browserRequest(job.host, job.port, job.paths[i % job.paths.length]!, visitorAddress(i), i % 5 === 4 ? "https://www.google.com/" : undefined), "latin1"),
  );
  const start = performance.now();
  const measureFrom = start + job.warmupMs;
  const stopAt = measureFrom + job.durationMs;
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  let failures = 0;
  let answered = 0;
  let answered200 = 0;
  let bytes = 0;
  const sockets: Socket[] = [];

  return new Promise((resolve) => {
    let open = job.connections;
    const finishOne = () => {
      open -= 1;
      if (open > 0) return;
      const sorted = latencies.slice(0, count).sort();
      resolve({
        requests: count,
        rps: count / (job.durationMs / 1000),
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: count ? sorted[count - 1]! : NaN,
        failures,
        answered,
        answered200,
        bytesPerResponse: count ? bytes / count : 0,
      });
    };

    for (let c = 0; c < job.connections; c++) {
      const socket = connect({ host: job.host, port: job.port, noDelay: true });
      sockets.push(socket);
      let pending: Buffer = Buffer.alloc(0);
      let sentAt = 0;
      let done = false;
      // Each connection walks the visitors from its own place: connection c sends c, c + N, c + 2N…
      let next = c;
      const write = (due: number) => {
        // From when it was due, or from when it went if the timer fired a little early (Node's
        // timers keep whole milliseconds).
        sentAt = Math.min(due, performance.now());
        socket.write(requests[next % requests.length]!);
        next += job.connections;
      };
      const send = () => {
        const now = performance.now();
        if (now >= stopAt) {
          done = true;
          socket.end();
          finishOne();
          return;
        }
        if (!job.rate) {
          write(now);
          return;
        }
        // Request `next` (counted over every connection) is due at start + next / rate.
        const due = start + (next / job.rate) * 1000;
        if (due > now) setTimeout(() => write(due), due - now);
        else write(due);
      };
      socket.on("connect", send);
      socket.on("data", (chunk: Buffer) => {
        pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
        const response = responseLength(pending);
        if (!response) return;
        const now = performance.now();
        answered += 1;
        if (response.status === 200) answered200 += 1;
        if (now >= measureFrom && now <= stopAt) {
          if (response.status !== 200) failures += 1;
          if (count === latencies.length) {
            const grown = new Float64Array(latencies.length * 2);
            grown.set(latencies);
            latencies = grown;
          }
          latencies[count++] = now - sentAt;
          bytes += response.length;
        }
        pending = pending.subarray(response.length);
        send();
      });
      socket.on("error", () => {
        failures += 1;
        if (!done) {
          done = true;
          finishOne();
        }
      });
    }
  });
}

// As a child process: serve jobs from the parent over IPC.
if (process.send) {
  process.on("message", (message: StatsLoadJob | { type: "exit" }) => {
    if (message.type === "exit") {
      process.disconnect();
      return;
    }
    void runStatsLoad(message).then((result) => process.send!(result));
  });
}
