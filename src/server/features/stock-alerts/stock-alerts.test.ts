/**
 * 'Notify me' (issue 32), on whichever database TEST_DB names: an account waits for a sold-out size
 * or a scheduled drop, once however often it asks; the e-mail goes once per request when the size
 * is back, even when two admins restock it at once, and the request ends; a drop's goes when it
 * opens (explicit times: a fake clock); sold out again before its turn, nothing goes and the
 * request stays; what can be bought now, a size left out, an unknown product and a visitor are
 * refused; the e-mail's unsubscribe ends every request.
 */
import { describe, expect, it } from "vitest";
import type { StockAlerts } from "../../../common/api/stock-alerts.js";
import { writeTransaction } from "../../db/dialect.js";
import { unsubscribeToken } from "../../emails/unsubscribe.js";
import { announcementExpander } from "../../outbox/announcements/expander.js";
import { appWithSmtp } from "../../test/app-with-smtp.js";
import { staffKit, type ErrorBody } from "../admin/admin.fixtures.js";
import { adjustStockBy } from "../catalog/stock.service.js";

const world = appWithSmtp();
const kit = staffKit(() => world.t);
const to = (email: string, text: string) => world.smtp.inbox.filter((m) => m.to.includes(email) && m.raw.includes(text));

describe("notify me", () => {
  it("waits once for a sold-out size, refusing what can be bought, a size left out, an unknown product and a visitor", async () => {
    const fan = await kit.person("member");
    const tee = await kit.product(null, { kind: "merch", category: "clothing", title: "Waiting Tee", sizes: { S: 2, M: 0 } });
    for (let i = 0; i < 2; i++) expect(await kit.ok(fan, "PUT", `/api/me/stock-alerts/${tee.id}`, { size: "M" })).toEqual({ product_id: tee.id, variant_id: `${tee.id}.m`, waiting: true });
    expect(await kit.ok<StockAlerts>(fan, "GET", "/api/me/stock-alerts")).toEqual({ variant_ids: [`${tee.id}.m`] });
    const refusals = [
      [{ size: "S" }, 409, "IN_STOCK"],
      [{ size: null }, 400, "VALIDATION_FAILED"],
      [{ size: "XL" }, 404, "NOT_FOUND"],
    ] as const;
    for (const [body, status, code] of refusals) {
      const res = await kit.call<ErrorBody>(fan, "PUT", `/api/me/stock-alerts/${tee.id}`, body);
      expect([res.status, res.body.error.code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect((await kit.call<ErrorBody>(fan, "PUT", "/api/me/stock-alerts/no-such-product", { size: null })).status).toBe(404);
    expect((await kit.call(null, "PUT", `/api/me/stock-alerts/${tee.id}`, { size: "M" })).status).toBe(401);
    expect(await kit.ok(fan, "DELETE", `/api/me/stock-alerts/${tee.id}`)).toMatchObject({ waiting: false });
    expect(await kit.ok<StockAlerts>(fan, "GET", "/api/me/stock-alerts")).toEqual({ variant_ids: [] });
  });

  it("e-mails each waiting account once when two admins restock at once, and the requests end", async () => {
    const [a, b, admin, other] = [await kit.person("member"), await kit.person("member"), await kit.person("admin"), await kit.person("admin")];
    const print = await kit.product(null, { title: "Restocked Print", stock: 0 });
    for (const fan of [a, b]) await kit.ok(fan, "PUT", `/api/me/stock-alerts/${print.id}`, { size: null });
    await Promise.all(
      [admin, other].map((who) => kit.ok(who, "POST", `/api/admin/inventory/${print.id}/adjust`, { delta: 1, reason: "Found a box" })),
    );
    await world.t.outbox.drain();
    await world.t.outbox.drain();
    for (const fan of [a, b]) {
      expect(to(fan.email, "Restocked Print"), fan.email).toHaveLength(1);
      expect(await kit.ok<StockAlerts>(fan, "GET", "/api/me/stock-alerts")).toEqual({ variant_ids: [] });
    }
    // Sold out and back again: the requests ended, so nothing more goes.
    await kit.ok(admin, "POST", `/api/admin/inventory/${print.id}/adjust`, { delta: -2, reason: "Sold at the fair" });
    await kit.ok(admin, "POST", `/api/admin/inventory/${print.id}/adjust`, { delta: 1, reason: "One more" });
    await world.t.outbox.drain();
    expect(to(a.email, "Restocked Print")).toHaveLength(1);
  });

  it("keeps the request when it sold out again before its turn, and tells of a drop when it opens", async () => {
    const fan = await kit.person("member");
    const print = await kit.product(null, { title: "Gone Again Print", stock: 0 });
    await kit.ok(fan, "PUT", `/api/me/stock-alerts/${print.id}`, { size: null });
    // Back and sold again in one transaction: by the worker's turn it is gone.
    await writeTransaction(world.t.database.db, world.t.database.dialect, async (trx) => {
      await adjustStockBy(trx, print.id, 1);
      await adjustStockBy(trx, print.id, -1);
    });
    await world.t.outbox.drain();
    expect(to(fan.email, "Gone Again Print")).toHaveLength(0);
    expect((await kit.ok<StockAlerts>(fan, "GET", "/api/me/stock-alerts")).variant_ids).toEqual([print.id]);

    const drop = await kit.product(null, { title: "Midnight Drop Print", stock: 5, drops_at: "2031-06-01T00:00:00.000Z" });
    await kit.ok(fan, "PUT", `/api/me/stock-alerts/${drop.id}`, { size: null });
    const expander = (now: string) => announcementExpander({ database: world.t.database, context: { publicUrl: "https://maybe.test" }, now: () => new Date(now) });
    const written = () => world.t.database.db.selectFrom("outbox").select(["template", "payload"]).where("recipient", "=", fan.email).where("template", "=", "stock-alert").execute();
    await expander("2031-05-31T23:59:00.000Z").expandDue(() => false);
    expect(await written()).toEqual([]);
    await expander("2031-06-01T00:00:01.000Z").expandDue(() => false);
    const rows = await written();
    expect(rows.map((r) => JSON.parse(r.payload) as { productName: string; opened: boolean })).toEqual([expect.objectContaining({ productName: "Midnight Drop Print", opened: true })]);
    expect((await kit.ok<StockAlerts>(fan, "GET", "/api/me/stock-alerts")).variant_ids).toEqual([print.id]);

    // The e-mail's unsubscribe ends every request of the account.
    const token = unsubscribeToken(world.t.config.authSecret, { list: "alerts", subject: fan.id }, new Date());
    const res = await world.t.request(`/api/unsubscribe?token=${encodeURIComponent(token)}`, { method: "POST", origin: null, headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(await res.json()).toEqual({ list: "alerts", unsubscribed: true });
    expect((await kit.ok<StockAlerts>(fan, "GET", "/api/me/stock-alerts")).variant_ids).toEqual([]);
  });
});
