/**
 * The site's one build, made when it is older than its sources: the client and its server-side
 * renderer (build-if-needed.mjs) and the server bundle (build-server.mjs). `npm start`, the
 * browser tests' server, the reliability suite and the tests that spawn the server all run this
 * build; CI makes it once, before the test passes (.ci/run), so no two passes build side by side.
 *
 *   node scripts/build-site.mjs     build what is out of date
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildIfNeeded } from "./build-if-needed.mjs";
import { buildServerIfNeeded } from "./build-server.mjs";

/** Builds what is out of date; the server bundle's path. */
export async function buildSiteIfNeeded() {
  buildIfNeeded();
  return buildServerIfNeeded();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildSiteIfNeeded();
