/**
 * Bundle budgets (docs/decisions/0013): how many gzipped bytes of JavaScript each route makes the
 * browser download, following the build's import graph, and which routes are over their limit.
 * Pure functions over a plain description of the chunks, so the Vite plugin and the unit test
 * share them.
 */
import { gzipSync } from "node:zlib";

export interface ChunkInfo {
  fileName: string;
  /** The module the chunk was built for (route modules, lazy components); null for shared chunks. */
  moduleId: string | null;
  isEntry: boolean;
  /** Chunks loaded together with this one (static imports). */
  imports: readonly string[];
  gzipBytes: number;
}

export interface Budget {
  /** Gzipped bytes allowed for the route: the entry, the route module, the pieces below, and everything they import. */
  limit: number;
  /** Lazy pieces the route renders at once (suffixes of their module paths), counted with it. */
  alsoLoads: readonly string[];
}

export interface BudgetConfig {
  /** Where route modules live (a path fragment); each is one route, named after its file. */
  routesDir: string;
  /** Budgets by route name; `default` covers the others. */
  routes: Readonly<Record<string, Budget>> & { default: Budget };
}

export interface RouteSize {
  route: string;
  gzipBytes: number;
  limit: number;
  files: string[];
}

export function gzipSize(code: string | Uint8Array): number {
  return gzipSync(code, { level: 9 }).length;
}

/** The chunk and every chunk it statically imports, transitively. */
function closure(start: string, byFile: ReadonlyMap<string, ChunkInfo>, into: Set<string>): void {
  if (into.has(start)) return;
  const chunk = byFile.get(start);
  if (!chunk) throw new Error(`bundle budgets: the build has no chunk ${start}`);
  into.add(start);
  for (const next of chunk.imports) closure(next, byFile, into);
}

function routeName(moduleId: string): string {
  return moduleId.replace(/^.*\//, "").replace(/\.[cm]?[jt]sx?$/, "");
}

/** Each route's download: entry + route module + its extra pieces, shared chunks counted once. */
export function measureRoutes(chunks: readonly ChunkInfo[], config: BudgetConfig): RouteSize[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entries = chunks.filter((c) => c.isEntry);
  if (entries.length === 0) throw new Error("bundle budgets: the build has no entry chunk");
  const routes = chunks.filter((c) => c.moduleId?.includes(config.routesDir));
  if (routes.length === 0) throw new Error(`bundle budgets: no route chunks under ${config.routesDir}`);

  return routes
    .map((routeChunk) => {
      const route = routeName(routeChunk.moduleId!);
      const budget = config.routes[route] ?? config.routes.default;
      const files = new Set<string>();
      for (const entry of entries) closure(entry.fileName, byFile, files);
      closure(routeChunk.fileName, byFile, files);
      for (const suffix of budget.alsoLoads) {
        const piece = chunks.find((c) => c.moduleId?.endsWith(suffix));
        if (!piece) throw new Error(`bundle budgets: no chunk for ${suffix} (renamed? update the budget)`);
        closure(piece.fileName, byFile, files);
      }
      const gzipBytes = [...files].reduce((sum, f) => sum + byFile.get(f)!.gzipBytes, 0);
      return { route, gzipBytes, limit: budget.limit, files: [...files].sort() };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** A table of every route's size against its limit, over-budget rows marked. */
export function formatReport(sizes: readonly RouteSize[]): string {
  const width = Math.max(5, ...sizes.map((s) => s.route.length));
  const rows = sizes.map(
    (s) =>
      `${s.route.padEnd(width)}  ${kb(s.gzipBytes).padStart(9)}  ${kb(s.limit).padStart(9)}  ${s.gzipBytes > s.limit ? "OVER BUDGET" : "ok"}`,
  );
  return [`${"route".padEnd(width)}  ${"JS (gzip)".padStart(9)}  ${"budget".padStart(9)}`, ...rows].join("\n");
}

export function overBudget(sizes: readonly RouteSize[]): RouteSize[] {
  return sizes.filter((s) => s.gzipBytes > s.limit);
}
