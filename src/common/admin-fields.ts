/**
 * The back office's constants without its schemas (api/admin.ts builds zod schemas when loaded):
 * thresholds, limits and the messages the pages and the server share. Re-exported by api/admin.ts.
 */
import { ROLES } from "./roles.js";

/** A product with this many or fewer in stock is low (the overview's card, the inventory's filter). */
export const LOW_STOCK_THRESHOLD = 3;
/** How many low-stock products the overview lists (lowest stock first); the card counts them all. */
export const OVERVIEW_LOW_STOCK_LIMIT = 10;
/** "New creators this week": joined in the last seven days. */
export const NEW_CREATOR_DAYS = 7;

export const STOCK_DELTA_MAX = 10_000;
export const STOCK_REASON_MIN = 3;
export const STOCK_REASON_MAX = 200;
export const ADMIN_SEARCH_MAX = 100;
export const ADMIN_LIMIT_DEFAULT = 25;
export const ADMIN_LIMIT_MAX = 100;

export const ADMIN_MESSAGES = {
  deltaRequired: "Enter how many to add (e.g. 5) or take away (e.g. -2)",
  deltaWhole: "The amount must be a whole number",
  deltaZero: "The amount cannot be 0",
  deltaRange: `The amount must be between -${STOCK_DELTA_MAX.toLocaleString("en-US")} and ${STOCK_DELTA_MAX.toLocaleString("en-US")}`,
  reasonRequired: "Give a reason for the change",
  reasonShort: `The reason must be at least ${STOCK_REASON_MIN} characters`,
  reasonLong: `The reason must be at most ${STOCK_REASON_MAX} characters`,
  reasonInvalid: "The reason must be plain text on one line",
  productNotFound: "No such product. It may have been deleted.",
  roleInvalid: `Choose one of: ${ROLES.join(", ")}`,
  personNotFound: "No such person. The account may have been deleted.",
  lastAdmin: "MAYBE needs at least one admin. Make someone else an admin before changing this role.",
} as const;

/** 409 STOCK_CONFLICT: taking away more than is in stock. */
export function stockConflictMessage(title: string, stock: number, delta: number): string {
  return `“${title}” has ${stock} in stock, so ${Math.abs(delta)} cannot be taken away: stock cannot go below 0. Nothing changed.`;
}
