/**
 * 'Notify me' (issue 32, docs/decisions/0030): an account waits for a sold-out size (its variant)
 * or for a scheduled drop to open (the product's id), once. The e-mail goes when it is back or
 * opens (outbox/announcements/, restock and opening), and the request ends with it.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client.js";
import { toIso } from "../../db/dialect.js";
import { publicProduct } from "../../db/visibility.js";
import { announceOpening } from "../../outbox/announcements/announce.js";
import { variantIdOf, type Size } from "../../../common/sizes.js";

export type AlertOutcome = { ok: true; variantId: string } | { ok: false; reason: "not_found" | "in_stock" | "choose_size" };

/** Waits for the size (or, before a drop opens, the product); refused while it can be bought. */
export async function waitFor(database: Db, userId: string, productId: string, size: Size | null, now: Date): Promise<AlertOutcome> {
  const { db } = database;
  const product = await db
    .selectFrom("product")
    .select(["id", "drops_at"])
    .where("id", "=", productId)
    .where(publicProduct("product"))
    .executeTakeFirst();
  if (!product) return { ok: false, reason: "not_found" };
  const opensAt = product.drops_at ? new Date(toIso(product.drops_at)!) : null;
  let variantId = productId;
  if (opensAt && opensAt > now) {
    // Before the drop: the whole product, told when it opens.
    await announceOpening(db, productId, opensAt, now);
  } else {
    const variants = await db.selectFrom("product_variant").select(["id", "size", "stock", "retired"]).where("product_id", "=", productId).execute();
    const sized = variants.some((v) => v.size !== null);
    if (sized && size === null) return { ok: false, reason: "choose_size" };
    variantId = variantIdOf(productId, sized ? size : null);
    const variant = variants.find((v) => v.id === variantId && !v.retired);
    if (!variant) return { ok: false, reason: "not_found" };
    if (Number(variant.stock) > 0) return { ok: false, reason: "in_stock" };
  }
  await db
    .insertInto("stock_alert")
    .values({ id: randomUUID(), user_id: userId, product_id: productId, variant_id: variantId, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(["user_id", "variant_id"]).doNothing())
    .execute();
  return { ok: true, variantId };
}

/** Stops waiting for anything of the product. */
export async function stopWaiting(database: Db, userId: string, productId: string): Promise<void> {
  await database.db.deleteFrom("stock_alert").where("user_id", "=", userId).where("product_id", "=", productId).execute();
}

/** What the account waits for: variant ids (a drop's: the product's id). */
export async function waitingFor(database: Db, userId: string): Promise<string[]> {
  const rows = await database.db.selectFrom("stock_alert").select("variant_id").where("user_id", "=", userId).orderBy("created_at").execute();
  return rows.map((r) => r.variant_id);
}

/** The unsubscribe link of a 'Notify me' e-mail: every request of the account ends. */
export async function forgetAlerts(database: Db, userId: string): Promise<void> {
  await database.db.deleteFrom("stock_alert").where("user_id", "=", userId).execute();
}
