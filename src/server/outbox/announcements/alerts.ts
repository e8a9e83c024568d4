/** 'Notify me': a restock or a drop's opening, expanded to the accounts waiting for it. */
import type { Db } from "../../db/client.js";
import { toIso } from "../../db/dialect.js";
import { publicProduct } from "../../db/visibility.js";
import { postpone, recipientName, writeBatch, type Announcement, type Mail } from "./batch.js";

/**
 * One batch of the accounts waiting for what a restock or an opening names, if it is on sale now:
 * their e-mails (once per request: the dedupe key is the request's), then their requests go. Two
 * restocks at once (two admins) read the same requests; the key keeps it to one e-mail each. Sold
 * out again before its turn, the requests stay for the next restock.
 */
export async function expandAlerts(database: Db, row: Announcement, token: string, publicUrl: string, now: Date, batchSize: number): Promise<"postponed" | "written"> {
  const { db } = database;
  const subject = row.subject_id ?? "";
  const on = await db
    .selectFrom("product")
    .leftJoin("product_variant", (join) => join.onRef("product_variant.product_id", "=", "product.id").on("product_variant.id", "=", subject))
    .select(["product.id", "product.title", "product.drops_at", "product.stock", "product_variant.size", "product_variant.stock as variant_stock", "product_variant.retired"])
    .where(row.kind === "restock" ? "product_variant.id" : "product.id", "=", subject)
    .where(publicProduct("product"))
    .executeTakeFirst();
  const opensAt = on?.drops_at ? new Date(toIso(on.drops_at)!) : null;
  if (on && row.kind === "opening" && opensAt && opensAt > now) {
    await postpone(database, row.id, token, opensAt);
    return "postponed";
  }
  const open = !opensAt || opensAt <= now;
  const available = on && open && (row.kind === "restock" ? Number(on.variant_stock) > 0 && !on.retired : Number(on.stock) > 0);
  if (!available) {
    await writeBatch(database, row, token, { cursor: null, last: true, mails: [] }, now);
    return "written";
  }
  const alerts = await db
    .selectFrom("stock_alert")
    .innerJoin("user", "user.id", "stock_alert.user_id")
    .select(["stock_alert.id as alert_id", "user.id", "user.email", recipientName.as("name")])
    .where(row.kind === "restock" ? "stock_alert.variant_id" : "stock_alert.product_id", "=", subject)
    .orderBy("stock_alert.id")
    .limit(batchSize)
    .execute();
  const url = `${publicUrl}/store?productId=${encodeURIComponent(on.id)}`;
  const mails: Mail[] = alerts.map((a) => ({
    user: a,
    template: "stock-alert",
    props: { name: a.name, productName: on.title, size: row.kind === "restock" ? (on.size ?? null) : null, url, opened: row.kind === "opening" },
    dedupeKey: `alert:${a.alert_id}`,
  }));
  const last = alerts.length < batchSize;
  const written = await writeBatch(database, row, token, { cursor: null, last, mails }, now);
  // The requests end once their e-mails are in the outbox (a worker that dies between the two
  // writes them again: the keys keep it to one each).
  if (written && alerts.length > 0) await db.deleteFrom("stock_alert").where("id", "in", alerts.map((a) => a.alert_id)).execute();
  return "written";
}

