/**
 * The client's address, for rate limits and session records. Behind no proxy it is the socket's
 * peer; behind `trustProxy` proxies it is the address that many hops from the right of
 * X-Forwarded-For (each proxy appends the peer it saw, so the left part is client-controlled).
 */
import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";

export function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // app.request() in tests has no socket
  }
}

export function clientIp(c: Context, trustProxy: number): string {
  const peer = normalize(socketAddress(c) ?? "unknown");
  if (trustProxy === 0) return peer;
  const chain = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  // The last proxy's own peer is the socket; the (trustProxy-1) entries before it are proxies too.
  const candidate = chain[chain.length - trustProxy];
  return candidate ? normalize(candidate) : peer;
}

function normalize(address: string): string {
  return address.startsWith("::ffff:") ? address.slice(7) : address;
}
