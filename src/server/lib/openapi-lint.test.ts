/**
 * /api/openapi.json is what outside tools read to build clients: it passes Redocly's recommended
 * lint with no error (warnings are printed), and what it says of authentication is what the
 * server does. Decision 0017.
 */
import { createConfig, lintFromString, type NormalizedProblem } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ORIGIN, type TestApp } from "../test/harness.js";
import { operationIdOf } from "./route-policy.js";
import { SESSION_SCHEME } from "./openapi.js";

type Operation = { operationId?: string; security?: Record<string, string[]>[]; responses: Record<string, unknown> };
type Document = {
  servers?: { url: string }[];
  info: { license?: { name: string; identifier?: string } };
  components: { securitySchemes?: Record<string, { type: string; in: string; name: string }> };
  paths: Record<string, Record<string, Operation>>;
};

function operations(document: Document): { key: string; path: string; method: string; op: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, path, method, op })),
  );
}

/** One line per problem: severity, rule, message and where. */
function describeProblems(problems: NormalizedProblem[]): string {
  return problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? "?"}`).join("\n");
}

let t: TestApp;
let source: string;
let document: Document;
beforeAll(async () => {
  t = await createTestApp();
  source = await (await t.request("/api/openapi.json")).text();
  document = JSON.parse(source) as Document;
});
afterAll(async () => {
  await t.close();
});

describe("the OpenAPI document", () => {
  it("passes Redocly's recommended lint with no error", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source, absoluteRef: `${ORIGIN}/api/openapi.json`, config });
    const errors = problems.filter((p) => p.severity === "error");
    const warnings = problems.filter((p) => p.severity === "warn");
    // Allowed, but seen in the test output.
    if (warnings.length > 0) console.info(`Redocly warnings (${warnings.length}):\n${describeProblems(warnings)}`);
    expect(errors, describeProblems(errors)).toEqual([]);
  }, 60_000);

  it("names this site as its server and says it is under no public licence", () => {
    expect(document.servers).toEqual([{ url: ORIGIN, description: "This site" }]);
    expect(document.info.license).toEqual({ name: "Proprietary: all rights reserved, no licence granted", identifier: "LicenseRef-Proprietary" });
  });

  it("gives every operation a unique operationId made of its method and path", () => {
    const ids = operations(document).map(({ method, path, op }) => {
      expect(op.operationId, `${method} ${path}`).toBe(operationIdOf(method, path));
      return op.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationIdOf("post", "/api/orders/{orderId}/cancel")).toBe("postOrdersByOrderIdCancel");
    expect(operationIdOf("put", "/api/me/favorites/{kind}/{id}")).toBe("putMeFavoritesByKindById");
    expect(operationIdOf("post", "/api/auth/sign-up/email")).toBe("postAuthSignUpEmail");
  });

  it("declares the session cookie Better Auth sets as its security scheme", async () => {
    const scheme = document.components.securitySchemes?.[SESSION_SCHEME];
    expect(scheme).toMatchObject({ type: "apiKey", in: "cookie" });
    const { cookie } = await t.signUp();
    expect(cookie.split("=")[0]).toBe(scheme!.name);
  });

  it("marks the operations that answer 401 as needing the session, the optional ones as optional, and no other", () => {
    const session = [{ [SESSION_SCHEME]: [] }];
    const optional = [{}, { [SESSION_SCHEME]: [] }];
    const byKind: Record<string, string[]> = { session: [], optional: [], none: [] };
    for (const { key, op } of operations(document)) {
      if ("401" in op.responses) {
        expect(op.security, key).toEqual(session);
        byKind.session!.push(key);
      } else if (op.security?.length) {
        expect(op.security, key).toEqual(optional);
        byKind.optional!.push(key);
      } else {
        expect(op.security, key).toEqual([]);
        byKind.none!.push(key);
      }
    }
    // The routes that read the cookie when it is sent and need none.
    expect(byKind.optional!.sort()).toEqual(["GET /api/auth/get-session", "GET /api/me", "POST /api/auth/sign-out", "POST /api/creators/applications"]);
    expect(byKind.none).toContain("GET /api/products");
    expect(byKind.session).toContain("POST /api/orders");
  });

  it("is right about public operations: a visitor's call to each is not refused for want of a session", async () => {
    const publicReads = operations(document).filter(({ method, path, op }) => method === "get" && !path.includes("{") && op.security?.length === 0);
    expect(publicReads.length).toBeGreaterThan(5);
    const query: Record<string, string> = { "/api/search": "?q=tee" };
    for (const { key, path } of publicReads) {
      const res = await t.request(path + (query[path] ?? ""));
      expect(res.status, key).not.toBe(401);
    }
  });
});
