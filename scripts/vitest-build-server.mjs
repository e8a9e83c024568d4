/**
 * Vitest's global setup (vitest.config.ts, vitest.reliability.config.ts): the server bundle that
 * the tests spawning a server process run (src/server/test/process.ts), built once before any
 * test when it is older than its sources. Starting from the bundle skips tsx's compile of every
 * module: about 2.5 s a start against 3.3 s here, and the crash trials alone start 22 servers.
 */
import { buildServerIfNeeded } from "./build-server.mjs";

export default async function setup() {
  await buildServerIfNeeded();
}
