/**
 * Finds a Chromium for the browser tests: $CHROME_PATH, else the distribution's headless shell,
 * else a full Chromium (the distribution's, or one Playwright downloaded earlier).
 * `node scripts/find-chromium.mjs` installs the headless shell when it is missing.
 *
 * The headless shell is Chromium's old headless mode, the browser Playwright itself runs headless
 * tests in. A full Chromium's headless mode opens a browser window for every context, with its
 * toolbar and the address bar's popup as pages of their own: on the 2-core CI machine a context
 * with one page cost three times the CPU there (3.3 against 1.2 CPU-seconds to open /about).
 */
import { existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const SHELLS = ["/usr/bin/chromium-headless-shell"];
const FULL = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/snap/bin/chromium"];

/** Browsers in Playwright's download cache whose directory starts with `prefix`, newest first. */
function playwrightCache(prefix, binaries) {
  const root = process.env.PLAYWRIGHT_BROWSERS_PATH || join(homedir(), ".cache", "ms-playwright");
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((d) => d.startsWith(prefix))
    .sort()
    .reverse()
    .flatMap((d) => binaries.map((binary) => join(root, d, binary)));
}

/** A headless shell, if the machine has one. */
export function findHeadlessShell() {
  return [...SHELLS, ...playwrightCache("chromium_headless_shell", ["chrome-linux/headless_shell", "chrome-headless-shell-linux64/chrome-headless-shell"])].find(
    (p) => existsSync(p),
  );
}

/** A full Chromium: the distribution's, or one Playwright downloaded. */
export function findFullChromium() {
  return [...FULL, ...playwrightCache("chromium-", ["chrome-linux64/chrome", "chrome-linux/chrome"])].find((p) => existsSync(p));
}

/** The browser the tests run: CHROME_PATH, a headless shell, or a full Chromium. */
export function findChromium() {
  return [process.env.CHROME_PATH, findHeadlessShell(), findFullChromium()].filter(Boolean).find((p) => existsSync(p));
}
