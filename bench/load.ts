/**
 * Load generator, run as a child process of catalog.bench.ts so that it has a core of its own.
 * Closed loop: each of N keep-alive connections sends one GET, waits for the whole response,
 * records the latency and sends the next. Raw sockets and a minimal HTTP/1.1 response parser keep
 * the generator itself cheap (node:http's client would be the bottleneck against a bare server).
 *
 * Protocol: the parent sends a LoadJob, the child answers with a LoadResult, per job, until it is
 * sent { type: "exit" }.
 */
import { connect, type Socket } from "node:net";
import { responseLength } from "./http-response.js";

export interface LoadJob {
  type: "run";
  host: string;
  port: number;
  path: string;
  connections: number;
  warmupMs: number;
  durationMs: number;
  /** Extra request headers (a session cookie). */
  headers?: Record<string, string>;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  mean: number;
  /** Responses other than 200, and socket errors. */
  failures: number;
  bytesPerResponse: number;
}



function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function runLoad(job: LoadJob): Promise<LoadResult> {
  const extra = Object.entries(job.headers ?? {}).map(([name, value]) => `${name}: ${value}\r\n`).join("");
  const request = Buffer.from(
    `GET ${job.path} HTTP/1.1\r\nHost: ${job.host}:${job.port}\r\nAccept: application/json\r\n${extra}Connection: keep-alive\r\n\r\n`,
    "latin1",
  );
  const start = performance.now();
  const measureFrom = start + job.warmupMs;
  const stopAt = measureFrom + job.durationMs;
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  let failures = 0;
  let bytes = 0;
  const sockets: Socket[] = [];

  return new Promise((resolve) => {
    let open = job.connections;
    const finishOne = () => {
      open -= 1;
      if (open > 0) return;
      const sorted = latencies.slice(0, count).sort();
      let sum = 0;
      for (const v of sorted) sum += v;
      resolve({
        requests: count,
        rps: count / (job.durationMs / 1000),
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        mean: count ? sum / count : NaN,
        failures,
        bytesPerResponse: count ? bytes / count : 0,
      });
    };

    for (let i = 0; i < job.connections; i++) {
      const socket = connect({ host: job.host, port: job.port, noDelay: true });
      sockets.push(socket);
      let pending: Buffer = Buffer.alloc(0);
      let sentAt = 0;
      let done = false;
      const send = () => {
        if (performance.now() >= stopAt) {
          done = true;
          socket.end();
          finishOne();
          return;
        }
        sentAt = performance.now();
        socket.write(request);
      };
      socket.on("connect", send);
      socket.on("data", (chunk: Buffer) => {
        pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
        const response = responseLength(pending);
        if (!response) return;
        const now = performance.now();
        // Every response that completes inside the measured window counts, wherever it was sent:
        // counting only those sent inside it would undercount a slow, saturated server.
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
  process.on("message", (message: LoadJob | { type: "exit" }) => {
    if (message.type === "exit") {
      process.disconnect();
      return;
    }
    void runLoad(message).then((result) => process.send!(result));
  });
}
