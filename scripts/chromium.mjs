/**
 * Finds a Chromium for the browser tests: $CHROME_PATH, the distribution's package, or a
 * browser Playwright downloaded earlier. `node scripts/find-chromium.mjs` installs one when none is found.
 */
import { existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const SYSTEM = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/snap/bin/chromium"];

function playwrightCache() {
  const root = process.env.PLAYWRIGHT_BROWSERS_PATH || join(homedir(), ".cache", "ms-playwright");
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((d) => d.startsWith("chromium"))
    .sort()
    .reverse()
    .flatMap((d) => [join(root, d, "chrome-linux64", "chrome"), join(root, d, "chrome-linux", "chrome")]);
}

export function findChromium() {
  const candidates = [process.env.CHROME_PATH, ...SYSTEM, ...playwrightCache()].filter(Boolean);
  return candidates.find((p) => existsSync(p));
}
