/**
 * Which server test files the PostgreSQL pass (scripts/test-pg.mjs) runs: those whose imports,
 * followed through every local module (static imports, re-exports and `await import("…")`),
 * reach code that names TEST_DB or TEST_PG_URL. That is the only way a test learns which database
 * to use: src/server/test/harness.ts reads them (createTestApp, createPgDatabase, and what is
 * built on those: outbox/outbox.fixtures.ts, test/process.ts). A file that never reaches such code
 * runs exactly the same with TEST_DB=postgres, so the SQLite pass has already run it.
 *
 * It errs towards running a file: any mention of either name counts (a comment too); *.pg.test.ts
 * files always run; a file whose imports include a computed path (`import(someUrl)`) runs; if the
 * imports cannot be followed at all (esbuild fails), every file runs. Nothing is decided by file
 * name or by a list to keep up to date.
 *
 *   node scripts/pg-test-files.mjs [dir] [--json]   prints the selection (default dir src/server)
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

/** The environment variables the PostgreSQL pass sets: code naming them may pick the database. */
const DB_CHOICE = /\b(TEST_DB|TEST_PG_URL)\b/;
/** `import(` of anything but a string literal: its target cannot be followed here. */
const COMPUTED_IMPORT = /\bimport\(\s*(?!["'`][^"'`$]*["'`]\s*\))/;

function testFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.test\.tsx?$/.test(e.name))
    .map((e) => relative(process.cwd(), join(e.parentPath, e.name)))
    .sort();
}

/**
 * Splits the test files under `dir` into those to run on PostgreSQL (`database`) and those it
 * would only repeat (`once`), each with the reason.
 */
export async function selectPgTestFiles(dir = "src/server") {
  const files = testFiles(dir);
  let inputs;
  try {
    const result = await build({
      entryPoints: files,
      bundle: true,
      write: false,
      metafile: true,
      platform: "node",
      format: "esm",
      packages: "external",
      splitting: true,
      outdir: "pg-test-files.out",
      logLevel: "silent",
      // Only the import graph matters; assets a module may import are not followed further.
      loader: { ".css": "empty", ".svg": "empty", ".png": "empty", ".jpg": "empty", ".mp3": "empty", ".woff2": "empty" },
    });
    inputs = result.metafile.inputs;
  } catch (error) {
    const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return { database: files.map((file) => ({ file, why: `imports not followed (${why}): run to be safe` })), once: [] };
  }

  const source = new Map();
  const read = (path) => {
    if (!source.has(path)) source.set(path, readFileSync(path, "utf8"));
    return source.get(path);
  };
  const database = [];
  const once = [];
  for (const file of files) {
    if (/\.pg\.test\.tsx?$/.test(file)) {
      database.push({ file, why: "a *.pg.test.ts file" });
      continue;
    }
    const seen = new Set();
    const stack = [file];
    let why;
    while (stack.length && !why) {
      const path = stack.pop();
      if (seen.has(path)) continue;
      seen.add(path);
      const text = read(path);
      if (DB_CHOICE.test(text)) why = path === file ? "names the database choice" : `reaches ${path}`;
      else if (COMPUTED_IMPORT.test(text)) why = `${path} imports a computed path: run to be safe`;
      for (const i of inputs[path]?.imports ?? []) if (!i.external && !seen.has(i.path)) stack.push(i.path);
    }
    (why ? database : once).push({ file, why: why ?? `${seen.size} local modules, none names the database choice` });
  }
  return { database, once };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  const selection = await selectPgTestFiles(args.find((a) => !a.startsWith("--")));
  if (args.includes("--json")) console.log(JSON.stringify(selection));
  else {
    for (const { file, why } of selection.database) console.log(`postgres  ${file}  (${why})`);
    for (const { file, why } of selection.once) console.log(`once      ${file}  (${why})`);
  }
}
