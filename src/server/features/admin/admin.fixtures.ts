/**
 * The back office's test kit, shared by every room's tests (and by other features' tests that
 * need staff): signed-in people of every role, made with the factories; stories, products and
 * orders of their own; requests as anyone; and snapshots that prove a refused request changed
 * nothing.
 */
import { createHash } from "node:crypto";
import { sql } from "kysely";
import { expect } from "vitest";
import type { Carrier } from "../../../common/fulfilment.js";
import type { OrderStatus } from "../../../common/orders.js";
import type { Role } from "../../../common/roles.js";
import { DEFAULT_PASSWORD, insertCreator, insertOrder, insertProduct, insertStory, insertUser, type UserOverrides } from "../../db/seed/factories.js";
import type { Database } from "../../db/types.js";
import { sessionCookie, type TestApp } from "../../test/harness.js";

/** Anyone a test acts as: a role, a creator (a member whose account is a creator's), or a visitor. */
export type Who = Role | "creator" | "visitor";

/** A signed-in account. */
export interface Person {
  id: string;
  email: string;
  cookie: string;
  /** The creator record the account belongs to, for a creator. */
  creatorId: string | null;
}

export interface ErrorBody {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
    details?: { product_id: string; name: string; requested: number; available: number }[];
  };
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

export function staffKit(t: () => TestApp) {
  let next = 0;
  const unique = () => `${process.pid}-${++next}-${Math.random().toString(36).slice(2, 8)}`;

  async function signIn(email: string, password = DEFAULT_PASSWORD): Promise<string> {
    const res = await t().request("/api/auth/sign-in/email", { json: { email, password } });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    return sessionCookie(res);
  }

  /** Rows written behind the API's back: the cached public answers they change must go. */
  const fresh = () => t().responseCache.invalidate(["catalog", "stock", "creators"]);

  /** A signed-in creator: an account and a creator record, each naming the other. */
  async function creator(first = "Quinn"): Promise<Person> {
    const n = unique();
    const { creator } = await insertCreator(t().database, {
      id: `curated_${n.replace(/-/g, "_")}`,
      first_name: first,
      last_name: `Curated ${n}`,
    });
    const { user, password } = await insertUser(t().database, { creator_id: creator.id });
    await t().database.db.updateTable("creator").set({ user_id: user.id }).where("id", "=", creator.id).execute();
    await fresh();
    return { id: user.id, email: user.email, cookie: await signIn(user.email, password), creatorId: creator.id };
  }

  /** A signed-in account of `who` (a member unless told); null for a visitor. */
  async function person(who: "visitor"): Promise<null>;
  async function person(who?: Exclude<Who, "visitor">, overrides?: Omit<UserOverrides, "role" | "password">): Promise<Person>;
  async function person(who: Who, overrides?: Omit<UserOverrides, "role" | "password">): Promise<Person | null>;
  async function person(who: Who = "member", overrides: Omit<UserOverrides, "role" | "password"> = {}): Promise<Person | null> {
    if (who === "visitor") return null;
    if (who === "creator") return creator();
    const { user, password } = await insertUser(t().database, { role: who, ...overrides });
    return { id: user.id, email: user.email, cookie: await signIn(user.email, password), creatorId: null };
  }

  /** A request as `who` (null: a visitor), its status and parsed body. */
  async function call<T = unknown>(who: Person | null, method: string, path: string, json?: unknown, origin?: string) {
    const res = await t().request(path, { method, cookie: who?.cookie, json, origin });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
  }

  /** call() that must answer `status` (200 unless told); the body. */
  async function ok<T>(who: Person | null, method: string, path: string, json?: unknown, status = 200): Promise<T> {
    const res = await call<T>(who, method, path, json);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(status);
    return res.body;
  }

  return {
    unique,
    signIn,
    person,
    creator,
    call,
    ok,
    /** A published story with a page, by `creatorId` (or the house's own). */
    async story(creatorId: string | null = null, overrides: Parameters<typeof insertStory>[1] = {}) {
      const n = unique();
      const story = await insertStory(t().database, {
        id: `story-curated-${n}`,
        title: `Curated story ${n}`,
        body: "## A page\n\nWith words.",
        creator_id: creatorId,
        date: "2001-01-01T12:00:00.000Z",
        ...overrides,
      });
      if (creatorId && story.status === "published") {
        await t().database.db.insertInto("creator_story").values({ creator_id: creatorId, story_id: story.id }).execute();
      }
      await fresh();
      return story;
    },
    /** A product sold by `creatorId` (or the house); an artifact of category art by default. */
    async product(creatorId: string | null = null, overrides: Parameters<typeof insertProduct>[1] = {}) {
      const n = unique();
      const product = await insertProduct(t().database, {
        id: `prod-curated-${n}`,
        title: `Curated print ${n}`,
        creator_id: creatorId,
        created_at: "2001-01-01T12:00:00.000Z",
        ...overrides,
      });
      await fresh();
      return product;
    },
    /** A buyer (member) with an order in `status`: one line of `quantity` of a product of its own with `stock` left. */
    async order(
      status: OrderStatus = "placed",
      options: { quantity?: number; stock?: number; buyerId?: string; contactEmail?: string; createdAt?: string } = {},
    ) {
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
    /** POST an order move as `who` (null: signed out). */
    move(who: Person | null, orderId: string, action: string, json?: unknown) {
      return t().request(`/api/admin/orders/${encodeURIComponent(orderId)}/${action}`, { method: "POST", cookie: who?.cookie, json });
    },
    async stockOf(productId: string): Promise<number> {
      return (await t().database.db.selectFrom("product").select("stock").where("id", "=", productId).executeTakeFirstOrThrow()).stock;
    },
    /** The order's whole row, to compare before and after a refused move. */
    async orderRow(orderId: string) {
      return t().database.db.selectFrom("order").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    },
    /** The audit entries about one item, oldest first. */
    async auditOf(targetId: string) {
      return t().database.db.selectFrom("audit_log").selectAll().where("target_id", "=", targetId).orderBy("created_at").orderBy("id").execute();
    },
    /** The curation columns of every story, product and creator, and the audit log: what a refused curation write must leave as it was. */
    async curationSnapshot() {
      const { db } = t().database;
      const [stories, products, creators, audit] = await Promise.all([
        db.selectFrom("story").select(["id", "featured_rank", "hidden_at", "status"]).orderBy("id").execute(),
        db.selectFrom("product").select(["id", "featured_rank", "hidden_at"]).orderBy("id").execute(),
        db.selectFrom("creator").select(["id", "featured_rank", "hidden_at", "suspended_at"]).orderBy("id").execute(),
        db.selectFrom("audit_log").selectAll().orderBy("id").execute(),
      ]);
      return { stories, products, creators, audit };
    },
  };
}

export async function errorOf(res: Response) {
  return ((await res.json()) as ErrorBody).error;
}

/** Tables whose rows the snapshot hashes, with the columns that order them. */
const HASHED: Partial<Record<keyof Database, string[]>> = {
  user: ["id"],
  order: ["id"],
  order_item: ["order_id", "variant_id"],
  product: ["id"],
  product_variant: ["id"],
  product_image: ["product_id", "media_id"],
  product_story: ["product_id", "story_id"],
  story: ["id"],
  creator: ["id"],
  report: ["id"],
  audit_log: ["id"],
  comment: ["id"],
  comment_ban: ["user_id"],
};

/** A value as both databases' drivers give it, in one form: dates as ISO text, 0/1 as numbers. */
function normal(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}

/**
 * Every table's row count, and a hash of every row of the tables the back office changes: equal
 * snapshots before and after mean nothing was added, removed or changed.
 */
export async function databaseSnapshot(t: TestApp): Promise<Record<string, string | number>> {
  // The stats counter's batch of the writes before the snapshot lands now, not between two snapshots.
  await t.stats.flush();
  const { db } = t.database;
  const snapshot: Record<string, string | number> = {};
  const tables = (await db.introspection.getTables()).map((table) => table.name).sort();
  for (const name of tables) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(db);
    snapshot[`${name} rows`] = Number(rows[0]!.n);
  }
  for (const [table, order] of Object.entries(HASHED)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by ${sql.join(order.map((c) => sql.ref(c)))}`.execute(db);
    const text = JSON.stringify(rows.map((row) => Object.entries(row).map(([k, v]) => [k, normal(v)])));
    snapshot[`${table} hash`] = createHash("sha256").update(text).digest("hex");
  }
  return snapshot;
}
