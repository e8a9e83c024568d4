/**
 * Delete account and Download my data (issue 20). One user is given a row in every table that can
 * hold a user's data; the export must carry each (USER_DATA, export.ts, names every column of the
 * schema holding a user's id or e-mail: a new one fails here until it is listed), and after the
 * deletion no table may hold the user's id or e-mail except where USER_DATA says why.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "../../../common/account-schemas.js";
import { insertAuditEntry, insertCreatorApplication, insertFavorite, insertMedia, insertProduct, insertReport, insertStory } from "../../db/seed/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import type { AccountDeletion } from "../../../common/api/account.js";
import type { AdminReportPage } from "../../../common/api/reports.js";
import { staffKit } from "../admin/admin.fixtures.js";
import { moveOrder } from "../orders/order-moves.service.js";
import { ADDRESS, ordersHelpers } from "../orders/orders.fixtures.js";
import { mailsTo } from "./account.fixtures.js";
import { variantKey } from "../../media/image-view.js";
import { USER_DATA } from "./export.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
const orders = ordersHelpers(() => t);
const staff = staffKit(() => t);

const deleteAccount = (a: { cookie: string; account: { password: string } }) =>
  t.request("/api/me/delete", { cookie: a.cookie, json: { password: a.account.password, confirmation: "DELETE" } });

/** A column name that says it holds a user's id or an e-mail address. */
const USER_COLUMN = /(^|_)(user_id|owner_id|reporter_id|actor_id|resolved_by|email)$|recipient/;

async function schemaColumns(): Promise<{ table: string; column: string; text: boolean }[]> {
  const tables = await t.database.db.introspection.getTables();
  return tables
    .filter((table) => !table.name.startsWith("kysely_") && !table.name.startsWith("sqlite_"))
    .flatMap((table) => table.columns.map((c) => ({ table: table.name, column: c.name, text: /text|char/i.test(c.dataType) })));
}

/** Everything the account can hold, through the API where there is one. */
async function fullAccount() {
  const { cookie, user, account } = await t.signUp();
  const bought = await orders.product(5, 1500);
  await orders.cartLine(user.uid, bought.id, 1);
  expect((await orders.place(cookie, crypto.randomUUID())).status).toBe(201);
  const inCart = await orders.product(5, 900);
  await orders.cartLine(user.uid, inCart.id, 2);
  await insertFavorite(t.database, { user_id: user.uid, kind: "product", item_id: bought.id });
  expect((await t.request("/api/me/preferences", { method: "PUT", cookie, json: { newsletter: true } })).status).toBe(200);

  const { creator } = await insertCreatorApplication(t.database, { user_id: user.uid, email: user.email });
  const story = await insertStory(t.database, { creator_id: creator.id, status: "published", title: "Their story" });
  const product = await insertProduct(t.database, { creator_id: creator.id, title: "Their print" });
  const media = await insertMedia(t.database, { owner_id: user.uid });
  const stranger = await t.signUp();
  const report = await insertReport(t.database, { reporter_id: user.uid, kind: "creator", item_id: "someone-else" });
  await insertReport(t.database, { reporter_id: stranger.user.uid, kind: "story", item_id: story.id, status: "dismissed", resolved_by: user.uid });
  await insertAuditEntry(t.database, { actor_id: user.uid, actor_email: user.email, action: "report.resolve", target_kind: "report", target_id: report.id });
  expect((await t.request("/api/auth/forgot-password", { json: { email: user.email } })).status).toBe(200);
  return { cookie, user, account, creator, story, product, media, report, stranger, bought };
}

describe("Download my data", () => {
  it("names, for every column holding a user's id or e-mail, its place in the export or why not", async () => {
    const found = (await schemaColumns()).filter((c) => USER_COLUMN.test(c.column)).map((c) => `${c.table}.${c.column}`);
    const missing = found.filter((key) => !(key in USER_DATA));
    expect(missing, "add these to USER_DATA in features/account/export.ts (and the deletion)").toEqual([]);
    const stale = Object.keys(USER_DATA).filter((key) => key !== "user.id" && key !== "verification.value" && !found.includes(key));
    expect(stale).toEqual([]);
  });

  it("is one JSON attachment with every table the account holds data in, and no secrets", async () => {
    const a = await fullAccount();
    const res = await t.request("/api/me/export", { cookie: a.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="maybe-account-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const data = (await res.json()) as Record<string, unknown> & Record<string, Record<string, unknown>[]>;

    for (const holding of Object.values(USER_DATA)) {
      if (typeof holding.exported === "string") expect(data, holding.exported).toHaveProperty(holding.exported);
    }
    expect(data.format).toBe("maybe-account-export/1");
    expect(data.profile).toMatchObject({ id: a.user.uid, email: a.user.email, username: a.account.username, email_verified: false });
    expect(data.sessions!.length).toBe(1);
    expect(data.sign_in_methods).toEqual([expect.objectContaining({ provider_id: "credential" })]);
    expect(data.saved_addresses!.length).toBe(1);
    expect(data.orders!.length).toBe(1);
    expect((data.orders![0]!.items as unknown[]).length).toBe(1);
    expect(data.favorites).toEqual([expect.objectContaining({ kind: "product", item_id: a.bought.id })]);
    expect(data.cart!.length).toBe(1);
    expect(data.newsletter).toMatchObject({ subscribed: true });
    const creator = data.creator as unknown as { id: string; stories: { id: string }[]; products: { id: string }[] };
    expect(creator.id).toBe(a.creator.id);
    expect(creator.stories.map((s) => s.id)).toEqual([a.story.id]);
    expect(creator.products.map((p) => p.id)).toEqual([a.product.id]);
    expect(data.media).toEqual([expect.objectContaining({ id: a.media.id })]);
    expect(data.reports).toEqual([expect.objectContaining({ id: a.report.id })]);
    expect((data.messages as unknown as { template: string }[]).map((m) => m.template)).toEqual(expect.arrayContaining(["verify-email", "password-reset"]));

    // No password hash, session token or reset token.
    const text = JSON.stringify(data);
    const secrets = [
      ...(await t.database.db.selectFrom("account").select("password").where("user_id", "=", a.user.uid).execute()).map((r) => r.password!),
      ...(await t.database.db.selectFrom("session").select("token").where("user_id", "=", a.user.uid).execute()).map((r) => r.token),
      ...(await t.database.db.selectFrom("verification").select("identifier").where("value", "=", a.user.uid).execute()).map((r) => r.identifier.split(":")[1]!),
    ];
    expect(secrets.length).toBe(3);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it("holds only the signed-in account's data", async () => {
    const a = await fullAccount();
    const other = await t.signUp();
    const data = (await (await t.request("/api/me/export", { cookie: other.cookie })).json()) as Record<string, unknown>;
    expect(JSON.stringify(data)).not.toContain(a.user.uid);
    expect(data.orders).toEqual([]);
    expect(data.creator).toBeNull();
  });
});

describe("Delete account", () => {
  it("needs the password and the typed confirmation; refused, nothing changes", async () => {
    const { cookie, user, account } = await t.signUp();
    const wrong = await t.request("/api/me/delete", { cookie, json: { password: "not it", confirmation: "DELETE" } });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: unknown }).error).toMatchObject({ code: "WRONG_PASSWORD", fields: { password: ACCOUNT_MESSAGES.wrongPassword } });
    const unconfirmed = await t.request("/api/me/delete", { cookie, json: { password: account.password, confirmation: "delete it" } });
    expect(unconfirmed.status).toBe(400);
    expect(((await unconfirmed.json()) as { error: { fields: Record<string, string> } }).error.fields.confirmation).toBe(ACCOUNT_MESSAGES.confirmDelete);
    // Another account's password does not delete this one, nor the other.
    const other = await t.signUp();
    expect((await t.request("/api/me/delete", { cookie, json: { password: other.account.password + "x", confirmation: "DELETE" } })).status).toBe(400);
    expect((await t.request("/api/me/cart", { cookie })).status).toBe(200);
    expect((await t.request("/api/me/cart", { cookie: other.cookie })).status).toBe(200);
    expect(await t.database.db.selectFrom("user").select("id").where("email", "=", user.email).executeTakeFirst()).toBeDefined();
  });

  it("removes the account's data from every table; orders stay without the phone; the address can sign up again", async () => {
    const a = await fullAccount();
    const order = await t.database.db.selectFrom("order").selectAll().where("user_id", "=", a.user.uid).executeTakeFirstOrThrow();
    expect(order.phone).not.toBe("");
    expect((await t.request(`/api/products/${a.product.id}`)).status).toBe(200);
    const upload = variantKey(a.media.hash, 320, "webp");
    await t.media.put(upload, new Uint8Array([1, 2, 3]), "image/webp");

    const res = await t.request("/api/me/delete", { cookie: a.cookie, json: { password: a.account.password, confirmation: "DELETE" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.accountDeleted });
    expect(res.headers.getSetCookie().some((c) => /^maybe\.session_token=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);

    expect((await t.request("/api/me/cart", { cookie: a.cookie })).status).toBe(401);
    expect((await t.request("/api/auth/sign-in/email", { json: { email: a.user.email, password: a.account.password } })).status).toBe(401);

    // No table holds the id or the address, but where USER_DATA says why.
    const hits: string[] = [];
    for (const { table, column, text } of await schemaColumns()) {
      if (!text) continue;
      const row = await t.database.db
        .selectFrom(table as "user")
        .select(sql<number>`count(*)`.as("n"))
        .where((eb) =>
          eb.or([eb(sql.ref(column), "like", `%${a.user.uid}%`), eb(sql`lower(${sql.ref(column)})`, "like", `%${a.user.email}%`)]),
        )
        .executeTakeFirstOrThrow();
      if (Number(row.n) > 0 && !USER_DATA[`${table}.${column}`]?.keptAfterDeletion) hits.push(`${table}.${column}`);
    }
    expect(hits).toEqual([]);

    // The placed order was unpaid: cancelled with the account, its stock back (open-orders test below).
    const kept = await t.database.db.selectFrom("order").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ user_id: null, phone: "", status: "cancelled", contact_email: order.contact_email, shipping_name: order.shipping_name });
    expect(await t.database.db.selectFrom("order_item").select("order_id").where("order_id", "=", order.id).execute()).toHaveLength(1);
    expect(await t.database.db.selectFrom("audit_log").select("id").where("actor_id", "=", a.user.uid).execute()).toHaveLength(1);
    expect((await mailsTo(t, a.user.email)).map((m) => m.template)).toEqual(["account-deleted"]);
    // The unpaid order's cancellation went to the order's contact address.
    const cancelled = await mailsTo(t, order.contact_email, "order-cancelled-account-deleted");
    expect(cancelled.filter((m) => (m.props.order as { id: string }).id === order.id)).toHaveLength(1);

    // The creator left the site: their story is gone, their product hidden and without a seller.
    expect(await t.database.db.selectFrom("story").select("id").where("id", "=", a.story.id).executeTakeFirst()).toBeUndefined();
    const product = await t.database.db.selectFrom("product").select(["creator_id", "hidden_at"]).where("id", "=", a.product.id).executeTakeFirstOrThrow();
    expect(product.creator_id).toBeNull();
    expect(product.hidden_at).not.toBeNull();
    expect((await t.request(`/api/products/${a.product.id}`)).status).toBe(404);
    expect((await t.request(`/api/creators/${a.creator.id}`)).status).toBe(404);

    // The report they filed stays for the curators, without them; so does the one they resolved.
    const report = await t.database.db.selectFrom("report").select(["reporter_id", "reason"]).where("id", "=", a.report.id).executeTakeFirstOrThrow();
    expect(report.reporter_id).toBeNull();

    // Their uploads' files went with the rows.
    expect(await t.media.head(upload)).toBeUndefined();

    // The stranger's things are untouched, and the address is free again.
    expect((await t.request("/api/me/cart", { cookie: a.stranger.cookie })).status).toBe(200);
    expect((await t.signUp({ email: a.user.email })).user.email).toBe(a.user.email);
  });
});

describe("Deleting an account with open orders", () => {
  /** A buyer with one order of each kind: placed (unpaid), paid, shipped, delivered. */
  async function buyerWithOrders() {
    const buyer = await t.signUp();
    const placed: { id: string; product: string }[] = [];
    for (let i = 0; i < 4; i += 1) {
      const product = await orders.product(5, 1000 + i);
      await orders.cartLine(buyer.user.uid, product.id, 2);
      const res = await orders.place(buyer.cookie, crypto.randomUUID());
      expect(res.status).toBe(201);
      placed.push({ id: ((await res.json()) as { id: string }).id, product: product.id });
    }
    const [unpaid, paid, shipped, delivered] = placed as [typeof placed[0], typeof placed[0], typeof placed[0], typeof placed[0]];
    const parcel = { carrier: "ups" as const, trackingNumber: "1Z999AA10123456784" };
    for (const order of [paid, shipped, delivered]) expect((await moveOrder(t.database, { action: "pay", orderId: order.id })).ok).toBe(true);
    for (const order of [shipped, delivered]) expect((await moveOrder(t.database, { action: "ship", orderId: order.id, parcel })).ok).toBe(true);
    expect((await moveOrder(t.database, { action: "deliver", orderId: delivered.id })).ok).toBe(true);
    return { ...buyer, unpaid, paid, shipped, delivered };
  }

  it("says first which orders the deletion cancels and which stay on their way", async () => {
    const b = await buyerWithOrders();
    const res = await t.request("/api/me/deletion", { cookie: b.cookie });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as AccountDeletion;
    expect(answer.cancelled_orders).toEqual([{ id: b.unpaid.id, total_cents: expect.any(Number) }]);
    expect(answer.orders_on_their_way).toEqual([
      { id: b.paid.id, status: "paid", contact_email: ADDRESS.email },
      { id: b.shipped.id, status: "shipped", contact_email: ADDRESS.email },
    ]);
    expect((await t.request("/api/me/deletion")).status).toBe(401);
  });

  it("cancels the unpaid order through the state machine, restocks it and e-mails the buyer; paid ones stay for the shop", async () => {
    const b = await buyerWithOrders();
    expect(await orders.stockOf(b.unpaid.product)).toBe(3);
    expect((await deleteAccount(b)).status).toBe(200);

    const rows = await t.database.db.selectFrom("order").select(["id", "status", "payment_status", "user_id", "phone", "closed_at"]).where("id", "in", [b.unpaid.id, b.paid.id, b.shipped.id, b.delivered.id]).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(b.unpaid.id)).toMatchObject({ status: "cancelled", payment_status: "void", user_id: null, phone: "" });
    expect(byId.get(b.unpaid.id)!.closed_at).not.toBeNull();
    expect(await orders.stockOf(b.unpaid.product)).toBe(5);
    // Still owed to the buyer: shipped as planned, with the phone for the carrier.
    expect(byId.get(b.paid.id)).toMatchObject({ status: "paid", user_id: null, phone: ADDRESS.phone });
    expect(byId.get(b.shipped.id)).toMatchObject({ status: "shipped", user_id: null, phone: ADDRESS.phone });
    expect(byId.get(b.delivered.id)).toMatchObject({ status: "delivered", user_id: null, phone: "" });
    for (const order of [b.paid, b.shipped, b.delivered]) expect(await orders.stockOf(order.product)).toBe(3);

    const cancelled = (await mailsTo(t, ADDRESS.email, "order-cancelled-account-deleted")).filter((m) => (m.props.order as { id: string }).id === b.unpaid.id);
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).toMatchObject({ user_id: null, props: { order: { id: b.unpaid.id, status: "cancelled" } } });

    // Staff cannot ship the cancelled order; the paid one moves on.
    const admin = await staff.person("admin");
    const ship = { carrier: "ups", tracking_number: "1Z999AA10123456785" };
    expect((await t.request(`/api/admin/orders/${b.unpaid.id}/ship`, { cookie: admin.cookie, json: ship })).status).toBe(409);
    expect((await t.request(`/api/admin/orders/${b.paid.id}/ship`, { cookie: admin.cookie, json: ship })).status).toBe(200);
  });
});

describe("A reporter's deletion and the curators' history", () => {
  it("keeps their reports, open and resolved, without the reporter", async () => {
    const curator = await staff.person("curator");
    const item = await staff.story();
    const other = await staff.story();
    const reporter = await t.signUp();
    const file = (itemId: string) => t.request("/api/reports", { cookie: reporter.cookie, json: { kind: "story", item_id: itemId, reason: "spam", note: "Ads in every line." } });
    const resolved = (await (await file(item.id)).json()) as { id: string };
    const open = (await (await file(other.id)).json()) as { id: string };
    expect((await t.request(`/api/admin/reports/${resolved.id}/dismiss`, { cookie: curator.cookie, json: { note: "Looked fine." } })).status).toBe(200);

    expect((await deleteAccount(reporter)).status).toBe(200);

    const list = async (status: string) =>
      ((await (await t.request(`/api/admin/reports?status=${status}&limit=100`, { cookie: curator.cookie })).json()) as AdminReportPage).items;
    const dismissed = (await list("dismissed")).find((r) => r.id === resolved.id);
    expect(dismissed).toMatchObject({ reporter_email: null, reason: "spam", note: "Ads in every line.", resolver_email: curator.email, resolution_note: "Looked fine." });
    expect((await list("open")).find((r) => r.id === open.id)).toMatchObject({ reporter_email: null, item: { id: other.id } });
  });
});

describe("Download my data and reports", () => {
  it("holds what the reporter gave and what was decided, when; not who decided it nor the staff's note", async () => {
    const curator = await staff.person("curator");
    const item = await staff.story();
    const reporter = await t.signUp();
    const filed = await t.request("/api/reports", { cookie: reporter.cookie, json: { kind: "story", item_id: item.id, reason: "copyright", note: "My own drawing." } });
    const report = (await filed.json()) as { id: string };
    const STAFF_NOTE = "Second strike for this creator; for the audit log";
    expect((await t.request(`/api/admin/reports/${report.id}/hide`, { cookie: curator.cookie, json: { note: STAFF_NOTE } })).status).toBe(200);

    const data = (await (await t.request("/api/me/export", { cookie: reporter.cookie })).json()) as { reports: Record<string, unknown>[] };
    expect(data.reports).toEqual([
      {
        id: report.id,
        kind: "story",
        item_id: item.id,
        reason: "copyright",
        note: "My own drawing.",
        created_at: expect.any(String),
        status: "hidden",
        resolved_at: expect.any(String),
      },
    ]);
    const text = JSON.stringify(data);
    expect(text).not.toContain(STAFF_NOTE);
    expect(text).not.toContain(curator.id);
    expect(text).not.toContain(curator.email);
  });
});
