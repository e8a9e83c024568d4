/**
 * The PostgreSQL pass runs the server test files that can reach the database choice
 * (scripts/pg-test-files.mjs): checked on a made-up tree with each kind of file, and on the real
 * tree against a plain reading of which files use the database helpers.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

interface Selection {
  database: { file: string; why: string }[];
  once: { file: string; why: string }[];
}

function select(dir: string): Selection {
  return JSON.parse(execFileSync(process.execPath, ["scripts/pg-test-files.mjs", dir, "--json"], { encoding: "utf8" })) as Selection;
}

const files = (s: Selection["database"]) => s.map((d) => d.file).sort();
// Assembled, so that this file itself neither names the variable nor holds a computed import:
// either would put it in the PostgreSQL pass, which it has no reason to be in.
const CHOICE = ["TEST", "DB"].join("_");
const COMPUTED_IMPORT = ["await im", "port(url);"].join("");

describe("the PostgreSQL pass's selection", () => {
  const dir = mkdtempSync(join(tmpdir(), "maybe-pg-select-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("takes what reaches the database choice, *.pg.test.ts and computed imports; leaves the rest", () => {
    mkdirSync(join(dir, "test"));
    writeFileSync(join(dir, "test/db.ts"), `export const dialect = process.env.${CHOICE} ?? "sqlite";\n`);
    writeFileSync(join(dir, "test/pure.ts"), `export const two = 2;\n`);
    writeFileSync(join(dir, "deep.ts"), `export { dialect } from "./test/db.js";\n`);
    writeFileSync(join(dir, "uses-db.test.ts"), `import { dialect } from "./deep.js";\nconsole.log(dialect);\n`);
    writeFileSync(join(dir, "lazy-db.test.ts"), `const { dialect } = await import("./test/db.js");\nconsole.log(dialect);\n`);
    writeFileSync(join(dir, "computed.test.ts"), `const url = "./test/" + "db.js";\n${COMPUTED_IMPORT}\n`);
    writeFileSync(join(dir, "pure.test.ts"), `import { two } from "./test/pure.js";\nconsole.log(two);\n`);
    writeFileSync(join(dir, "needs.pg.test.ts"), `console.log(1);\n`);
    const selection = select(dir);
    const name = (f: string) => relative(dir, f);
    expect(files(selection.database).map((f) => name(f))).toEqual(["computed.test.ts", "lazy-db.test.ts", "needs.pg.test.ts", "uses-db.test.ts"]);
    expect(files(selection.once).map((f) => name(f))).toEqual(["pure.test.ts"]);
  });

  it("takes every server test that uses the database helpers, and leaves out some that do not", () => {
    const selection = select("src/server");
    const all = readdirSync("src/server", { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.test\.tsx?$/.test(e.name))
      .map((e) => join(e.parentPath, e.name));
    const helpers = /from "[./]+(test\/harness|test\/process|outbox\.fixtures)\.js"/;
    const usesHelpers = all.filter((f) => helpers.test(readFileSync(f, "utf8")) || f.endsWith(".pg.test.ts"));
    expect(usesHelpers.length).toBeGreaterThan(20);
    expect(files(selection.database)).toEqual(expect.arrayContaining(usesHelpers.sort()));
    expect([...files(selection.database), ...files(selection.once)].sort()).toEqual(all.sort());
    expect(files(selection.once)).toContain("src/server/config.test.ts");
  });
});
