import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOW_STOCK_THRESHOLD, type AdminOverview } from "../../../../common/api/admin.js";
import { insertCreator, insertOrder, insertProduct, insertReport, insertUser } from "../../../db/seed/factories.js";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { staffKit } from "../admin.fixtures.js";
import { adminOverview } from "./overview.queries.js";

let t: TestApp;
const { person, call, ok } = staffKit(() => t);

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2026-06-15T12:00:00.000Z");
const ago = (days: number, from = NOW) => new Date(from.getTime() - days * DAY).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  const buyer = await insertUser(t.database);
  const line = await insertProduct(t.database, { stock: 50, title: "Order line" });
  await insertOrder(
    t.database,
    (["placed", "placed", "paid", "shipped", "delivered", "cancelled"] as const).map((status) => ({
      user_id: buyer.user.id,
      status,
      lines: [{ product_id: line.id }],
    })),
  );

  const reporter = await insertUser(t.database);
  await insertReport(t.database, [
    { reporter_id: reporter.user.id, kind: "story", item_id: "s-1" },
    { reporter_id: reporter.user.id, kind: "product", item_id: "p-1" },
    { reporter_id: reporter.user.id, kind: "creator", item_id: "c-1", status: "dismissed" },
  ]);

  // Twelve low products (one more than the list shows), and some that do not count.
  await insertProduct(
    t.database,
    Array.from({ length: 12 }, (_, i) => ({ id: `low-${String(i).padStart(2, "0")}`, title: `Low ${String(i).padStart(2, "0")}`, stock: i % (LOW_STOCK_THRESHOLD + 1) })),
  );
  await insertProduct(t.database, [
    { id: "hidden-low", title: "Hidden low", stock: 0, hidden_at: "2026-01-01T00:00:00.000Z" },
    { id: "plenty", title: "Plenty", stock: LOW_STOCK_THRESHOLD + 1 },
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe("the overview's counts (adminOverview)", () => {
  it("counts creators who joined in the seven days before `now`", async () => {
    await insertCreator(t.database, [
      { id: "joined-today", joined: ago(0) },
      { id: "joined-6-days-ago", joined: ago(6.9) },
      { id: "joined-8-days-ago", joined: ago(8) },
      { id: "joined-after-now", joined: new Date(NOW.getTime() + DAY).toISOString() },
    ]);
    expect((await adminOverview(t.database, { orders: true, now: NOW })).new_creators).toBe(2);
    // A week later, those two are no longer new and the one "after now" is.
    expect((await adminOverview(t.database, { orders: true, now: new Date(NOW.getTime() + 7 * DAY) })).new_creators).toBe(1);
  });
});

describe("GET /api/admin/overview", () => {
  it("gives an admin the orders awaiting payment and shipping, open reports, new creators and low stock", async () => {
    const admin = await person("admin");
    const overview = await ok<AdminOverview>(admin, "GET", "/api/admin/overview");
    expect(overview.orders).toEqual({ awaiting_payment: 2, awaiting_shipping: 1 });
    expect(overview.open_reports).toBe(2);
    expect(overview.low_stock.threshold).toBe(LOW_STOCK_THRESHOLD);
    expect(overview.low_stock.total).toBe(12);
    // The first ten, lowest stock first, then by title; hidden products left out.
    expect(overview.low_stock.items.map((i) => [i.id, i.stock])).toEqual([
      ["low-00", 0],
      ["low-04", 0],
      ["low-08", 0],
      ["low-01", 1],
      ["low-05", 1],
      ["low-09", 1],
      ["low-02", 2],
      ["low-06", 2],
      ["low-10", 2],
      ["low-03", 3],
    ]);
    expect(overview.low_stock.items[0]).toEqual({ id: "low-00", title: "Low 00", kind: "artifact", category: "art", stock: 0, sizes: [], hidden: false });
  });

  it("gives a curator everything but the orders, which are not theirs to handle", async () => {
    const curator = await person("curator");
    const overview = await ok<AdminOverview>(curator, "GET", "/api/admin/overview");
    expect(overview.orders).toBeNull();
    expect(overview.open_reports).toBe(2);
    expect(overview.low_stock.total).toBe(12);
  });

  it("counts new creators by the real clock", async () => {
    const admin = await person("admin");
    const before = (await ok<AdminOverview>(admin, "GET", "/api/admin/overview")).new_creators;
    await insertCreator(t.database, [{ joined: ago(1, new Date()) }, { joined: ago(10, new Date()) }]);
    expect((await ok<AdminOverview>(admin, "GET", "/api/admin/overview")).new_creators).toBe(before + 1);
  });

  it("is never cached, and refused to everyone who is not staff", async () => {
    const admin = await person("admin");
    const res = await call(admin, "GET", "/api/admin/overview");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect((await call(null, "GET", "/api/admin/overview")).status).toBe(401);
    const member = await person("member");
    expect((await call<{ error: { code: string } }>(member, "GET", "/api/admin/overview")).body.error.code).toBe("NOT_STAFF");
  });
});
