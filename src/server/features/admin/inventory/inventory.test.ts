import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_MESSAGES, type AuditPage, type InventoryItem, type InventoryPage } from "../../../../common/api/admin.js";
import type { Product } from "../../../../common/api/catalog.js";
import { insertProduct } from "../../../db/seed/factories.js";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { databaseSnapshot, staffKit, type ErrorBody, type Person } from "../admin.fixtures.js";

let t: TestApp;
const { person, call, ok } = staffKit(() => t);
let admin: Person;

beforeAll(async () => {
  t = await createTestApp();
  admin = await person("admin");
});
afterAll(async () => {
  await t?.close();
});

let next = 0;
/** A product of the test's own, made at a time of its choosing (the list is newest first). */
async function product(o: { stock?: number; title?: string; hidden?: boolean; created_at?: string } = {}) {
  next += 1;
  return insertProduct(t.database, {
    id: `inv-${next}`,
    title: o.title ?? `Inventory item ${next}`,
    stock: o.stock ?? 10,
    hidden_at: o.hidden ? "2026-01-01T00:00:00.000Z" : null,
    created_at: o.created_at ?? new Date(Date.UTC(2026, 0, 1) + next * 60_000).toISOString(),
  });
}

const adjust = (who: Person | null, productId: string, body: unknown) =>
  call<InventoryItem & ErrorBody>(who, "POST", `/api/admin/inventory/${encodeURIComponent(productId)}/adjust`, body);

const stockOf = async (id: string) =>
  (await t.database.db.selectFrom("product").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;

describe("GET /api/admin/inventory", () => {
  it("lists every product newest first, hidden ones flagged, a keyset page at a time", async () => {
    const older = await product({ stock: 7, title: "Quokka Tote" });
    const hidden = await product({ stock: 1, title: "Quokka Mug", hidden: true });
    const newer = await product({ stock: 0, title: "Quokka Cap" });
    const first = await ok<InventoryPage>(admin, "GET", "/api/admin/inventory?q=quokka&limit=2");
    expect(first.items).toEqual([
      { id: newer.id, title: "Quokka Cap", kind: newer.kind, category: newer.category, stock: 0, sizes: [], hidden: false },
      { id: hidden.id, title: "Quokka Mug", kind: hidden.kind, category: hidden.category, stock: 1, sizes: [], hidden: true },
    ]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await ok<InventoryPage>(admin, "GET", `/api/admin/inventory?q=quokka&limit=2&cursor=${first.next_cursor}`);
    expect(second.items.map((i) => i.id)).toEqual([older.id]);
    expect(second.next_cursor).toBeNull();
  });

  it("searches by title, ignoring case and accents", async () => {
    const cafe = await product({ title: "Café Zine Weasel" });
    const page = await ok<InventoryPage>(admin, "GET", "/api/admin/inventory?q=CAFE%20ZINE%20WEASEL");
    expect(page.items.map((i) => i.id)).toEqual([cafe.id]);
    expect((await ok<InventoryPage>(admin, "GET", "/api/admin/inventory?q=nothing-called-this")).items).toEqual([]);
  });

  it("with low=1, only products on the site with 3 or fewer in stock", async () => {
    const three = await product({ stock: 3, title: "Lowpoint Three" });
    const zero = await product({ stock: 0, title: "Lowpoint Zero" });
    await product({ stock: 4, title: "Lowpoint Four" });
    await product({ stock: 1, title: "Lowpoint Hidden", hidden: true });
    const page = await ok<InventoryPage>(admin, "GET", "/api/admin/inventory?q=lowpoint&low=1");
    expect(page.items.map((i) => i.id)).toEqual([zero.id, three.id]);
    expect((await ok<InventoryPage>(admin, "GET", "/api/admin/inventory?q=lowpoint&low=0")).items).toHaveLength(4);
  });

  it("refuses a bad filter or cursor with a message per parameter", async () => {
    const res = await call<ErrorBody>(admin, "GET", "/api/admin/inventory?low=maybe&cursor=nope&limit=0");
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields ?? {}).sort()).toEqual(["cursor", "limit", "low"]);
  });
});

describe("POST /api/admin/inventory/{productId}/adjust", () => {
  it("adjusts one size of a product sold in sizes, leaving the others; the audit entry names the size", async () => {
    next += 1;
    const tee = await insertProduct(t.database, { id: `inv-${next}`, category: "clothing", kind: "merch", title: "Sized Inventory Tee", sizes: { S: 1, M: 2 } });
    const res = await adjust(admin, tee.id, { delta: 3, reason: "Found a box of M", size: "M" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ stock: 6, sizes: [{ size: "S", stock: 1 }, { size: "M", stock: 5 }] });
    const log = await ok<AuditPage>(admin, "GET", `/api/admin/audit?target_kind=product&target_id=${tee.id}`);
    expect(log.items[0]).toMatchObject({ before: { size: "M", stock: 2 }, after: { size: "M", stock: 5 } });
    // A size it is not sold in is not found; nothing changes.
    expect((await adjust(admin, tee.id, { delta: 1, reason: "Counted again", size: "XL" })).status).toBe(404);
    expect(await stockOf(tee.id)).toBe(6);
  });

  it("adds and takes away stock, each with its audit entry: who, before and after, the reason as note", async () => {
    const p = await product({ stock: 4 });
    const added = await adjust(admin, p.id, { delta: 6, reason: "  Restocked from the printer  " });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ id: p.id, stock: 10, hidden: false });
    const taken = await adjust(admin, p.id, { delta: -10, reason: "Sold at the market" });
    expect(taken.status).toBe(200);
    expect(taken.body.stock).toBe(0);
    expect(await stockOf(p.id)).toBe(0);

    const log = await ok<AuditPage>(admin, "GET", `/api/admin/audit?target_kind=product&target_id=${p.id}`);
    expect(log.items.map(({ actor, action, target, before, after, note }) => ({ actor, action, target, before, after, note }))).toEqual([
      {
        actor: { id: admin.id, email: admin.email },
        action: "product.stock",
        target: { kind: "product", id: p.id },
        before: { stock: 10 },
        after: { stock: 0 },
        note: "Sold at the market",
      },
      {
        actor: { id: admin.id, email: admin.email },
        action: "product.stock",
        target: { kind: "product", id: p.id },
        before: { stock: 4 },
        after: { stock: 10 },
        note: "Restocked from the printer",
      },
    ]);
  });

  it("refuses to go below zero with 409 STOCK_CONFLICT, the current stock and a clear message; nothing changes", async () => {
    const p = await product({ stock: 2, title: "Last Two Prints" });
    const before = await databaseSnapshot(t);
    const res = await adjust(admin, p.id, { delta: -3, reason: "Damaged in the rain" });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: "STOCK_CONFLICT",
      message: "“Last Two Prints” has 2 in stock, so 3 cannot be taken away: stock cannot go below 0. Nothing changed.",
      details: [{ product_id: p.id, name: "Last Two Prints", requested: 3, available: 2 }],
    });
    expect(await databaseSnapshot(t)).toEqual(before);
  });

  it("gives a message per field for bad input, and changes nothing", async () => {
    const p = await product({ stock: 5 });
    const before = await databaseSnapshot(t);
    const cases: [unknown, Record<string, string>][] = [
      [{}, { delta: ADMIN_MESSAGES.deltaRequired, reason: ADMIN_MESSAGES.reasonRequired }],
      [{ delta: 0, reason: "   " }, { delta: ADMIN_MESSAGES.deltaZero, reason: ADMIN_MESSAGES.reasonRequired }],
      [{ delta: 1.5, reason: "ok" }, { delta: ADMIN_MESSAGES.deltaWhole, reason: ADMIN_MESSAGES.reasonShort }],
      [{ delta: "5", reason: "x".repeat(201) }, { delta: ADMIN_MESSAGES.deltaRequired, reason: ADMIN_MESSAGES.reasonLong }],
      [{ delta: 10_001, reason: "Counted" }, { delta: ADMIN_MESSAGES.deltaRange }],
      [{ delta: -10_001, reason: "Bell\u0007" }, { delta: ADMIN_MESSAGES.deltaRange, reason: ADMIN_MESSAGES.reasonInvalid }],
    ];
    for (const [body, fields] of cases) {
      const res = await adjust(admin, p.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_FAILED");
      expect(res.body.error.fields, JSON.stringify(body)).toEqual(fields);
    }
    // The limits themselves are allowed.
    expect((await adjust(admin, p.id, { delta: 10_000, reason: "Big" })).status).toBe(200);
    expect((await adjust(admin, p.id, { delta: -10_000, reason: "Big" })).status).toBe(200);
    expect(await stockOf(p.id)).toBe(5);
    expect((await databaseSnapshot(t))["product hash"]).toBe(before["product hash"]);
  });

  it("answers 404 for a product that does not exist", async () => {
    const res = await adjust(admin, "no-such-product", { delta: 1, reason: "Counted" });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: "NOT_FOUND", message: ADMIN_MESSAGES.productNotFound });
  });

  it("lets two adjustments at once both land, or refuses the one that would go below zero", async () => {
    const p = await product({ stock: 3 });
    const results = await Promise.all([
      adjust(admin, p.id, { delta: -2, reason: "Shop A sold two" }),
      adjust(admin, p.id, { delta: -2, reason: "Shop B sold two" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await stockOf(p.id)).toBe(1);
    const log = await ok<AuditPage>(admin, "GET", `/api/admin/audit?target_id=${p.id}`);
    expect(log.items).toHaveLength(1);

    const both = await Promise.all([adjust(admin, p.id, { delta: 5, reason: "Box one" }), adjust(admin, p.id, { delta: 4, reason: "Box two" })]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await stockOf(p.id)).toBe(10);
  });

  it("shows the new stock in the store at once (the cached answer is dropped)", async () => {
    const p = await product({ stock: 2 });
    const cached = await ok<Product>(null, "GET", `/api/products/${p.id}`);
    expect(cached.stock).toBe(2);
    await ok(admin, "POST", `/api/admin/inventory/${p.id}/adjust`, { delta: 8, reason: "Restocked" });
    expect((await ok<Product>(null, "GET", `/api/products/${p.id}`)).stock).toBe(10);
  });

  it("is for admins: a curator is refused (403) and nothing changes", async () => {
    const p = await product({ stock: 5 });
    const curator = await person("curator");
    const before = await databaseSnapshot(t);
    const res = await adjust(curator, p.id, { delta: 1, reason: "Counted" });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("NOT_STAFF");
    expect((await call(curator, "GET", "/api/admin/inventory")).status).toBe(403);
    expect(await databaseSnapshot(t)).toEqual(before);
  });
});
