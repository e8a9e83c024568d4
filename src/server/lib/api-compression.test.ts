import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.js";
import { GZIP_MIN_BYTES } from "./precompressed.js";
import type { Product } from "../../common/api/catalog.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_ON_START: "true" });
});
afterAll(() => t.close());

describe("API response compression", () => {
  it("gzips a large JSON answer for a client that accepts it, and says it varies", async () => {
    const res = await t.request("/api/stories?limit=24", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toMatch(/Accept-Encoding/i);
    const compressed = Buffer.from(await res.arrayBuffer());
    const json = JSON.parse(gunzipSync(compressed).toString()) as { items: unknown[] };
    expect(json.items.length).toBeGreaterThan(0);
    expect(compressed.length).toBeLessThan(gunzipSync(compressed).length / 2);
  });

  it("sends plain JSON to a client that accepts no compression", async () => {
    const res = await t.request("/api/stories?limit=24");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(((await res.json()) as { items: unknown[] }).items.length).toBeGreaterThan(0);
  });
});

describe("compression of per-user answers (never cached)", () => {
  const gzip = { "accept-encoding": "gzip, deflate, br" };
  const cartOf = (cookie: string, headers: Record<string, string> = gzip) => t.request("/api/me/cart", { cookie, headers });

  it("sends a small answer plain, with its length, whatever the client accepts", async () => {
    const { cookie } = await t.signUp();
    const res = await cartOf(cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBeNull();
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(GZIP_MIN_BYTES);
    expect(res.headers.get("content-length")).toBe(String(body.length));
    expect(JSON.parse(body.toString())).toMatchObject({ items: [] });
  });

  it("gzips an answer of 1 KB or more for a client that takes it, with its length, and varies on Accept-Encoding", async () => {
    const { cookie } = await t.signUp();
    const products = (await (await t.request("/api/products?limit=8")).json()) as { items: Product[] };
    for (const product of products.items) {
      // Each in its first size with stock (clothing), or as it is.
      const variant = product.variants.find((v) => v.stock > 0);
      if (!variant) continue;
      const json = variant.size ? { product_id: product.id, size: variant.size } : { product_id: product.id };
      expect((await t.request("/api/me/cart/items", { cookie, json })).status).toBe(200);
    }
    const plain = await cartOf(cookie, {});
    const plainBody = Buffer.from(await plain.arrayBuffer());
    expect(plainBody.length).toBeGreaterThanOrEqual(GZIP_MIN_BYTES);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("content-length")).toBe(String(plainBody.length));
    expect(plain.headers.get("vary")).toMatch(/Accept-Encoding/i);

    const zipped = await cartOf(cookie);
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toMatch(/Accept-Encoding/i);
    const zippedBody = Buffer.from(await zipped.arrayBuffer());
    expect(zipped.headers.get("content-length")).toBe(String(zippedBody.length));
    expect(gunzipSync(zippedBody).equals(plainBody)).toBe(true);
    // Headers the handler chain set are carried over, the security headers among them.
    expect(zipped.headers.get("content-security-policy")).toBeTruthy();
    expect(zipped.headers.get("x-request-id")).toBeTruthy();
  });
});

describe("compression of cached answers", () => {
  it("stores one gzip copy: a hit for a gzip client is the same gzip bytes, a plain client gets plain bytes of the same entry", async () => {
    const path = "/api/products?kind=artifact&limit=24&compression=1";
    const gz = { "accept-encoding": "gzip" };
    const miss = await t.request(path, { headers: gz });
    const hit = await t.request(path, { headers: gz });
    const plain = await t.request(path);
    expect([miss.headers.get("x-cache"), hit.headers.get("x-cache"), plain.headers.get("x-cache")]).toEqual(["miss", "hit", "hit"]);
    expect([miss.headers.get("content-encoding"), hit.headers.get("content-encoding"), plain.headers.get("content-encoding")]).toEqual(["gzip", "gzip", null]);
    const missBytes = Buffer.from(await miss.arrayBuffer());
    const hitBytes = Buffer.from(await hit.arrayBuffer());
    const plainBytes = Buffer.from(await plain.arrayBuffer());
    expect(hitBytes.equals(missBytes)).toBe(true);
    expect(gunzipSync(hitBytes).equals(plainBytes)).toBe(true);
    // Each representation has its own strong tag (a per-request compression would weaken the
    // plain one to W/"…" instead), and either revalidates.
    expect(hit.headers.get("etag")).toBe(`${plain.headers.get("etag")!.slice(0, -1)}-gz"`);
    expect(hit.headers.get("vary")).toMatch(/Accept-Encoding/i);
    for (const etag of [hit.headers.get("etag")!, plain.headers.get("etag")!]) {
      expect((await t.request(path, { headers: { ...gz, "if-none-match": etag } })).status).toBe(304);
    }
  });

  it("honours a client that refuses gzip with q=0", async () => {
    const res = await t.request("/api/products?kind=artifact&limit=24", { headers: { "accept-encoding": "gzip;q=0, identity" } });
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(((await res.json()) as { items: unknown[] }).items.length).toBeGreaterThan(0);
  });
});
