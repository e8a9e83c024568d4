/**
 * Builds the SPA when dist/client is missing or older than its sources, so `npm start` on a
 * fresh clone (or after a pull) serves the current client without a separate build step.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

const OUT_DIR = "dist/client";
const OUTPUT = `${OUT_DIR}/index.html`;
const SOURCES = ["src/client", "src/common", "vite.config.ts", "package-lock.json"];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), 0);
}

export function buildIfNeeded() {
  const built = existsSync(OUTPUT) ? statSync(OUTPUT).mtimeMs : 0;
  const changed = Math.max(...SOURCES.map(newestMtime));
  if (built >= changed) return;
  console.log(built ? "Client sources changed: rebuilding the site…" : "Building the site (first start)…");
  // Build beside the live folder and swap it in, so a server that is running meanwhile (another
  // test run, say) never serves a half-written build.
  const staging = `dist/.client-${process.pid}`;
  const result = spawnSync(
    process.execPath,
    ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn", "--outDir", `../../${staging}`],
    { stdio: "inherit" },
  );
  if (result.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    console.error("The client build failed; see the messages above.");
    process.exit(result.status ?? 1);
  }
  rmSync(OUT_DIR, { recursive: true, force: true });
  renameSync(staging, OUT_DIR);
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded();
