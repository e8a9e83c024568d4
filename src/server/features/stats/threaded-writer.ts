/**
 * The batch writer in a thread of its own (docs/decisions/0034): the server's thread only hands
 * each batch over (a structured clone), and the writer thread (writer-thread.ts) classifies,
 * hashes and writes it over its own connection to the database, so a cached page's request does
 * not pay for its count, and no batch's insert holds the server's event loop. The thread starts
 * with the first batch and ends with close(). A thread that fails or stops takes its batches with
 * it (each refused, so the counter logs and drops it); the next batch starts a new one.
 *
 * It needs a database two connections can share: a SQLite file (WAL) or PostgreSQL. Tests run the
 * writer in the server's thread (STATS_WRITER=inline) except where they test this.
 */
import { Worker } from "node:worker_threads";
import type { Capture, StatsWriter, WriterOptions } from "./batch-writer.js";

export interface WriterThreadData {
  databaseUrl: string;
  options: WriterOptions;
}
export type WriterRequest = { type: "write"; id: number; batch: Capture[] } | { type: "close" };
export type WriterReply = { id: number; rows: number } | { id: number; error: string };

interface Pending {
  resolve(rows: number): void;
  reject(error: Error): void;
}

/**
 * The thread's entry beside this module: the bundled stats-writer.mjs beside the server bundle in
 * production; from the TypeScript source (tsx, Vitest) a module that registers tsx's loader in the
 * thread first (a worker thread does not inherit it, nor take `--import` in its execArgv on Node 20).
 */
function threadEntry(): URL {
  if (!import.meta.url.endsWith(".ts")) return new URL("./stats-writer.mjs", import.meta.url);
  const loader = import.meta.resolve("tsx/esm/api");
  const entry = new URL("./writer-thread.ts", import.meta.url).href;
  return new URL(`data:text/javascript,${encodeURIComponent(`import { register } from ${JSON.stringify(loader)}; register(); await import(${JSON.stringify(entry)});`)}`);
}

export function createThreadedWriter(databaseUrl: string, options: WriterOptions): StatsWriter {
  let thread: { worker: Worker; pending: Map<number, Pending>; exited: Promise<void> } | undefined;
  let nextId = 0;

  function start() {
    const worker = new Worker(threadEntry(), { workerData: { databaseUrl, options } satisfies WriterThreadData });
    const pending = new Map<number, Pending>();
    const started = {
      worker,
      pending,
      exited: new Promise<void>((resolve) => {
        worker.once("exit", (code) => {
          if (thread === started) thread = undefined;
          for (const job of pending.values()) job.reject(new Error(`the stats writer thread stopped (${code}) before writing the batch`));
          pending.clear();
          resolve();
        });
      }),
    };
    worker.on("message", (reply: WriterReply) => {
      const job = pending.get(reply.id);
      if (!job) return;
      pending.delete(reply.id);
      if ("rows" in reply) job.resolve(reply.rows);
      else job.reject(new Error(reply.error));
      if (pending.size === 0) worker.unref();
    });
    // An error thrown in the thread ends it: 'exit' follows and refuses what was pending.
    worker.on("error", () => undefined);
    worker.unref();
    return started;
  }

  return {
    write(batch) {
      thread ??= start();
      const { worker, pending } = thread;
      const id = nextId++;
      return new Promise<number>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        // A batch in flight keeps the process alive until it is written.
        worker.ref();
        worker.postMessage({ type: "write", id, batch } satisfies WriterRequest);
      });
    },
    async close() {
      const current = thread;
      if (!current) return;
      current.worker.ref();
      current.worker.postMessage({ type: "close" } satisfies WriterRequest);
      // A thread that does not close its database in time is stopped.
      const timer = setTimeout(() => void current.worker.terminate(), 5_000);
      await current.exited;
      clearTimeout(timer);
    },
  };
}
