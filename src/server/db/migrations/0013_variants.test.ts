/**
 * Migration 0013 upgrades a database release 0012 left without loss: every product gets its one
 * default variant (id = the product's, its stock), and every cart line and order line made before
 * sizes keeps working, named by that variant (SQLite or, with TEST_DB=postgres, PostgreSQL).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyTestDatabase } from "../../test/harness.js";
import type { Db } from "../client.js";
import { migrateTo, migrateToLatest } from "../migrate.js";

let database: Db;
let cleanup: () => Promise<void>;

const NOW = "2025-01-01T00:00:00.000Z";

beforeAll(async () => {
  ({ database, drop: cleanup } = await emptyTestDatabase());
  await migrateTo(database, "0012_drops");
  const { db } = database;
  const no = database.dialect === "postgres" ? sql`false` : sql`0`;
  await sql`insert into "user" (id, name, email, email_verified, created_at, updated_at, username, phone, subscribed)
    values ('u-1', 'u-1', 'u1@example.com', ${no}, ${NOW}, ${NOW}, 'u-1', '', ${no})`.execute(db);
  for (const [id, stock] of [
    ["p-tee", 7],
    ["p-print", 0],
  ] as const) {
    await sql`insert into product (id, kind, category, title, description, price_cents, stock, limited_edition, created_at, search_text)
      values (${id}, 'merch', 'clothing', ${id}, '', 2500, ${stock}, ${no}, ${NOW}, ${id})`.execute(db);
  }
  await sql`insert into cart_item (user_id, product_id, quantity, created_at) values ('u-1', 'p-tee', 2, ${NOW})`.execute(db);
  await sql`insert into "order" (id, user_id, status, subtotal_cents, shipping_cents, total_cents, created_at, contact_email, shipping_name,
      address_line1, address_line2, city, state, zip, phone, payment_method, payment_status, updated_at)
    values ('o-1', 'u-1', 'placed', 5000, 599, 5599, ${NOW}, 'u1@example.com', 'U', '1 St', '', 'Town', 'NY', '10001', '555', 'invoice', 'due', ${NOW})`.execute(db);
  await sql`insert into order_item (order_id, product_id, title, price_cents, quantity) values ('o-1', 'p-print', 'Print', 2500, 2)`.execute(db);
  expect(await migrateToLatest(database)).toContain("0013_variants");
});

afterAll(async () => {
  await database?.close();
  await cleanup?.();
});

describe("0013", () => {
  it("gives every product one default variant with its stock, named by the product's id", async () => {
    const variants = await database.db.selectFrom("product_variant").select(["id", "product_id", "size", "stock"]).orderBy("id").execute();
    expect(variants).toEqual([
      { id: "p-print", product_id: "p-print", size: null, stock: 0 },
      { id: "p-tee", product_id: "p-tee", size: null, stock: 7 },
    ]);
  });

  it("keeps cart lines and order lines, each on its product's default variant", async () => {
    const cart = await database.db.selectFrom("cart_item").select(["user_id", "product_id", "variant_id", "quantity"]).execute();
    expect(cart).toEqual([{ user_id: "u-1", product_id: "p-tee", variant_id: "p-tee", quantity: 2 }]);
    const lines = await database.db.selectFrom("order_item").selectAll().execute();
    expect(lines).toEqual([
      { order_id: "o-1", product_id: "p-print", variant_id: "p-print", size: null, title: "Print", price_cents: 2500, quantity: 2, edition_from: null, edition_of: null },
    ]);
  });

  it("keys cart lines by variant: the same product in two sizes is two lines", async () => {
    const { db } = database;
    await db.insertInto("product_variant").values({ id: "p-tee.m", product_id: "p-tee", size: "M", stock: 1, position: 1 }).execute();
    await db.insertInto("cart_item").values({ user_id: "u-1", product_id: "p-tee", variant_id: "p-tee.m", quantity: 1, created_at: NOW }).execute();
    await expect(db.insertInto("cart_item").values({ user_id: "u-1", product_id: "p-tee", variant_id: "p-tee.m", quantity: 1, created_at: NOW }).execute()).rejects.toThrow();
    expect((await db.selectFrom("cart_item").select("variant_id").where("user_id", "=", "u-1").orderBy("variant_id").execute()).map((r) => r.variant_id)).toEqual([
      "p-tee",
      "p-tee.m",
    ]);
  });
});
