/**
 * The e-mails as the production server runs them: bundled by scripts/build-server.mjs's esbuild
 * options (.tsx, React's automatic JSX runtime, code splitting) and rendered by plain Node, with
 * React and React Email loaded from node_modules only when the first e-mail is rendered.
 */
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type BuildOptions } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../../..");
// Inside the checkout, so the bundle finds node_modules as dist/server does.
const OUT = join(ROOT, "dist", `.emails-test-${process.pid}`);

async function buildOptions(entryPoints: Record<string, string>, outdir: string): Promise<BuildOptions> {
  const script = (await import(pathToFileURL(join(ROOT, "scripts/build-server.mjs")).href)) as {
    serverBuildOptions: (entries: Record<string, string>, outdir: string) => BuildOptions;
  };
  return script.serverBuildOptions(entryPoints, outdir);
}

/** The npm packages a bundle file imports statically (at load), following its own chunks. */
function staticPackages(files: Map<string, string>, start: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(start)) return packages;
  seen.add(start);
  for (const match of (files.get(start) ?? "").matchAll(/^import\s(?:[^"';]*?\sfrom\s)?"([^"]+)";?$/gm)) {
    const specifier = match[1]!;
    if (specifier.startsWith("./")) staticPackages(files, basename(specifier), seen).forEach((p) => packages.add(p));
    else packages.add(specifier);
  }
  return packages;
}

afterAll(() => rmSync(OUT, { recursive: true, force: true }));

describe("the server bundle", () => {
  it("renders an e-mail under plain Node from the bundled renderMail", async () => {
    await build(await buildOptions({ render: "src/server/emails/render.tsx" }, OUT));
    const script = `
      const { renderMail } = await import(${JSON.stringify(pathToFileURL(join(OUT, "render.mjs")).href)});
      const mail = await renderMail("password-reset", { name: "Ada <b>", url: "https://maybe.example/reset-password?token=t1", expiresInMinutes: 60 },
        { publicUrl: "https://maybe.example", contactEmail: "help@maybe.example" });
      process.stdout.write(JSON.stringify(mail));`;
    // NODE_ENV as in production, so React runs its production build as the server does.
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8", env: { NODE_ENV: "production" } });
    expect(run.stderr).toBe("");
    const mail = JSON.parse(run.stdout) as { subject: string; html: string; text: string };
    expect(mail.subject).toBe("Reset your MAYBE password");
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain("Hello Ada &lt;b&gt;,");
    expect(mail.text).toContain("Choose a new password: https://maybe.example/reset-password?token=t1");
  });

  it("loads neither React nor React Email when the server starts", async () => {
    const result = await build({
      ...(await buildOptions({ index: "src/server/index.ts", "image-worker": "src/server/media/image-worker.ts", render: "src/server/emails/render.tsx" }, OUT)),
      write: false,
      sourcemap: false,
    });
    const files = new Map(result.outputFiles.map((f) => [basename(f.path), f.text]));
    // The reading of imports works: the server does load its web framework at start.
    expect(staticPackages(files, "index.mjs")).toContain("@hono/node-server");
    for (const entry of ["index.mjs", "render.mjs"]) {
      const loaded = [...staticPackages(files, entry)];
      expect(loaded.filter((name) => /^(react|react-dom|@react-email)(\/|$)/.test(name)), entry).toEqual([]);
    }
  });
});
