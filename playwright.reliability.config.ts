/**
 * The reliability suite's browser part (reliability/*.spec.ts, run by scripts/test-reliability.mjs):
 * the same server as the browser tests (scripts/e2e-server.mjs) on a port of its own (4303 unless
 * E2E_PORT says otherwise), one worker.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { desktopProject, e2eServer, launchOptions } from "./playwright.shared.config";

const PORT = Number(process.env.E2E_PORT ?? 4303);
const dataDir = join(tmpdir(), `maybe-reliability-${PORT}`);
// Read by reliability/xss.spec.ts in the test worker, which evaluates this file too.
process.env.E2E_DB_FILE = join(dataDir, "maybe.db");

export default defineConfig({
  testDir: "reliability",
  testMatch: "**/*.spec.ts",
  outputDir: `test-results/reliability-${PORT}`,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [["list"]],
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions,
  },
  projects: [desktopProject],
  webServer: e2eServer(PORT, dataDir),
});
