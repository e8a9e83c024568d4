/**
 * What the two Playwright configurations share (playwright.config.ts for the browser tests,
 * playwright.reliability.config.ts for the reliability suite's browser part): Chromium, the
 * desktop project and the server under test, on a port and data directory each config chooses.
 */
import { devices, type PlaywrightTestConfig } from "@playwright/test";
// @ts-expect-error -- plain ESM helper shared with the scripts
import { findChromium } from "./scripts/chromium.mjs";

/**
 * Features Chromium leaves off for the tests. Chromium heeds only the last `--disable-features`, so
 * this repeats Playwright's own list (playwright-core's chromiumSwitches.ts) before adding ours.
 */
const DISABLED_FEATURES = [
  // Playwright's.
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  // Ours, for a full Chromium (the headless shell has no address bar; scripts/chromium.mjs): its
  // headless mode opens a window for every context and prepares that window's address-bar popup
  // as a page of its own, about a third of the CPU of opening /about in a new context.
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
  "WebUIOmniboxFullPopup",
];

/** Chromium from the machine (CHROME_PATH, Debian's headless shell, a full Chromium); see scripts/chromium.mjs. */
export const launchOptions = {
  executablePath: (findChromium as () => string | undefined)(),
  args: [
    // The machine has no outside network: keep Chromium from trying to reach it.
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-gpu",
    `--disable-features=${DISABLED_FEATURES.join(",")}`,
  ],
};

export const desktopProject = { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } };

/** The real build and server (scripts/e2e-server.mjs) on `port`, over a fresh database in `dataDir`. */
export function e2eServer(port: number, dataDir: string, env: Record<string, string> = {}): PlaywrightTestConfig["webServer"] {
  return {
    command: "node scripts/e2e-server.mjs",
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
    env: { E2E_PORT: String(port), E2E_DATA_DIR: dataDir, ...env },
  };
}
