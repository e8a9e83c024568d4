/** A known API path asked with a method it does not serve: 405 with Allow; an unknown path: 404. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("wrong method on an API path", () => {
  it("answers 405 METHOD_NOT_ALLOWED with the Allow header, for plain and parameterised paths", async () => {
    const cases: [string, string, string][] = [
      ["DELETE", "/api/health", "GET, HEAD"],
      ["POST", "/api/products", "GET, HEAD"],
      ["PATCH", "/api/products/some-id", "GET, HEAD"],
      ["GET", "/api/newsletter", "POST"],
      ["POST", "/api/me/favorites/story/s1", "DELETE, PUT"],
    ];
    for (const [method, path, allow] of cases) {
      const res = await t.request(path, { method, headers: { "content-length": "0" } });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("allow"), `${method} ${path}`).toBe(allow);
      expect(await res.json()).toEqual({ error: { code: "METHOD_NOT_ALLOWED", message: `This endpoint answers ${allow} only.` } });
    }
  });

  it("keeps 404 for paths no route has", async () => {
    for (const path of ["/api/nope", "/api/products/a/b", "/api/auth/delete-user"]) {
      expect((await t.request(path, { method: "POST", headers: { "content-length": "0" } })).status, path).toBe(404);
    }
  });
});
