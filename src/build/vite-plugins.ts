/**
 * Build steps added to `vite build` (docs/decisions/0013): the bundle budgets, which print every
 * route's JavaScript size and fail the build when one is over, and precompression of the output.
 * Plugins rather than a script after the build, so every build runs them, including the one
 * `npm start` triggers (scripts/build-if-needed.mjs).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { formatReport, gzipSize, measureRoutes, overBudget, type BudgetConfig, type ChunkInfo } from "./bundle-budgets.js";
import { precompressDir } from "./precompress.js";

export function bundleBudgets(config: BudgetConfig): Plugin {
  return {
    name: "maybe:bundle-budgets",
    apply: "build",
    // After writing: the files on disk are what the browser gets (minified), not the chunks' code before.
    writeBundle(options, bundle) {
      const outDir = options.dir ?? ".";
      const chunks: ChunkInfo[] = Object.values(bundle).flatMap((output) =>
        output.type === "chunk"
          ? [
              {
                fileName: output.fileName,
                moduleId: output.facadeModuleId,
                isEntry: output.isEntry,
                imports: output.imports,
                gzipBytes: gzipSize(readFileSync(join(outDir, output.fileName))),
              },
            ]
          : [],
      );
      const sizes = measureRoutes(chunks, config);
      this.info(`JavaScript per route, gzipped (entry + route + what it loads at once):\n${formatReport(sizes)}`);
      const over = overBudget(sizes);
      if (over.length > 0) {
        this.error(`over the bundle budget: ${over.map((s) => s.route).join(", ")} (see the table above; docs/decisions/0013)`);
      }
    },
  };
}

export function precompress(): Plugin {
  return {
    name: "maybe:precompress",
    apply: "build",
    // Last: after every other plugin has written its files (index.html included).
    enforce: "post",
    writeBundle(options) {
      precompressDir(options.dir ?? ".");
    },
  };
}

/**
 * Preloads the display face from index.html. The stylesheet names it, but the browser only asks
 * for it once a heading needs it, after the JavaScript has rendered: the text then reflows when it
 * arrives, which Lighthouse counts as layout shift. Fetched with the page, it is there first.
 */
export function preloadFonts(): Plugin {
  return {
    name: "maybe:preload-fonts",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const fonts = Object.values(context.bundle ?? {}).filter((output) => output.fileName.endsWith(".woff2"));
        return fonts.map((font) => ({
          tag: "link",
          attrs: { rel: "preload", href: `/${font.fileName}`, as: "font", type: "font/woff2", crossorigin: "" },
          injectTo: "head" as const,
        }));
      },
    },
  };
}
