import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientIp } from "./client-ip.js";

async function ipFor(trustProxy: number, peer: string, forwardedFor?: string) {
  const app = new Hono();
  app.get("/", (c) => c.text(clientIp(c, trustProxy)));
  const headers: Record<string, string> = forwardedFor ? { "x-forwarded-for": forwardedFor } : {};
  const res = await app.request("/", { headers }, { incoming: { socket: { remoteAddress: peer } } });
  return res.text();
}

describe("clientIp", () => {
  it("uses the socket peer when no proxy is trusted, ignoring headers", async () => {
    expect(await ipFor(0, "203.0.113.5", "1.2.3.4")).toBe("203.0.113.5");
    expect(await ipFor(0, "::ffff:203.0.113.5")).toBe("203.0.113.5");
  });

  it("takes the entry the trusted proxies appended", async () => {
    expect(await ipFor(1, "10.0.0.2", "6.6.6.6, 198.51.100.9")).toBe("198.51.100.9");
    expect(await ipFor(2, "10.0.0.2", "6.6.6.6, 198.51.100.9, 10.0.0.1")).toBe("198.51.100.9");
  });

  it("falls back to the peer when the header is missing or too short", async () => {
    expect(await ipFor(1, "10.0.0.2")).toBe("10.0.0.2");
    expect(await ipFor(3, "10.0.0.2", "198.51.100.9")).toBe("10.0.0.2");
  });
});
