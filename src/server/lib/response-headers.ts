/** Headers added to an answer a handler has already made. */
import type { Context } from "hono";

/**
 * Sets headers on the finished answer in place. Hono's `c.header()` after the answer exists
 * rebuilds it as a WHATWG Response for every call (to read `bodyUsed`), which also moves
 * @hono/node-server off its fast path for string bodies: for the eight security headers, that
 * was about a tenth of a signed-in cart request's time. Answers whose headers are immutable
 * (Response.redirect(), a fetch() answer passed on) take the copying route.
 */
export function setResponseHeaders(c: Context, headers: readonly (readonly [string, string])[]): void {
  try {
    const target = c.res.headers;
    for (const [name, value] of headers) target.set(name, value);
  } catch {
    for (const [name, value] of headers) c.header(name, value);
  }
}
