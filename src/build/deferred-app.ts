/**
 * Builds the page's script (src/client/boot.ts) beside the app and gives it the app's place in
 * index.html: the app's `<script>` and `<link rel="modulepreload">` tags become one tag for the
 * boot script that names them (`data-app`, `data-preload`). The browser then fetches nothing of
 * the app before a server-rendered page has painted (docs/decisions/0022), while the app is still
 * built as the single entry it always was, so its chunks stay as they were.
 *
 * Only the build changes: the development server loads the app straight from index.html.
 */
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const APP_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** The new head: the app's tags replaced by the boot script's, which names them. */
export function deferApp(html: string, bootSrc: string): string {
  const app = APP_SCRIPT.exec(html);
  if (!app) throw new Error("deferred app: index.html has no module script of the app");
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const boot = `\n    <script type="module" crossorigin src="${bootSrc}" data-app="${app[1]}" data-preload="${preloads.join(" ")}"></script>`;
  return html.replace(MODULE_PRELOAD, "").replace(APP_SCRIPT, boot);
}

/** `html` and `boot`: file URLs of index.html and of the boot script. */
export function deferredApp(options: { html: URL; boot: URL }): Plugin {
  return {
    name: "maybe:deferred-app",
    apply: "build",
    config: () => ({ build: { rolldownOptions: { input: { index: fileURLToPath(options.html), boot: fileURLToPath(options.boot) } } } }),
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        const boot = Object.values(context.bundle ?? {}).find((output) => output.type === "chunk" && output.isEntry && output.name === "boot");
        if (!boot) throw new Error("deferred app: the build has no boot chunk");
        return deferApp(html, `/${boot.fileName}`);
      },
    },
  };
}
