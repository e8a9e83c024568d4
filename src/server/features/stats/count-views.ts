/**
 * Where page views are counted (docs/decisions/0034): a browser's load of a public page, at the
 * node:http layer before the response cache answers (http-server.ts), so a cached page is counted
 * as cheaply as a fresh one; and the app's own navigations, which load no document, by the beacon
 * it sends (POST /api/views, views.router.ts). Both leave out who declines counting and bots.
 */
import type { IncomingMessage } from "node:http";
import { addressOf } from "../../lib/client-ip.js";
import type { StatsCounter } from "./counter.js";
import { itemOfPage } from "./items.js";
import { sourceOf } from "./sources.js";
import { declinesCounting, isDocumentLoad, type CountedRequest } from "./who-counts.js";

const nodeHeaders = (req: IncomingMessage): CountedRequest => ({
  header(name) {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  },
});

/** Counts a GET of a public page loaded as a document; every other request passes at the cost of two comparisons. */
export function documentViews(counter: StatsCounter, options: { siteHost: string; trustProxy: number }) {
  return (req: IncomingMessage): void => {
    if (req.method !== "GET" || req.headers["sec-fetch-dest"] !== "document" || !req.url) return;
    const headers = nodeHeaders(req);
    if (!isDocumentLoad(headers) || declinesCounting(headers)) return;
    const query = req.url.indexOf("?");
    const pathname = query < 0 ? req.url : req.url.slice(0, query);
    const search = query < 0 ? "" : req.url.slice(query);
    const item = itemOfPage(pathname, search);
    if (!item) return;
    const address = addressOf(req.socket.remoteAddress, headers.header("x-forwarded-for"), options.trustProxy);
    counter.view(item, sourceOf(search, headers.header("referer"), options.siteHost), { address, agent: headers.header("user-agent")! });
  };
}

/** Counts an in-app navigation to a public page (`path` with its query) reported by the beacon. */
export function beaconView(counter: StatsCounter, req: CountedRequest, path: string, address: string): void {
  if (declinesCounting(req)) return;
  let url: URL;
  try {
    url = new URL(path, "http://site.invalid");
  } catch {
    return;
  }
  if (url.host !== "site.invalid") return;
  const item = itemOfPage(url.pathname, url.search);
  // The visit began on this site: a navigation has no source of its own.
  if (item) counter.view(item, "", { address, agent: req.header("user-agent")! });
}
