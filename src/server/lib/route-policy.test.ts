/**
 * Every route says how its answers are cached or what a write makes stale (lib/route-policy.ts).
 * Walks the served OpenAPI document, so a route added without a policy fails here the day it is
 * written, and checks that the declared policy is what the server does.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.js";
import { createRouter } from "./router.js";
import { cacheControlOf, defineRoute, type ReadPolicy } from "./route-policy.js";

type Operation = { "x-cache"?: ReadPolicy; "x-invalidates"?: string[] };
type Document = { paths: Record<string, Record<string, Operation>> };

/** Operations of a document that declare no cache policy: `METHOD path` each. */
function undeclared(document: Document): string[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method, op]) => (method === "get" ? op["x-cache"] === undefined : !Array.isArray(op["x-invalidates"])))
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("route cache policies", () => {
  it("are declared by every read and every write in the OpenAPI document", async () => {
    const document = (await (await t.request("/api/openapi.json")).json()) as Document;
    expect(Object.keys(document.paths).length).toBeGreaterThan(20);
    expect(undeclared(document)).toEqual([]);
  });

  it("catch a write route added without one", () => {
    const router = createRouter();
    const ok = { 200: { description: "ok", content: { "application/json": { schema: z.object({ ok: z.boolean() }) } } } };
    router.openapi(defineRoute({ method: "post", path: "/api/declared", invalidates: ["stock"], responses: ok }), (c) => c.json({ ok: true }, 200));
    router.openapi(createRoute({ method: "post", path: "/api/forgotten", responses: ok }), (c) => c.json({ ok: true }, 200));
    const document = router.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } }) as unknown as Document;
    expect(undeclared(document)).toEqual(["POST /api/forgotten"]);
  });

  it("are what the answers say: Cache-Control of reads and writes, and the server cache for tagged reads", async () => {
    const document = (await (await t.request("/api/openapi.json")).json()) as Document;
    const publicReads = Object.entries(document.paths).filter(([path, ops]) => !path.includes("{") && typeof ops.get?.["x-cache"] === "object");
    expect(publicReads.length).toBeGreaterThan(4);
    // Reads with a required query get one that is valid.
    const query: Record<string, string> = { "/api/search": "?q=tee" };
    for (const [path, ops] of publicReads) {
      const policy = ops.get!["x-cache"]!;
      const first = await t.request(path + (query[path] ?? ""));
      expect(first.status, path).toBe(200);
      expect(first.headers.get("cache-control"), path).toBe(cacheControlOf(policy));
      const tagged = typeof policy === "object" && (policy.tags?.length ?? 0) > 0;
      const again = await t.request(path + (query[path] ?? ""));
      expect(again.headers.get("x-cache"), path).toBe(tagged ? "hit" : null);
    }
    const { cookie } = await t.signUp();
    expect((await t.request("/api/me/cart", { cookie })).headers.get("cache-control")).toBe("no-store");
    expect((await t.request("/api/me/cart", { cookie, method: "DELETE" })).headers.get("cache-control")).toBe("no-store");
  });
});
