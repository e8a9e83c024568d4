/** Each house rule catches a planted violation in a small tree shaped like src/, and passes a clean one. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkHouseRules } from "./house-rules.js";

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** A tree of files (path under src/ → text). */
function tree(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), "house-rules-"));
  for (const [path, text] of Object.entries(files)) {
    const file = join(root, "src", path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return root;
}

const clean = {
  "common/money.ts": "export const cents = 1;\n",
  "server/lib/log.ts": 'import { cents } from "../../common/money.js";\nexport const log = cents;\n',
  "server/db/client.ts": 'import { log } from "../lib/log.js";\nexport const db = log;\n',
  "server/features/catalog/catalog.queries.ts": 'import { db } from "../../db/client.js";\nexport const find = db;\n',
  "server/features/cart/cart.router.ts": 'import { find } from "../catalog/catalog.queries.js";\nexport const r = find;\n',
  "server/features/cart/cart.test.ts": 'import { r } from "./cart.router.js";\nimport { x } from "../orders/orders.fixtures.js";\nexport { r, x };\n',
  "server/features/orders/orders.fixtures.ts": "export const x = 1;\n",
  "server/features/admin/staff.service.ts": "export const staffOnly = 1;\n",
  "server/features/reports/reports.router.ts": 'import { staffOnly } from "../admin/staff.service.js";\nexport const r = staffOnly;\n',
  "server/features/catalog/stock.service.ts": 'export const take = (db: any) => db.updateTable("product").set({ stock: 1 });\n',
  "client/components/ui/button.tsx": "export const Button = 1;\n",
  "client/features/store/page.tsx": 'import { Button } from "../../components/ui/button";\nexport const Page = Button;\n',
  "client/app/routes/store.tsx": 'import { Page } from "../../features/store/page";\nexport default Page;\n',
};

const rulesBroken = (files: Record<string, string>) => checkHouseRules(tree({ ...clean, ...files })).map((v) => v.rule);

describe("house rules", () => {
  it("pass a tree that keeps them", () => {
    expect(checkHouseRules(tree(clean))).toEqual([]);
  });

  it("keep common free of server and client code, type imports included", () => {
    expect(rulesBroken({ "common/money.ts": 'import type { Button } from "../client/components/ui/button";\nexport const cents = 1;\n' })).toEqual([
      "common imports nothing from server or client",
    ]);
  });

  it("keep client features apart", () => {
    expect(rulesBroken({ "client/features/cart/panel.tsx": 'import { Page } from "../store/page";\nexport const P = Page;\n' })).toEqual([
      "client features do not import each other (share through components/, lib/ or common/)",
    ]);
  });

  it("let server features meet only through queries", () => {
    expect(
      rulesBroken({
        "server/features/catalog/catalog.router.ts": "export const c = 1;\n",
        "server/features/orders/orders.router.ts": 'import { c } from "../catalog/catalog.router.js";\nexport const o = c;\n',
      }),
    ).toEqual(["server features import another feature only through its <name>.queries.ts or <name>.service.ts"]);
  });

  it("keep one writer of stock", () => {
    const write = (set: string) => `export const w = (db: any) => db.updateTable("product").${set}.execute();\n`;
    const rule = "stock is written only by server/features/catalog/stock.service.ts";
    expect(rulesBroken({ "server/features/orders/orders.queries.ts": write("set({ stock: 0 })") })).toEqual([rule]);
    expect(rulesBroken({ "server/features/admin/inventory.queries.ts": write('set((eb) => ({ stock: eb("stock", "+", 1) }))') })).toEqual([rule]);
    expect(rulesBroken({ "server/features/admin/curation.queries.ts": write("set({ hidden_at: null })") })).toEqual([]);
    // A size's stock, and a new size with its first stock, are stock too.
    const variant = 'export const w = (db: any) => db.updateTable("product_variant").set({ stock: 0 }).execute();\n';
    expect(rulesBroken({ "server/features/studio/products/studio-products.queries.ts": variant })).toEqual([rule]);
    const sized = 'export const w = (db: any) => db.insertInto("product_variant").values({ id: "t.m", stock: 5 }).execute();\n';
    expect(rulesBroken({ "server/features/studio/products/studio-products.queries.ts": sized })).toEqual([rule]);
  });

  it("keep lib at the bottom", () => {
    expect(rulesBroken({ "server/lib/log.ts": 'import { db } from "../db/client.js";\nexport const log = db;\n' })).toContain(
      "server lib/ imports neither db/ nor a feature",
    );
  });

  it("keep identity below the features", () => {
    expect(rulesBroken({ "server/auth/better-auth.ts": 'import { find } from "../features/catalog/catalog.queries.js";\nexport const a = find;\n' })).toEqual([
      "server auth/ (identity) imports no feature",
    ]);
  });

  it("find cycles, type-only ones too", () => {
    const broken = checkHouseRules(
      tree({
        ...clean,
        "server/lib/a.ts": 'import type { B } from "./b.js";\nexport type A = B;\n',
        "server/lib/b.ts": 'import type { A } from "./a.js";\nexport type B = A | 1;\n',
      }),
    );
    expect(broken).toEqual([{ file: "server/lib/a.ts", imports: "server/lib/b.ts", rule: "no import cycles (type-only imports included)" }]);
  });
});
