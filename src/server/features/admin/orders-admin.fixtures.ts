/** Shared arrangements of the back office's order tests: people of each role, orders in each status. */
import type { Carrier } from "../../../common/fulfilment.js";
import type { OrderStatus } from "../../../common/orders.js";
import { insertCreator, insertOrder, insertProduct, insertUser } from "../../db/seed/factories.js";
import { sessionCookie, type TestApp } from "../../test/harness.js";

export type Who = "visitor" | "member" | "creator" | "curator" | "admin";

export interface Person {
  id: string;
  email: string;
  cookie: string;
}

export const PARCEL = { carrier: "ups" as Carrier, tracking_number: "1Z999AA10123456784" };

/** The columns an order in `status` has, as the back office's moves would have left them. */
function stateOf(status: OrderStatus, at: string) {
  const paid = status === "paid" || status === "shipped" || status === "delivered" || status === "refunded";
  const shipped = status === "shipped" || status === "delivered";
  return {
    status,
    payment_status: status === "cancelled" ? ("void" as const) : paid ? ("paid" as const) : ("due" as const),
    paid_at: paid ? at : null,
    shipped_at: shipped ? at : null,
    delivered_at: status === "delivered" ? at : null,
    closed_at: status === "cancelled" || status === "refunded" ? at : null,
    carrier: shipped ? PARCEL.carrier : null,
    tracking_number: shipped ? PARCEL.tracking_number : null,
  };
}

export function adminHelpers(t: () => TestApp) {
  let next = 0;
  const unique = () => `${process.pid}-${++next}-${Math.random().toString(36).slice(2, 8)}`;

  async function signIn(email: string, password: string): Promise<string> {
    const res = await t().request("/api/auth/sign-in/email", { json: { email, password } });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    return sessionCookie(res);
  }

  return {
    /** A signed-in account of that role (a creator is a member whose account is a creator's); null for a visitor. */
    async person(who: Who): Promise<Person | null> {
      if (who === "visitor") return null;
      const id = unique();
      let creatorId: string | null = null;
      if (who === "creator") creatorId = (await insertCreator(t().database, { id: `creator-${id}` })).creator.id;
      const role = who === "curator" || who === "admin" ? who : "member";
      const { user, password } = await insertUser(t().database, { username: `${who}${id.replace(/-/g, "")}`.slice(0, 30), role, creator_id: creatorId });
      return { id: user.id, email: user.email, cookie: await signIn(user.email, password) };
    },

    /** A buyer (member) with an order in `status`: one line of `quantity` of a product of its own with `stock` left. */
    async order(status: OrderStatus = "placed", options: { quantity?: number; stock?: number; buyerId?: string; contactEmail?: string; createdAt?: string } = {}) {
      const { database } = t();
      const id = unique();
      const buyerId = options.buyerId ?? (await insertUser(database, { username: `buyer${id.replace(/-/g, "")}`.slice(0, 30) })).user.id;
      const product = await insertProduct(database, {
        id: `prod-admin-${id}`,
        kind: "artifact",
        category: "art",
        title: `Admin test print ${id}`,
        price_cents: 2000,
        stock: options.stock ?? 5,
      });
      const at = options.createdAt ?? new Date().toISOString();
      const rows = await insertOrder(database, {
        user_id: buyerId,
        created_at: at,
        ...(options.contactEmail ? { contact_email: options.contactEmail } : {}),
        ...stateOf(status, at),
        lines: [{ product_id: product.id, title: product.title, price_cents: 2000, quantity: options.quantity ?? 2 }],
      });
      return { id: rows.order.id, productId: product.id, buyerId };
    },

    async stockOf(productId: string): Promise<number> {
      return (await t().database.db.selectFrom("product").select("stock").where("id", "=", productId).executeTakeFirstOrThrow()).stock;
    },

    /** The order's whole row, to compare before and after a refused move. */
    async orderRow(orderId: string) {
      return t().database.db.selectFrom("order").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    },

    async auditOf(orderId: string) {
      return t()
        .database.db.selectFrom("audit_log")
        .selectAll()
        .where("target_kind", "=", "order")
        .where("target_id", "=", orderId)
        .orderBy("created_at")
        .execute();
    },

    /** POST a move as `who` (null: signed out). */
    move(who: Person | null, orderId: string, action: string, json?: unknown) {
      return t().request(`/api/admin/orders/${encodeURIComponent(orderId)}/${action}`, { method: "POST", cookie: who?.cookie, json });
    },
  };
}

export async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
}
