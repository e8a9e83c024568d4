/**
 * Where page views are counted (docs/decisions/0034): a browser's load of a public page, at the
 * node:http layer before the response cache answers (http-server.ts), so a cached page is counted
 * as cheaply as a fresh one; and the app's own navigations, which load no document, by the beacon
 * it sends (POST /api/views, views.router.ts). Both leave out who declines counting here; the
 * rest (which page, which item, the source, bots, the visitor) is judged where the batch is
 * written (batch-writer.ts), off the request's path.
 */
import type { IncomingMessage } from "node:http";
import type { StatsCounter } from "./counter.js";
import { declinesCounting, isDocumentLoad, type CountedRequest } from "./who-counts.js";

const nodeHeaders = (req: IncomingMessage): CountedRequest => ({
  header(name) {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  },
});

/** Captures a GET loaded as a document; every other request passes at the cost of two comparisons. */
export function documentViews(counter: StatsCounter) {
  return (req: IncomingMessage): void => {
    if (req.method !== "GET" || req.headers["sec-fetch-dest"] !== "document" || !req.url) return;
    const headers = nodeHeaders(req);
    if (!isDocumentLoad(headers) || declinesCounting(headers)) return;
    counter.view({
      url: req.url,
      referer: headers.header("referer"),
      inApp: false,
      peer: req.socket.remoteAddress,
      forwardedFor: headers.header("x-forwarded-for"),
      agent: headers.header("user-agent")!,
    });
  };
}

/** Captures an in-app navigation to a page (`path` with its query) reported by the beacon, from `address` (client-ip.ts). */
export function beaconView(counter: StatsCounter, req: CountedRequest, path: string, address: string): void {
  if (declinesCounting(req)) return;
  // The visit began on this site: a navigation has no source of its own.
  counter.view({ url: path, referer: undefined, inApp: true, peer: address, forwardedFor: undefined, agent: req.header("user-agent")! });
}
