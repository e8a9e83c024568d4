/**
 * Hostile JSON bodies: nesting thousands of levels deep used to overflow the stack in the NUL
 * check (a 500). Now any write route refuses a body deeper than MAX_JSON_DEPTH with a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, jsonBodyProblem } from "./lib/security.js";
import { createTestApp, type TestApp } from "./test/harness.js";

const nested = (levels: number, leaf = '"x"') => "[".repeat(levels) + leaf + "]".repeat(levels);
const nestedObject = (levels: number) => '{"a":'.repeat(levels) + "1" + "}".repeat(levels);

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await t.signUp());
});
afterAll(async () => {
  await t.close();
});

describe("jsonBodyProblem", () => {
  it("allows MAX_JSON_DEPTH levels and refuses one more, without recursion", () => {
    expect(jsonBodyProblem(JSON.parse(nested(MAX_JSON_DEPTH)))).toBeUndefined();
    expect(jsonBodyProblem(JSON.parse(nested(MAX_JSON_DEPTH + 1)))).toBe("too-deep");
    expect(jsonBodyProblem(JSON.parse(nestedObject(MAX_JSON_DEPTH + 1)))).toBe("too-deep");
    // Far deeper than any call stack: still an answer, not a RangeError.
    expect(jsonBodyProblem(JSON.parse(nested(200_000)))).toBe("too-deep");
    expect(jsonBodyProblem({ a: [{ b: "x\u0000" }] })).toBe("nul");
    expect(jsonBodyProblem({ ["k\u0000"]: 1 })).toBe("nul");
  });
});

describe("deeply nested JSON on write routes", () => {
  const routes: [string, string][] = [
    ["POST", "/api/auth/sign-in/email"],
    ["POST", "/api/auth/sign-up/email"],
    ["POST", "/api/me/cart/items"],
    ["POST", "/api/orders"],
    ["POST", "/api/creators/applications"],
    ["POST", "/api/newsletter"],
    ["PUT", "/api/me/favorites/story/s1"],
  ];
  for (const [method, path] of routes) {
    it(`${method} ${path}: 400 VALIDATION_FAILED naming the limit, for 5,000 levels in a field or as the body`, async () => {
      for (const body of [`{"email":${nested(5000)},"product_id":${nested(5000)}}`, nested(5000), nestedObject(5000)]) {
        const res = await t.request(path, { method, cookie, body, headers: { "content-type": "application/json" } });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({
          error: { code: "VALIDATION_FAILED", message: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).` },
        });
      }
    });
  }

  it("still accepts ordinary bodies", async () => {
    const res = await t.request("/api/auth/sign-in/email", { json: { email: "nobody@example.com", password: "wrong password" } });
    expect(res.status).toBe(401);
  });
});
