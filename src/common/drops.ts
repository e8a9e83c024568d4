/**
 * Scheduled drops (docs/decisions/0025): a product shown before it opens, with its time, and a
 * limit per buyer. The texts and the time formats the store, the server's refusals and the tests
 * share. No zod: the store's first render reads this.
 */

/** Whether a drop time is still ahead of `now` (a missing one never is). */
export function dropIsAhead(dropsAt: string | null | undefined, now: number): boolean {
  return dropsAt != null && Date.parse(dropsAt) > now;
}

/**
 * 'Fri 7 PM' (or 'Fri 7:30 PM') in the given time zone: the weekday and time a drop opens. The
 * server writes it in UTC (with the zone named) until the browser writes it in the viewer's own.
 */
export function dropTimeText(dropsAt: string, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat("en-US", { weekday: "short", hour: "numeric", minute: "2-digit", timeZone }).formatToParts(new Date(dropsAt));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const minute = part("minute");
  const time = `${part("hour")}${minute === "00" ? "" : `:${minute}`} ${part("dayPeriod")}`;
  return `${part("weekday")} ${time}${timeZone === "UTC" ? " UTC" : ""}`;
}

/** The date as well, for a refusal that may be read days before the drop: 'Fri, Dec 4, 7:00 PM UTC'. */
export function dropMomentText(dropsAt: string, timeZone = "UTC"): string {
  const text = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone }).format(
    new Date(dropsAt),
  );
  return timeZone === "UTC" ? `${text} UTC` : text;
}

export const DROP_TEXT = {
  /** The badge and the disabled add button before the drop: 'Drops Fri 7 PM'. */
  drops: (when: string) => `Drops ${when}`,
  /** The product modal's note of a limit. */
  limit: (n: number) => `${n} per person`,
} as const;

/** The server's refusals (a separate object, so the store's bundle carries only what it shows). */
export const DROP_REFUSALS = {
  /** DROP_NOT_OPEN, from adding to the cart or placing an order before the time. */
  notOpen: (when: string) => `This drop opens at ${when}.`,
  /** LIMIT_PER_BUYER: the cart and the buyer's earlier orders already hold the limit. */
  overLimit: (title: string, n: number) => `${title} is limited to ${n} per person, and you have reached it.`,
} as const;
