import { request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ordersHelpers } from "../features/orders/orders.fixtures.js";
import { createHttpServer } from "../http-server.js";
import { createTestApp, type TestApp } from "../test/harness.js";

const PRODUCTS = "/api/products?kind=artifact&limit=24";

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Headers compared between answers: all but those that differ per request. */
const comparable = (answer: Answer) =>
  Object.entries(answer.headers)
    .filter(([name]) => !["x-request-id", "x-cache", "date"].includes(name))
    .sort();

describe("cache hits answered by the HTTP server before the app", () => {
  let t: TestApp;
  let server: Server;
  let port: number;
  const logLines: Record<string, unknown>[] = [];
  const h = ordersHelpers(() => t);
  let fetchSpy: ReturnType<typeof vi.spyOn>;

  beforeAll(async () => {
    t = await createTestApp();
    const logger = pino({ level: "info" }, { write: (line: string) => logLines.push(JSON.parse(line) as Record<string, unknown>) });
    fetchSpy = vi.spyOn(t.app, "fetch");
    server = createHttpServer({ app: t.app, responseCache: t.responseCache, config: t.config, logger });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    // Enough products for the first page to pass the gzip threshold.
    for (let i = 0; i < 8; i += 1) await h.product(5);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });
  beforeEach(() => {
    t.responseCache.store.clear();
    fetchSpy.mockClear();
    logLines.length = 0;
  });

  /** node:http, not fetch: the target leaves exactly as written and a gzip body stays gzipped. */
  const get = (target: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<Answer>((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port, path: target, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end();
    });

  it("answers a repeat without the app, with the bytes and headers the app sent", async () => {
    const miss = await get(PRODUCTS);
    expect(miss.headers["x-cache"]).toBe("miss");
    expect(fetchSpy).toHaveBeenCalledTimes(1);

    const hit = await get(PRODUCTS);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(hit.status).toBe(200);
    expect(hit.headers["x-cache"]).toBe("hit");
    expect(hit.body.equals(miss.body)).toBe(true);
    // Every header the app sent (security headers, ETag, Vary, Content-Length...) is there, the same.
    expect(comparable(hit)).toEqual(comparable(miss));
    expect(hit.headers["content-security-policy"]).toContain("object-src 'none'");
    expect(hit.headers["content-length"]).toBe(String(miss.body.length));
  });

  it("answers 304 for a matching If-None-Match and gzip to a client that takes it", async () => {
    const first = await get(PRODUCTS);
    const etag = first.headers.etag!;

    const notModified = await get(PRODUCTS, { "if-none-match": `W/"other", ${etag}` });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.body.length).toBe(0);

    const gzipped = await get(PRODUCTS, { "accept-encoding": "gzip, br" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers.etag).toBe(`${etag.slice(0, -1)}-gz"`);
    expect(gunzipSync(gzipped.body).equals(first.body)).toBe(true);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it("keeps a plain client request id, replaces a hostile one, and logs the hit like the app does", async () => {
    await get(PRODUCTS);
    const kept = await get(PRODUCTS, { "x-request-id": "abc-123=" });
    expect(kept.headers["x-request-id"]).toBe("abc-123=");
    const replaced = await get(PRODUCTS, { "x-request-id": "<script>" });
    expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(fetchSpy).toHaveBeenCalledTimes(1);

    // The app logs the miss through its own logger; the two hits are logged here.
    const requests = logLines.filter((line) => line.msg === "request");
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ id: "abc-123=", method: "GET", path: "/api/products", status: 200 });
  });

  it("leaves everything else to the app: other methods, other spellings, private routes, invalidated entries", async () => {
    await get(PRODUCTS);
    fetchSpy.mockClear();

    expect((await get(PRODUCTS, {}, "HEAD")).status).toBe(200);
    // The same page asked another way is the app's to parse (and its cache still answers it).
    const respelled = await get("/api/./products?kind=artifact&limit=24");
    expect(respelled.headers["x-cache"]).toBe("hit");
    expect((await get("/api/me/cart")).status).toBe(401);
    expect(fetchSpy).toHaveBeenCalledTimes(3);

    await t.responseCache.invalidate(["catalog"]);
    expect((await get(PRODUCTS)).headers["x-cache"]).toBe("miss");
    expect(fetchSpy).toHaveBeenCalledTimes(4);
  });
});
