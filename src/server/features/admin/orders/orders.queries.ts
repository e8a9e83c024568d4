/**
 * The back office's reads of orders (docs/decisions/0019): every buyer's orders, newest first,
 * filtered by status and searched by number or e-mail, and one order with its lines, the moves
 * its status allows and the back office's actions on it. The moves themselves are
 * fulfilment.service.ts over features/orders/order-moves.service.ts.
 */
import type { Expression, ExpressionBuilder, Kysely } from "kysely";
import type { AdminOrder, AdminOrderSummary, OrderHistoryEntry } from "../../../../common/api/admin-orders.js";
import type { Page } from "../../../../common/api/paging.js";
import { allowedActions } from "../../../../common/fulfilment.js";
import type { OrderStatus } from "../../../../common/orders.js";
import type { DatedCursor } from "../../../../common/paging.js";
import type { Db } from "../../../db/client.js";
import { startsWith, timestampSortKey, toIso, type DialectName } from "../../../db/dialect.js";
import { beforeCursor, toPage } from "../../../db/paging.js";
import type { Database } from "../../../db/types.js";
import { apiPaymentStatus, invoiceNumberColumn, ORDER_COLUMNS, orderLines, orderOf } from "../../orders/orders.queries.js";

export interface AdminOrderFilter {
  status?: OrderStatus;
  /** An order number's beginning, or an e-mail's. */
  q?: string;
  cursor?: DatedCursor;
  limit: number;
}

const ORDER_NUMBER = /^[A-Z0-9-]+$/;
const ORDER_PREFIX = "MB-";

/**
 * Orders whose number, contact e-mail or account e-mail begins with the term. Numbers are upper
 * case and account e-mails lower case, so the term is matched in that case (a number typed without
 * its "MB-" is found too); the contact e-mail is kept as the buyer typed it, so it is matched as
 * typed and in lower case. Each is a prefix test an index answers (dialect.ts startsWith).
 */
function searchCondition(dialect: DialectName, term: string) {
  return (eb: ExpressionBuilder<Database, "order" | "user">) => {
    const upper = term.toUpperCase().replace(/\s+/g, "");
    const lower = term.toLowerCase();
    const id = eb.ref("order.id") as Expression<unknown>;
    const contact = eb.ref("order.contact_email") as Expression<unknown>;
    const conditions = [startsWith(dialect, contact, term)];
    if (lower !== term) conditions.push(startsWith(dialect, contact, lower));
    if (ORDER_NUMBER.test(upper)) {
      conditions.push(startsWith(dialect, id, upper));
      if (!upper.startsWith(ORDER_PREFIX)) conditions.push(startsWith(dialect, id, ORDER_PREFIX + upper));
    }
    const accounts = eb
      .selectFrom("user as account")
      .select("account.id")
      .where((inner) => startsWith(dialect, inner.ref("account.email") as Expression<unknown>, lower));
    return eb.or([...conditions, eb("order.user_id", "in", accounts)]);
  };
}

/** Every buyer's orders, newest first, one keyset page at a time. */
export async function listAdminOrders(database: Db, filter: AdminOrderFilter): Promise<Page<AdminOrderSummary>> {
  const { dialect } = database;
  let query = database.db
    .selectFrom("order")
    .leftJoin("user", "user.id", "order.user_id")
    .select((eb) => [
      "order.id",
      "order.status",
      "order.created_at",
      "order.contact_email",
      "order.total_cents",
      "order.payment_status",
      "user.email as account_email",
      timestampSortKey(dialect, eb.ref("order.created_at")).as("sort_key"),
      eb
        .selectFrom("order_item")
        .select((inner) => inner.fn.sum<number>("order_item.quantity").as("n"))
        .whereRef("order_item.order_id", "=", "order.id")
        .as("item_count"),
    ])
    .orderBy("order.created_at", "desc")
    .orderBy("order.id", "desc")
    .limit(filter.limit + 1);
  if (filter.status) query = query.where("order.status", "=", filter.status);
  if (filter.q) query = query.where(searchCondition(dialect, filter.q));
  const cursor = filter.cursor;
  if (cursor) query = query.where((eb) => beforeCursor(dialect, eb.ref("order.created_at"), eb.ref("order.id"), cursor));
  return toPage(await query.execute(), filter.limit, (r) => ({
    id: r.id,
    status: r.status,
    created_at: toIso(r.created_at) ?? "",
    contact_email: r.contact_email,
    account_email: r.account_email,
    item_count: Number(r.item_count ?? 0),
    total_cents: r.total_cents,
    payment_status: apiPaymentStatus(r.status, r.payment_status),
  }));
}

/** The back office's actions on an order, oldest first (the audit log's entries for it). */
async function orderHistory(db: Kysely<Database>, orderId: string): Promise<OrderHistoryEntry[]> {
  const rows = await db
    .selectFrom("audit_log")
    .select(["action", "actor_email", "created_at", "note"])
    .where("target_kind", "=", "order")
    .where("target_id", "=", orderId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ action: r.action, actor_email: r.actor_email, created_at: toIso(r.created_at) ?? "", note: r.note }));
}

/** One order, whoever bought it; undefined when there is none. */
export async function findAdminOrder(db: Kysely<Database>, orderId: string): Promise<AdminOrder | undefined> {
  const row = await db
    .selectFrom("order")
    .leftJoin("user", "user.id", "order.user_id")
    .select([...ORDER_COLUMNS, "user.email as account_email"])
    .select(invoiceNumberColumn)
    .where("order.id", "=", orderId)
    .executeTakeFirst();
  if (!row) return undefined;
  const [items, history] = await Promise.all([orderLines(db, orderId), orderHistory(db, orderId)]);
  return { ...orderOf(row, items), account_email: row.account_email, actions: allowedActions(row.status), history };
}
