/**
 * Builds the client (dist/client) and the pages' server-side renderer (dist/ssr, from the same
 * sources: docs/decisions/0022) when either is missing or older than its sources, so `npm start`
 * on a fresh clone (or after a pull) serves the current site without a separate build step.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

const OUT_DIR = "dist/client";
const OUTPUT = `${OUT_DIR}/index.html`;
const SSR_DIR = "dist/ssr";
const SSR_OUTPUT = `${SSR_DIR}/entry-server.mjs`;
const SOURCES = ["src/client", "src/common", "vite.config.ts", "package-lock.json"];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), 0);
}

/** Runs `vite build` (with `args`) into a staging folder, then swaps it in for `outDir`. */
function build(args, outDir, what) {
  // Build beside the live folder and swap it in, so a server that is running meanwhile (another
  // test run, say) never serves a half-written build.
  const staging = `dist/.${what}-${process.pid}`;
  const result = spawnSync(
    process.execPath,
    ["node_modules/vite/bin/vite.js", "build", ...args, "--logLevel", "warn", "--outDir", `../../${staging}`],
    // A production build whoever asks (a test runner sets NODE_ENV=test, which would build React's
    // development bundles, over every budget).
    { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } },
  );
  if (result.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    console.error(`The ${what} build failed; see the messages above.`);
    process.exit(result.status ?? 1);
  }
  rmSync(outDir, { recursive: true, force: true });
  renameSync(staging, outDir);
}

export function buildIfNeeded() {
  const built = Math.min(...[OUTPUT, SSR_OUTPUT].map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  const changed = Math.max(...SOURCES.map(newestMtime));
  if (built >= changed) return;
  console.log(built ? "Client sources changed: rebuilding the site…" : "Building the site (first start)…");
  build([], OUT_DIR, "client");
  build(["--ssr", "entry-server.tsx"], SSR_DIR, "ssr");
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded();
