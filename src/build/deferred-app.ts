/**
 * Builds the page's script (src/client/boot.ts) beside the app and gives it the app's place in
 * index.html: the app's `<script>` and `<link rel="modulepreload">` tags become one tag for the
 * boot script that names them. The browser then fetches nothing of the app before a
 * server-rendered page has painted (docs/decisions/0022), while the app is still built as the
 * entry it always was.
 *
 * The largest libraries (`libraries`: a chunk name and the package paths it holds) are built as
 * chunks of their own, which the boot script runs one task each before the app: run with the app,
 * as one module graph, they held the main thread for 50 ms (100+ ms under a profiler) at once.
 *
 * The tag: `data-app` (the app's file), `data-preload` (every file it imports, fetched with it),
 * `data-first` (the library chunks, run first, in this order). It is `async`: it holds the input on
 * the page until the app is there to take it (src/client/early-input.ts), so it runs as soon as it
 * arrives rather than once the whole page is parsed (a long page is on screen seconds before that
 * at 4x CPU slowdown). Module scripts are fetched at high priority either way.
 *
 * Only the build changes: the development server loads the app straight from index.html.
 */
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const APP_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** The new head: the app's tags replaced by the boot script's, which names them. */
export function deferApp(html: string, bootSrc: string, first: readonly string[]): string {
  const app = APP_SCRIPT.exec(html);
  if (!app) throw new Error("deferred app: index.html has no module script of the app");
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const stray = first.filter((file) => !preloads.includes(file));
  if (stray.length > 0) throw new Error(`deferred app: ${stray.join(", ")} is not among the app's imports`);
  const boot = `\n    <script type="module" async crossorigin src="${bootSrc}" data-app="${app[1]}" data-preload="${preloads.join(" ")}" data-first="${first.join(" ")}"></script>`;
  return html.replace(MODULE_PRELOAD, "").replace(APP_SCRIPT, boot);
}

export interface DeferredAppOptions {
  /** File URLs of index.html and of the boot script. */
  html: URL;
  boot: URL;
  /** Libraries run before the app, in this order: chunk name → the module paths it holds. */
  libraries: Readonly<Record<string, RegExp>>;
}

export function deferredApp({ html, boot, libraries }: DeferredAppOptions): Plugin {
  return {
    name: "maybe:deferred-app",
    apply: "build",
    config: () => ({
      build: {
        rolldownOptions: {
          input: { index: fileURLToPath(html), boot: fileURLToPath(boot) },
          output: { codeSplitting: { groups: Object.entries(libraries).map(([name, test]) => ({ name, test })) } },
        },
      },
    }),
    transformIndexHtml: {
      order: "post",
      handler(page, context) {
        const chunks = Object.values(context.bundle ?? {}).flatMap((output) => (output.type === "chunk" ? [output] : []));
        const bootChunk = chunks.find((chunk) => chunk.isEntry && chunk.name === "boot");
        if (!bootChunk) throw new Error("deferred app: the build has no boot chunk");
        const first = Object.keys(libraries).map((name) => {
          const chunk = chunks.find((c) => !c.isEntry && c.name === name);
          if (!chunk) throw new Error(`deferred app: the build has no ${name} chunk`);
          return `/${chunk.fileName}`;
        });
        return deferApp(page, `/${bootChunk.fileName}`, first);
      },
    },
  };
}
