/** How the back office writes times, counts and audit entries. */
import type { AuditEntry } from "../../../../common/api/admin";

const WHEN = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const DAY = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

export const formatWhen = (iso: string) => WHEN.format(new Date(iso));
export const formatDay = (iso: string) => DAY.format(new Date(iso));

/** "1 order", "3 orders". */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

/** The verbs of the actions the back office records (`<target kind>.<verb>`), in words. */
const VERBS: Record<string, string> = {
  stock: "stock adjusted",
  role: "role changed",
  pay: "marked paid",
  ship: "shipped",
  deliver: "marked delivered",
  cancel: "cancelled",
  refund: "refunded",
  hide: "hidden",
  unhide: "shown again",
  feature: "featured",
  unfeature: "no longer featured",
  suspend: "suspended",
  unsuspend: "no longer suspended",
  reorder: "featured order changed",
  dismiss: "dismissed",
  resolve: "resolved",
  retry: "sent again",
  create: "written",
  update: "edited",
  send: "sent",
  schedule: "scheduled",
  unschedule: "unscheduled",
  delete: "deleted",
  "comment-ban": "banned from commenting",
  "comment-unban": "allowed to comment again",
  approve: "approved",
  decline: "declined",
  "take-out": "taken out of rotation",
  order: "order changed",
};

/** "Product stock adjusted" for product.stock; undefined for a verb not listed (the code alone shows). */
export function actionLabel(action: string): string | undefined {
  const [kind = "", verb = ""] = action.split(".");
  const words = VERBS[verb];
  return words && kind ? `${kind.charAt(0).toUpperCase()}${kind.slice(1)} ${words}` : undefined;
}

/** The kinds of target the filter offers. */
export const TARGET_KINDS = ["order", "product", "story", "creator", "comment", "track", "radio", "user", "report", "newsletter"] as const;

export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

/** A stored value in words: none for null, a time as a date, anything else as text. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return "none";
  if (typeof value === "string") return /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(value) ? formatWhen(value) : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/**
 * The fields an entry changed, before → after. Fields whose value stayed (kept only to say which
 * item it was, like a user's e-mail) are left out; with nothing before, every field after shows.
 */
export function changesOf(entry: Pick<AuditEntry, "before" | "after">): FieldChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return fields
    .filter((field) => entry.before === null || entry.after === null || JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({
      field,
      before: entry.before === null ? null : formatValue(before[field]),
      after: entry.after === null ? null : formatValue(after[field]),
    }));
}
