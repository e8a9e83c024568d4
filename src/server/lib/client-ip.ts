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
  return addressOf(socketAddress(c), c.req.header("x-forwarded-for"), trustProxy);
}

/** The same from the socket's peer and the X-Forwarded-For header (node:http's request has both). */
export function addressOf(socketPeer: string | undefined, forwardedFor: string | undefined, trustProxy: number): string {
  const peer = normalize(socketPeer ?? "unknown");
  if (trustProxy === 0) return peer;
  const chain = (forwardedFor ?? "")
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
