import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDir } from "../../build/precompress.js";
import { acceptedEncodings, servePrecompressed } from "./precompressed.js";

const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 37}`))};\n`;
let root: string;
let app: Hono;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "maybe-static-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "assets", "app-abc123.js"), script);
  writeFileSync(join(root, "assets", "font-abc123.woff2"), Buffer.alloc(4096, 7));
  // The build step under test writes the .br and .gz copies.
  precompressDir(root);
  app = new Hono();
  app.use("/*", servePrecompressed(root));
  app.all("*", (c) => c.text("fell through", 404));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  app.request(path, { method, headers });

describe("precompressed static files", () => {
  it("sends the Brotli copy to a client that accepts it, with its own length, type and Vary", async () => {
    const res = await get("/assets/app-abc123.js", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(res.headers.get("Vary")).toBe("Accept-Encoding");
    expect(res.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get("Content-Length"))).toBe(body.length);
    expect(body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it("sends gzip when Brotli is not accepted (absent or q=0)", async () => {
    for (const accept of ["gzip", "br;q=0, gzip;q=0.8", "*, br;q=0"]) {
      const res = await get("/assets/app-abc123.js", { "Accept-Encoding": accept });
      expect(res.headers.get("Content-Encoding"), accept).toBe("gzip");
      expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(script);
    }
  });

  it("sends the plain file, still with Vary, to a client that accepts no compression", async () => {
    const res = await get("/assets/app-abc123.js", { "Accept-Encoding": "identity" });
    expect(res.headers.get("Content-Encoding")).toBeNull();
    expect(res.headers.get("Vary")).toBe("Accept-Encoding");
    expect(res.headers.get("Content-Length")).toBe(String(Buffer.byteLength(script)));
    expect(await res.text()).toBe(script);
  });

  it("gives each variant its own ETag and answers a matching If-None-Match with 304", async () => {
    const br = await get("/assets/app-abc123.js", { "Accept-Encoding": "br" });
    const gz = await get("/assets/app-abc123.js", { "Accept-Encoding": "gzip" });
    const etag = br.headers.get("ETag");
    expect(etag).toMatch(/^".+"$/);
    expect(gz.headers.get("ETag")).not.toBe(etag);
    const again = await get("/assets/app-abc123.js", { "Accept-Encoding": "br", "If-None-Match": etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const otherVariant = await get("/assets/app-abc123.js", { "Accept-Encoding": "gzip", "If-None-Match": etag! });
    expect(otherVariant.status).toBe(200);
  });

  it("answers HEAD with the headers of the variant and no body", async () => {
    const res = await get("/assets/app-abc123.js", { "Accept-Encoding": "br" }, "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(Number(res.headers.get("Content-Length"))).toBeGreaterThan(0);
    expect(await res.text()).toBe("");
  });

  it("leaves already-compressed files (fonts) alone: no copies, no Vary", async () => {
    const res = await get("/assets/font-abc123.woff2", { "Accept-Encoding": "br, gzip" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Encoding")).toBeNull();
    expect(res.headers.get("Vary")).toBeNull();
    expect(res.headers.get("Content-Type")).toBe("font/woff2");
  });

  it("lets missing files and paths that try to leave the folder fall through", async () => {
    for (const path of ["/assets/nope.js", "/assets/..%2f..%2fetc%2fpasswd", "/%2e%2e/secret", "/assets/%E0%A4%A"]) {
      const res = await get(path, { "Accept-Encoding": "br" });
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe("fell through");
    }
  });
});

describe("Accept-Encoding", () => {
  it("honours q=0 and the wildcard", () => {
    expect([...acceptedEncodings("gzip, br")].sort()).toEqual(["br", "gzip"]);
    expect([...acceptedEncodings("br;q=0, gzip")]).toEqual(["gzip"]);
    expect([...acceptedEncodings("*")].sort()).toEqual(["br", "gzip"]);
    expect([...acceptedEncodings("*;q=0")]).toEqual([]);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
  });
});
