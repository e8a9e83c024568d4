/**
 * Bundles the server (src/server/index.ts and what it imports from src/) into dist/server/index.mjs
 * with esbuild when the bundle is missing or older than its sources, and beside it the workers
 * the server forks for uploads (src/server/media/image-worker.ts → image-worker.mjs,
 * src/server/audio/audio-worker.ts → audio-worker.mjs) and the stats' writer thread
 * (src/server/features/stats/writer-thread.ts → stats-writer.mjs); npm
 * packages stay external and load from node_modules. Starting from the bundle skips tsx's loader thread, which resolved and
 * compiled every module at start-up (docs/decisions/0012). Takes well under a second.
 *
 * Code split: what the server imports with `await import()` (the e-mail templates with React and
 * React Email, the S3 store) becomes a chunk beside the bundle and loads when first used, npm
 * packages it imports included; in one file their imports would be hoisted and paid at start-up.
 */
import { existsSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

const OUT_DIR = "dist/server";
export const SERVER_BUNDLE = `${OUT_DIR}/index.mjs`;
const SOURCES = ["src/server", "src/common", "package-lock.json"];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), 0);
}

/** esbuild's options for the server: also used by the test that runs a bundled e-mail render. */
export function serverBuildOptions(entryPoints, outdir) {
  return {
    entryPoints,
    outdir,
    outExtension: { ".js": ".mjs" },
    // Chunks sit beside the bundle (esbuild's default), so a path made from import.meta.url (the
    // image worker's, media/process.ts) points at the same folder whichever file the code lands in.
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    // Names are kept (no minification), so stack traces read well as they are; a linked map
    // beside the bundle maps them to the sources with NODE_OPTIONS=--enable-source-maps.
    sourcemap: "linked",
    logLevel: "warning",
  };
}

export async function buildServerIfNeeded() {
  const built = existsSync(SERVER_BUNDLE) ? statSync(SERVER_BUNDLE).mtimeMs : 0;
  if (built >= Math.max(...SOURCES.map(newestMtime))) return SERVER_BUNDLE;
  // Built beside the live folder and swapped in, so a server starting meanwhile never imports a
  // half-written file.
  const staging = `dist/.server-${process.pid}`;
  // Loaded only when a build is due: a start on a current bundle does not pay for it.
  const { build } = await import("esbuild");
  // The workers' names are the ones media/process.ts, audio/analysis-child.ts and
  // features/stats/threaded-writer.ts look for beside the bundle.
  await build(
    serverBuildOptions(
      {
        index: "src/server/index.ts",
        "image-worker": "src/server/media/image-worker.ts",
        "audio-worker": "src/server/audio/audio-worker.ts",
        "stats-writer": "src/server/features/stats/writer-thread.ts",
      },
      staging,
    ),
  );
  rmSync(OUT_DIR, { recursive: true, force: true });
  renameSync(staging, OUT_DIR);
  return SERVER_BUNDLE;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServerIfNeeded();
