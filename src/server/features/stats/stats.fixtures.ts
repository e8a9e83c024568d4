/** The stats tests' visitors: the app's view beacon as a browser sends it (navigator.sendBeacon: the path as plain text). */
import type { TestApp } from "../../test/harness.js";
import type { ViewCapture, Visit } from "./batch-writer.js";
import type { ItemRef } from "./items.js";

export const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** POST /api/views for `path` (with its query) from `ip` with the browser `agent` (none: no user agent at all). */
export function sendBeacon(t: TestApp, path: string, from: { ip?: string; agent?: string | null; headers?: Record<string, string> } = {}) {
  const agent = from.agent === undefined ? CHROME : from.agent;
  return t.request("/api/views", {
    method: "POST",
    body: path,
    ip: from.ip,
    headers: { "content-type": "text/plain;charset=UTF-8", ...(agent === null ? {} : { "user-agent": agent }), ...from.headers },
  });
}

/** A browser's load of `item`'s page as the counter captures it, from a link with `source` as its utm_source ("" for none). */
export function viewOf(item: ItemRef, source: string, visit: Visit): Omit<ViewCapture, "type" | "at"> {
  const path = item.kind === "story" ? `/stories/${item.id}` : item.kind === "creator" ? `/creators/${item.id}` : item.kind === "product" ? `/store?productId=${item.id}` : item.id;
  const utm = source ? `${path.includes("?") ? "&" : "?"}utm_source=${encodeURIComponent(source)}` : "";
  return { url: path + utm, referer: undefined, inApp: false, peer: visit.address, forwardedFor: undefined, agent: visit.agent };
}
