/**
 * The house rules of ARCHITECTURE.md §3 that are about who may import whom, checked over the
 * import graph of src/ (type-only imports included: a type cycle is still a knot to untangle, and
 * a type import across a boundary still couples the two sides). `npm run lint` runs this after
 * ESLint; `process.env` outside config.ts is ESLint's own rule (eslint.config.js).
 *
 * 1. `common` imports nothing from `server` or `client` (it runs anywhere).
 * 2. Client features do not import each other (they share through components/, lib/, common/);
 *    `client/app` composes them.
 * 3. Server features import another feature only through its queries (`<name>.queries.ts`: reads
 *    and plain writes) or services (`<name>.service.ts`: a transaction with rules of its own, such
 *    as the order state machine, the stock writer, the staff gate and the audit writer); tests may
 *    use another feature's fixtures. There is no exception list.
 * 4. Server `lib/` is the bottom layer: it imports neither `db/` nor a feature (tests aside). The
 *    identity room (`server/auth/`: Better Auth, sessions, the staff gate) imports no feature either:
 *    what a feature does when an account's life turns is handed to it (bootstrap.ts).
 * 5. No import cycles.
 * 6. Stock (a product's total and each size's) is written only by server/features/catalog/stock.service.ts (take, give
 *    back, adjust), so its conditional update and row-count check exist once.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const SOURCE = /\.(ts|tsx)$/;
// Static imports and re-exports (type-only ones too) and dynamic import() of a string.
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : SOURCE.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The file a relative specifier names: `./x.js` may be x.ts or x.tsx; `./x` may be x/index.ts. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const base = resolve(dirname(from), specifier).replace(/\.(js|jsx|mjs)$/, "");
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

export interface Violation {
  file: string;
  imports: string;
  rule: string;
}

export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(join(root, "src"))) {
    const text = readFileSync(file, "utf8");
    const targets: string[] = [];
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveSpecifier(file, match[1] ?? match[2]!);
      if (target) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

const isTest = (path: string) => /\.test\.tsx?$|\.fixtures\.ts$|[/\\]test[/\\]/.test(path);

/** Which rule, if any, an import from `file` (path relative to src/, with /) to `target` breaks. */
function brokenRule(file: string, target: string): string | undefined {
  const [area] = file.split("/");
  const [targetArea] = target.split("/");
  if (area === "common" && (targetArea === "server" || targetArea === "client")) return "common imports nothing from server or client";
  const clientFeature = /^client\/features\/([^/]+)\//;
  const from = clientFeature.exec(file)?.[1];
  const to = clientFeature.exec(target)?.[1];
  if (from && to && from !== to) return "client features do not import each other (share through components/, lib/ or common/)";
  const serverFeature = /^server\/features\/([^/]+)\//;
  const fromServer = serverFeature.exec(file)?.[1];
  const toServer = serverFeature.exec(target)?.[1];
  const shared = target.endsWith(".queries.ts") || target.endsWith(".service.ts");
  if (fromServer && toServer && fromServer !== toServer && !shared && !isTest(file)) {
    return "server features import another feature only through its <name>.queries.ts or <name>.service.ts";
  }
  if (file.startsWith("server/lib/") && !isTest(file) && (target.startsWith("server/db/") || target.startsWith("server/features/"))) {
    return "server lib/ imports neither db/ nor a feature";
  }
  if (file.startsWith("server/auth/") && !isTest(file) && target.startsWith("server/features/")) {
    return "server auth/ (identity) imports no feature";
  }
  return undefined;
}

/** Every cycle's files, each cycle once (Tarjan's strongly connected components). */
export function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indices.get(next)!));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.reverse());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

const STOCK_WRITER = "server/features/catalog/stock.service.ts";
// An update of the product or variant table that sets its stock, or a new variant (with its first
// stock); seed data and tests arrange stock their own way.
const WRITES_STOCK = /insertInto\(\s*["']product_variant["']\s*\)|updateTable\(\s*["']product(?:_variant)?["']\s*\)\s*\.set\(\s*(?:\{[^}]*\bstock\s*:|\(\s*\w+\s*\)\s*=>\s*\(\s*\{[^}]*\bstock\s*:)/;

export function checkHouseRules(root: string): Violation[] {
  const src = join(root, "src");
  const name = (path: string) => relative(src, path).split(sep).join("/");
  const graph = importGraph(root);
  const violations: Violation[] = [];
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const rule = brokenRule(name(file), name(target));
      if (rule) violations.push({ file: name(file), imports: name(target), rule });
    }
  }
  for (const file of graph.keys()) {
    const path = name(file);
    if (path !== STOCK_WRITER && !isTest(path) && !path.startsWith("server/db/seed") && !path.startsWith("server/db/migrations") && WRITES_STOCK.test(readFileSync(file, "utf8"))) {
      violations.push({ file: path, imports: "product.stock", rule: `stock is written only by ${STOCK_WRITER}` });
    }
  }
  for (const cycle of cycles(graph)) {
    violations.push({ file: name(cycle[0]!), imports: cycle.slice(1).map(name).join(" → "), rule: "no import cycles (type-only imports included)" });
  }
  return violations;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
  const violations = checkHouseRules(root);
  for (const v of violations) console.error(`src/${v.file}: imports ${v.imports}: ${v.rule}`);
  if (violations.length) {
    console.error(`\n${violations.length} house-rule violation(s) (ARCHITECTURE.md §3, src/build/house-rules.ts)`);
    process.exit(1);
  }
  console.log("house rules: no violations");
}
