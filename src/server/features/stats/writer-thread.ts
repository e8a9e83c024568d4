/**
 * The writer thread's entry (threaded-writer.ts starts it): its own connection to the site's
 * database, and the batch writer (batch-writer.ts) writing each batch the server's thread sends,
 * one at a time, in the order sent. Bundled as dist/server/stats-writer.mjs.
 */
import { parentPort, workerData } from "node:worker_threads";
import { createDb } from "../../db/client.js";
import { createBatchWriter } from "./batch-writer.js";
import type { WriterReply, WriterRequest, WriterThreadData } from "./threaded-writer.js";

const { databaseUrl, options } = workerData as WriterThreadData;
const database = createDb(databaseUrl);
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
