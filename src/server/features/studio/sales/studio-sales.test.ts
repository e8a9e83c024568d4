/**
 * A creator's sales view (issue 31, docs/decisions/0027), on whichever database TEST_DB names:
 * per product and size, units, revenue and stock left over a period, as JSON and CSV; cancelled
 * orders sold nothing; another creator's sales, and every buyer, stay out of it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { SalesReport } from "../../../../common/api/studio-sales.js";
import { SALES_MESSAGES } from "../../../../common/api/studio-sales.js";
import type { StudioProduct } from "../../../../common/api/studio-products.js";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { staffKit } from "../../admin/admin.fixtures.js";
import { ADDRESS, newKey } from "../../orders/orders.fixtures.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});
const kit = staffKit(() => t);

async function publish(maker: Awaited<ReturnType<typeof kit.creator>>, form: Record<string, unknown>) {
  const draft = await kit.ok<StudioProduct>(maker, "POST", "/api/studio/products", { description: "Made for the sales view.", limited_edition: false, ...form }, 201);
  await kit.ok(maker, "POST", `/api/studio/products/${draft.id}/publish`, { version: 1 });
  return draft;
}

async function order(buyer: { cookie: string }, lines: { product_id: string; size?: string }[]) {
  for (const line of lines) expect((await t.request("/api/me/cart/items", { cookie: buyer.cookie, json: line })).status).toBe(200);
  const res = await t.request("/api/orders", { cookie: buyer.cookie, json: ADDRESS, headers: { "idempotency-key": newKey() } });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string };
}

describe("the sales view", () => {
  it("shows units, revenue and stock left per product and size for a period, leaving cancelled orders and other creators out", async () => {
    const maker = await kit.creator("Xena");
    const tee = await publish(maker, { category: "clothing", title: "=Sales Tee", price_cents: 2500, sizes: [{ size: "M", stock: 3 }, { size: "L", stock: 2 }] });
    const print = await publish(maker, { category: "art", title: 'Print "Ten"', price_cents: 6000, stock: 10, edition_size: 10 });
    const other = await kit.creator("Yusuf");
    const theirs = await publish(other, { category: "other", title: "Their Pin", price_cents: 500, stock: 5 });

    const buyer = await kit.person("member");
    await order(buyer, [{ product_id: tee.id, size: "M" }, { product_id: print.id }, { product_id: print.id }, { product_id: theirs.id }]);
    const cancelled = await order(buyer, [{ product_id: tee.id, size: "L" }]);
    expect((await t.request(`/api/orders/${cancelled.id}/cancel`, { cookie: buyer.cookie, json: {} })).status).toBe(200);

    const today = new Date().toISOString().slice(0, 10);
    const report = await kit.ok<SalesReport>(maker, "GET", `/api/studio/sales?from=${today}&to=${today}`);
    expect(report.rows).toEqual([
      { product_id: print.id, title: 'Print "Ten"', size: null, units: 2, revenue_cents: 12_000, stock: 8 },
      { product_id: tee.id, title: "=Sales Tee", size: "M", units: 1, revenue_cents: 2500, stock: 2 },
      { product_id: tee.id, title: "=Sales Tee", size: "L", units: 0, revenue_cents: 0, stock: 2 },
    ]);
    expect([report.units, report.revenue_cents]).toEqual([3, 14_500]);
    expect(JSON.stringify(report)).not.toContain(buyer.email);

    // A period before the orders sold nothing; the default period is the last 30 days.
    const earlier = await kit.ok<SalesReport>(maker, "GET", "/api/studio/sales?from=2020-01-01&to=2020-01-31");
    expect(earlier.units).toBe(0);
    expect((await kit.ok<SalesReport>(maker, "GET", "/api/studio/sales")).units).toBe(3);

    const csv = await t.request(`/api/studio/sales.csv?from=${today}&to=${today}`, { cookie: maker.cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="maybe-sales-${today}-to-${today}.csv"`);
    expect(await csv.text()).toBe(
      [
        '"Product","Size","Units sold","Revenue","Stock left"',
        '"Print ""Ten""","","2","$120.00","8"',
        // A title a spreadsheet would run as a formula is written as text.
        `"'=Sales Tee","M","1","$25.00","2"`,
        `"'=Sales Tee","L","0","$0.00","2"`,
        '"Total","","3","$145.00",""',
        "",
      ].join("\r\n"),
    );
  });

  it("checks the period with a clear message, and is the creator's alone", async () => {
    const maker = await kit.creator("Zed");
    for (const [query, field, message] of [
      ["from=2026-13-01", "from", SALES_MESSAGES.date],
      ["to=yesterday", "to", SALES_MESSAGES.date],
      ["from=2026-02-01&to=2026-01-01", "from", SALES_MESSAGES.order],
      ["from=2024-01-01&to=2026-01-01", "from", SALES_MESSAGES.tooLong],
    ] as const) {
      const res = await kit.call<{ error: { code: string; fields: Record<string, string> } }>(maker, "GET", `/api/studio/sales?${query}`);
      expect([res.status, res.body.error.fields[field]], query).toEqual([400, message]);
    }
    const member = await kit.person("member");
    for (const path of ["/api/studio/sales", "/api/studio/sales.csv"]) {
      expect((await kit.call(null, "GET", path)).status).toBe(401);
      expect((await kit.call(member, "GET", path)).status).toBe(403);
    }
  });
});
