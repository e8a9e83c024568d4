/**
 * Writes `file.br` and `file.gz` beside each text asset of the build, at the strongest settings
 * (done once per build, so the server never compresses on the fly). The server picks one by
 * Accept-Encoding (src/server/lib/precompressed.ts).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * Text types worth compressing; fonts (woff2), images and audio are compressed already. Not
 * index.html: the server edits it (analytics) and sends it from memory.
 */
export const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

export function precompressDir(dir: string): number {
  let written = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      written += precompressDir(path);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const data = readFileSync(path);
    if (data.length < MIN_BYTES) continue;
    const br = brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    });
    const gz = gzipSync(data, { level: 9 });
    for (const [suffix, body] of [[".br", br], [".gz", gz]] as const) {
      if (body.length >= data.length) continue;
      writeFileSync(path + suffix, body);
      written++;
    }
  }
  return written;
}
