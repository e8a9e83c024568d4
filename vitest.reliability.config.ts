import { defineConfig } from "vitest/config";

/**
 * The reliability suite (scripts/test-reliability.mjs, docs/decisions/0015). One file at a time:
 * the load test measures latency and must not share the two cores with a fuzzing run.
 */
export default defineConfig({
  test: {
    include: ["reliability/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    // The server bundle the spawned-server tests run (src/server/test/process.ts).
    globalSetup: ["scripts/vitest-build-server.mjs"],
    fileParallelism: false,
    testTimeout: 15 * 60_000,
    hookTimeout: 120_000,
  },
});
