/** How the orders screens write dates and counts. */

/** "May 1, 2025", in the viewer's time zone. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
}

export function itemsLabel(n: number): string {
  return `${n} ${n === 1 ? "item" : "items"}`;
}

/** "Shipped with UPS on May 3, 2025" (the date left out when unknown). */
export function shippedLine(carrierLabel: string, shippedAt: string | null): string {
  const date = shippedAt ? formatOrderDate(shippedAt) : "";
  return `Shipped with ${carrierLabel}${date ? ` on ${date}` : ""}`;
}
