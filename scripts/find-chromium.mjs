/**
 * Makes sure a Chromium exists for Playwright: the distribution's headless shell is installed when
 * it is missing (scripts/chromium.mjs says why it is preferred). A full Chromium already on the
 * machine still serves when the shell cannot be installed.
 */
import { spawnSync } from "node:child_process";
import { findChromium, findHeadlessShell } from "./chromium.mjs";

if (!process.env.CHROME_PATH && !findHeadlessShell()) {
  console.log("No Chromium headless shell found: installing the distribution's chromium-headless-shell package…");
  // As root apt-get runs directly; otherwise through password-less sudo, if there is one.
  const prefix = process.getuid?.() === 0 ? [] : ["sudo", "-n"];
  const run = (...args) => {
    const [command, ...rest] = [...prefix, ...args];
    return spawnSync(command, rest, { stdio: "inherit" }).status;
  };
  if (run("apt-get", "install", "-y", "-qq", "chromium-headless-shell") !== 0) {
    run("apt-get", "update", "-qq");
    run("apt-get", "install", "-y", "-qq", "chromium-headless-shell");
  }
}
const path = findChromium();
if (!path) {
  console.error(
    "Chromium is required for the browser tests. Install it (Debian/Ubuntu: apt-get install chromium-headless-shell) " +
      "or point CHROME_PATH at a Chrome or Chromium binary.",
  );
  process.exit(1);
}
console.log(`Browser tests use ${path}`);
