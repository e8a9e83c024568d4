/**
 * The writer thread's entry (threaded-writer.ts starts it): its own connection to the site's
 * database, and the batch writer (batch-writer.ts) writing each batch the server's thread sends,
 * one at a time, in the order sent. Bundled as dist/server/stats-writer.mjs.
 */
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { createBatchWriter, openWriterDatabase } from "./batch-writer.js";
import type { WriterReply, WriterRequest, WriterThreadData } from "./threaded-writer.js";

/** Counting is background work: when the CPU is short, requests go first (nice 10, as the image worker). */
const NICENESS = 10;

try {
  // On Linux, pid 0 is the calling thread alone: this thread, not the server's.
  setPriority(0, NICENESS);
} catch {
  // Not permitted here: it still works, only at the same priority.
}

const { databaseUrl, options } = workerData as WriterThreadData;
const database = openWriterDatabase(databaseUrl);
const writer = createBatchWriter(database.db, options);
const port = parentPort!;

let work = Promise.resolve();
port.on("message", (request: WriterRequest) => {
  work = work.then(async () => {
    if (request.type === "close") {
      await database.close();
      port.close();
      return;
    }
    let reply: WriterReply;
    try {
      reply = { id: request.id, rows: await writer.write(request.batch) };
    } catch (error) {
      reply = { id: request.id, error: error instanceof Error ? `${error.message}` : String(error) };
    }
    port.postMessage(reply);
  });
});
