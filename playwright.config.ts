import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { desktopProject, e2eServer, launchOptions } from "./playwright.shared.config";

const PORT = Number(process.env.E2E_PORT ?? 4173);
const dataDir = join(tmpdir(), `maybe-e2e-${PORT}`);
// Read by e2e/fixtures.ts in the test workers, which evaluate this file too.
process.env.E2E_DB_FILE = join(dataDir, "maybe.db");
// The server sends its e-mails here (a port of its own per E2E_PORT); e2e/mail-receiver.ts, the
// global setup, listens on it for every spec file and keeps each message in E2E_MAIL_DIR, where
// e2e/fixtures.ts waitForMail() finds it.
const SMTP_PORT = PORT + 20000;
process.env.E2E_SMTP_PORT = String(SMTP_PORT);
process.env.E2E_MAIL_DIR = join(dataDir, "mail");
// Where the test server drops its response cache after a test writes to the database directly
// (scripts/e2e-server.mjs; e2e/fixtures.ts dropServerCache()).
process.env.E2E_CONTROL_PORT = String(PORT + 30000);

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/mail-receiver.ts",
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
    // Locally a failed test keeps its trace: each action's DOM snapshots, network, console and
    // sources, plus the screenshot below. Not the screencast: encoding a frame on every paint of
    // every test cost about a third of the suite's CPU and wall time on the 2-core CI machine. CI
    // records no trace (recording every test's snapshots cost a tenth of the stage there, and a
    // failure there is read from its log, screenshot and error context): rerun the test locally.
    trace: process.env.CI ? "off" : { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: true },
    screenshot: "only-on-failure",
    launchOptions,
  },
  // Curation changes what leads the shared lists (featured tees and creators) and what is public,
  // so its spec runs after every other one instead of beside them.
  projects: [
    { ...desktopProject, testIgnore: /(admin-curation|studio-shop|radio-tracks)\.spec\.ts/ },
    { ...desktopProject, name: "curation", testMatch: /admin-curation\.spec\.ts/, dependencies: [desktopProject.name] },
    // A creator's products join the store's carousel and grid, which other specs count: after them all.
    { ...desktopProject, name: "shop", testMatch: /studio-shop\.spec\.ts/, dependencies: ["curation"] },
    // A creator's track approved onto the radio joins the rotation the radio's spec walks: after it too.
    { ...desktopProject, name: "radio", testMatch: /radio-tracks\.spec\.ts/, dependencies: ["curation"] },
  ],
  webServer: e2eServer(PORT, dataDir, { SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, E2E_CONTROL_PORT: process.env.E2E_CONTROL_PORT }),
});
