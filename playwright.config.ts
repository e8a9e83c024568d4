import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
// @ts-expect-error -- plain ESM helper shared with the scripts
import { findChromium } from "./scripts/chromium.mjs";

const PORT = Number(process.env.E2E_PORT ?? 4173);
const dataDir = join(tmpdir(), `maybe-e2e-${PORT}`);
// Read by e2e/fixtures.ts in the test workers, which evaluate this file too.
process.env.E2E_DB_FILE = join(dataDir, "maybe.db");
// The server sends order e-mails here; e2e/orders.spec.ts listens on it (a port of its own per E2E_PORT).
const SMTP_PORT = PORT + 20000;
process.env.E2E_SMTP_PORT = String(SMTP_PORT);
const executablePath = (findChromium as () => string | undefined)();

export default defineConfig({
  testDir: "e2e",
  // One folder per port, so runs on different ports never trample each other's artifacts.
  outputDir: `test-results/${PORT}`,
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // CI machines are shared and slow: long flows (whole forms, many pages) get more time there.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath,
      // The machine has no outside network: keep Chromium from trying to reach it.
      args: ["--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-gpu"],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
    env: { E2E_PORT: String(PORT), E2E_DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}` },
  },
});
