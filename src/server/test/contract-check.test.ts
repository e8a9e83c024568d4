/** The harness's contract check fails on the drifts an outside OpenAPI validator would report. */
import { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { defineRoute } from "../lib/route-policy.js";
import { createRouter } from "../lib/router.js";
import { checkAnswer, contractsOf } from "./contract-check.js";

const Thing = z.object({ id: z.string() }).meta({ id: "Thing" });
const json = (schema: z.ZodType) => ({ "application/json": { schema } });

function documentWith(schema: z.ZodType) {
  const router = createRouter();
  router.openapi(defineRoute({ method: "get", path: "/api/things/{id}", cache: "private", responses: { 200: { description: "a thing", content: json(schema) } } }), (c) =>
    c.json(null as never, 200),
  );
  return contractsOf(router.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } }) as never);
}

const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("contract check", () => {
  it("passes answers that match the document", async () => {
    const contracts = documentWith(Thing);
    await expect(checkAnswer(contracts, "GET", "/api/things/1", answer({ id: "1" }))).resolves.toBeUndefined();
    await expect(checkAnswer(contracts, "GET", "/api/nothing", answer({ error: { code: "NOT_FOUND", message: "No such endpoint." } }, 404))).resolves.toBeUndefined();
  });

  it("fails a null where the document promises an object, and passes it where the document allows it", async () => {
    await expect(checkAnswer(documentWith(Thing), "GET", "/api/things/1", answer(null))).rejects.toThrow(/does not match/);
    await expect(checkAnswer(documentWith(z.union([Thing, z.null()])), "GET", "/api/things/1", answer(null))).resolves.toBeUndefined();
  });

  it("fails a field of the wrong type, a status the route does not declare, and an undocumented route", async () => {
    const contracts = documentWith(Thing);
    await expect(checkAnswer(contracts, "GET", "/api/things/1", answer({ id: 1 }))).rejects.toThrow(/does not match/);
    await expect(checkAnswer(contracts, "GET", "/api/things/1", answer({ error: { code: "CONFLICT", message: "x" } }, 409))).rejects.toThrow(/does not declare/);
    await expect(checkAnswer(contracts, "POST", "/api/things/1", answer({ id: "1" }))).rejects.toThrow(/no documented route/);
    await expect(checkAnswer(contracts, "POST", "/api/things/1", answer({ oops: true }, 413))).rejects.toThrow(/does not match/);
  });
});
