import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDir } from "../../build/precompress.js";
import { FIXED_NAME, IMMUTABLE, acceptedEncodings, servePrecompressed } from "./precompressed.js";

const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 37}`))};\n`;
let root: string;
let app: Hono;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "maybe-static-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "assets", "app-abc123.js"), script);
  writeFileSync(join(root, "assets", "font-abc123.woff2"), Buffer.alloc(4096, 7));
  writeFileSync(join(root, "index.html"), "<!doctype html><title>MAYBE</title>");
  writeFileSync(join(root, "robots.txt"), "User-agent: *\nAllow: /\n");
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

  it("keeps hashed assets a year, pages not without revalidation, other files a day; 304s say so too", async () => {
    const asset = await get("/assets/app-abc123.js", { "Accept-Encoding": "br" });
    expect(asset.headers.get("Cache-Control")).toBe(IMMUTABLE);
    const revalidated = await get("/assets/app-abc123.js", { "Accept-Encoding": "br", "If-None-Match": asset.headers.get("ETag")! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("Cache-Control")).toBe(IMMUTABLE);
    expect((await get("/index.html")).headers.get("Cache-Control")).toBe("no-cache");
    const robots = await get("/robots.txt");
    expect(robots.headers.get("Cache-Control")).toBe(FIXED_NAME);
    expect(robots.headers.get("Cache-Control")).not.toContain("immutable");
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

/** The client's public folder as committed (scripts/generate-icons.ts writes the icons); Vite copies it into dist/client. */
const PUBLIC_DIR = fileURLToPath(new URL("../../client/public/", import.meta.url));

/** Width, height and colour type (2 RGB, 6 RGBA) from a PNG's IHDR chunk. */
function pngHeader(png: Buffer) {
  expect(png.subarray(0, 8).toString("hex"), "PNG signature").toBe("89504e470d0a1a0a");
  expect(png.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), colourType: png[25] };
}

describe("the site's icons and web app manifest", () => {
  const icons = new Hono();
  icons.use("/*", servePrecompressed(PUBLIC_DIR));
  icons.all("*", (c) => c.text("fell through", 404));

  it.each([
    ["/favicon.ico", "image/x-icon"],
    ["/favicon.svg", "image/svg+xml"],
    ["/apple-touch-icon.png", "image/png"],
    ["/icon-192.png", "image/png"],
    ["/icon-512.png", "image/png"],
    ["/icon-maskable-512.png", "image/png"],
    ["/manifest.webmanifest", "application/manifest+json"],
  ])("serves %s as %s, cached for a day (the name is not hashed)", async (path, type) => {
    const res = await icons.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")?.split(";")[0]).toBe(type);
    expect(res.headers.get("Cache-Control")).toBe(FIXED_NAME);
  });

  it("serves a real ICO: the header (00 00 01 00) and three PNG images of 16, 32 and 48 px", async () => {
    const ico = Buffer.from(await (await icons.request("/favicon.ico")).arrayBuffer());
    expect(ico.subarray(0, 4).toString("hex")).toBe("00000100");
    expect(ico.readUInt16LE(4)).toBe(3);
    const sizes = [0, 1, 2].map((i) => {
      const entry = ico.subarray(6 + 16 * i, 6 + 16 * (i + 1));
      const [length, offset] = [entry.readUInt32LE(8), entry.readUInt32LE(12)];
      expect(offset + length).toBeLessThanOrEqual(ico.length);
      const png = pngHeader(ico.subarray(offset, offset + length));
      expect([png.width, png.height]).toEqual([entry[0], entry[1]]);
      return entry[0];
    });
    expect(sizes).toEqual([16, 32, 48]);
  });

  it("has an opaque 180 px apple-touch icon", () => {
    expect(pngHeader(readFileSync(join(PUBLIC_DIR, "apple-touch-icon.png")))).toEqual({ width: 180, height: 180, colourType: 2 });
  });

  it("has a manifest that parses and names icons that exist at their stated sizes", () => {
    const manifest = JSON.parse(readFileSync(join(PUBLIC_DIR, "manifest.webmanifest"), "utf8")) as {
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    } & Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: "MAYBE",
      short_name: "MAYBE",
      start_url: "/",
      scope: "/",
      display: "standalone",
      background_color: "#faf7f2",
      theme_color: "#faf7f2",
    });
    const indexHtml = readFileSync(join(PUBLIC_DIR, "..", "index.html"), "utf8");
    expect(indexHtml).toContain(`content="${String(manifest.description)}"`);
    expect(manifest.icons.map((i) => [i.sizes, i.purpose ?? "any"])).toEqual([
      ["192x192", "any"],
      ["512x512", "any"],
      ["512x512", "maskable"],
    ]);
    for (const icon of manifest.icons) {
      expect(icon.src, icon.src).toMatch(/^\/[\w.-]+\.png$/);
      expect(icon.type).toBe("image/png");
      const file = join(PUBLIC_DIR, icon.src.slice(1));
      expect(existsSync(file), icon.src).toBe(true);
      const { width, height, colourType } = pngHeader(readFileSync(file));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      // A maskable icon fills its whole square: launchers crop it to their own shape.
      if (icon.purpose === "maskable") expect(colourType, icon.src).toBe(2);
    }
  });

  it("is linked from the page: the ICO, the apple-touch icon and the manifest all exist", () => {
    const indexHtml = readFileSync(join(PUBLIC_DIR, "..", "index.html"), "utf8");
    const hrefs = [...indexHtml.matchAll(/<link rel="(?:icon|apple-touch-icon|manifest)"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]!);
    expect(hrefs).toEqual(["favicon.svg", "favicon.ico", "apple-touch-icon.png", "manifest.webmanifest"]);
    for (const href of hrefs) expect(existsSync(join(PUBLIC_DIR, href)), href).toBe(true);
  });
});
