/** Makes sure a Chromium exists for Playwright, installing Debian's package when it is missing. */
import { spawnSync } from "node:child_process";
import { findChromium } from "./chromium.mjs";

let path = findChromium();
if (!path) {
  console.log("No Chromium found: installing the distribution's chromium package…");
  // As root apt-get runs directly; otherwise through password-less sudo, if there is one.
  const prefix = process.getuid?.() === 0 ? [] : ["sudo", "-n"];
  const run = (...args) => {
    const [command, ...rest] = [...prefix, ...args];
    spawnSync(command, rest, { stdio: "inherit" });
  };
  run("apt-get", "update", "-qq");
  run("apt-get", "install", "-y", "-qq", "chromium");
  path = findChromium();
}
if (!path) {
  console.error(
    "Chromium is required for the browser tests. Install it (Debian/Ubuntu: apt-get install chromium) " +
      "or point CHROME_PATH at a Chrome or Chromium binary.",
  );
  process.exit(1);
}
console.log(`Browser tests use ${path}`);
