/**
 * The permission walk (docs/decisions/0019): EVERY operation the OpenAPI document lists under
 * /api/admin/ (so an area added later is walked the day it lands) is called with real ids and a
 * plausible body as a visitor (401), a member, a subscriber and a creator (403 NOT_STAFF), and,
 * when the area is for admins, as a curator (403). Every write is also sent by an admin from
 * another site (403 FORBIDDEN_ORIGIN). Afterwards nothing in the database has changed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_AREAS, hasRole } from "../../../common/roles.js";
import { insertCreator, insertOrder, insertProduct, insertReport, insertStory, insertUser } from "../../db/seed/factories.js";
import { createTestApp } from "../../test/harness.js";
import { databaseSnapshot, staffKit, type ErrorBody, type Person } from "./admin.fixtures.js";

// ------------------------------------------------------------------------ the document's operations

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema;
  minItems?: number;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
};
interface Parameter {
  name: string;
  in: string;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

const t = await createTestApp();
const document = (await (await t.request("/api/openapi.json")).json()) as Document;
const operations = Object.entries(document.paths)
  .filter(([path]) => path.startsWith("/api/admin/"))
  .flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ method: method.toUpperCase(), path, operation: item[method]! })),
  );
type Op = (typeof operations)[number];

/** /api/admin/<area>/…: the area, whose least role ADMIN_AREAS names. */
// A download of an area (/api/admin/stats.csv) belongs to it.
const areaOf = (path: string) => (path.split("/")[3] ?? "").replace(/\.\w+$/, "");
const isWrite = (op: Op) => op.method !== "GET";

function resolve(schema: Schema | undefined): Schema | undefined {
  if (!schema?.$ref) return schema;
  return resolve(document.components?.schemas?.[schema.$ref.split("/").pop()!]);
}

/** A value the schema accepts, or close to it: a request such a client would plausibly send. */
function sample(given: Schema | undefined, depth = 0): unknown {
  const schema = resolve(given);
  if (!schema || depth > 8) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return sample(variants.find((v) => resolve(v)?.type !== "null") ?? variants[0], depth + 1);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => sample(s, depth + 1)));
  const type = [schema.type ?? (schema.properties ? "object" : "string")].flat().find((k) => k !== "null");
  switch (type) {
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, depth + 1)]));
    case "array":
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items, depth + 1));
    case "integer":
    case "number": {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return Math.min(Math.max(low, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case "boolean":
      return true;
    default: {
      if (schema.format === "date-time") return "2026-06-01T12:00:00.000Z";
      if (schema.format === "date") return "2026-06-01";
      if (schema.format === "email") return "someone@example.com";
      if (schema.format === "uri" || schema.format === "url") return "https://example.com/";
      const text = "Checked by the permission walk".padEnd(schema.minLength ?? 0, ".");
      return text.slice(0, schema.maxLength ?? text.length);
    }
  }
}

/** Bodies known to be valid for the routes of this area; any other route gets one from its schema, or {}. */
const BODIES: Record<string, (ids: Ids) => unknown> = {
  "POST /api/admin/inventory/{productId}/adjust": () => ({ delta: -1, reason: "Counted the shelf" }),
  "PUT /api/admin/people/{userId}/role": () => ({ role: "admin" }),
};

function bodyOf(op: Op, ids: Ids): unknown {
  const known = BODIES[`${op.method} ${op.path}`];
  if (known) return known(ids);
  const schema = op.operation.requestBody?.content?.["application/json"]?.schema;
  return schema ? sample(schema) : {};
}

// --------------------------------------------------------------------------------- real ids

interface Ids {
  order: string;
  product: string;
  story: string;
  creator: string;
  report: string;
  user: string;
  comment: string;
}

const KIND_OF_WORD: [RegExp, keyof Ids][] = [
  [/^orders?$/, "order"],
  [/^(products?|inventory)$/, "product"],
  [/^stor(y|ies)$/, "story"],
  [/^creators?$/, "creator"],
  [/^reports?$/, "report"],
  [/^(users?|people|persons?)$/, "user"],
  [/^comments?$/, "comment"],
];
const kindOfWord = (word: string) => KIND_OF_WORD.find(([pattern]) => pattern.test(word.toLowerCase()))?.[1];

/**
 * The path with each parameter filled: an enum parameter with its first value; an id with a real
 * one of the kind its name says (orderId), else of the segment before it (/orders/{id}), else of a
 * kind named earlier in the path (/curation/{kind}/{id}); a product's when nothing says.
 */
function fillPath(op: Op, ids: Ids): string {
  const params = new Map((op.operation.parameters ?? []).filter((p) => p.in === "path").map((p) => [p.name, resolve(p.schema)]));
  const segments = op.path.split("/");
  let namedKind: keyof Ids | undefined;
  const filled = segments.map((segment, i) => {
    const match = /^\{(.+)\}$/.exec(segment);
    if (!match) return segment;
    const name = match[1]!;
    const values = params.get(name)?.enum;
    if (values?.length) {
      const value = String(values[0]);
      namedKind = kindOfWord(value) ?? namedKind;
      return encodeURIComponent(value);
    }
    const kind = kindOfWord(name.replace(/_?id$/i, "")) ?? kindOfWord(segments[i - 1] ?? "") ?? namedKind ?? "product";
    return encodeURIComponent(ids[kind]);
  });
  return filled.join("/");
}

// ---------------------------------------------------------------------------------- the walk

const { person, creator, call } = staffKit(() => t);
const FOREIGN = "https://evil.example";

let ids: Ids;
let refused: { name: string; who: Person | null; status: number; code: string }[];
let curator: Person;
let admin: Person;
let before: Awaited<ReturnType<typeof databaseSnapshot>>;

beforeAll(async () => {
  const [member, subscriber, maker] = await Promise.all([person("member", { subscribed: false }), person("member"), creator()]);
  [curator, admin] = await Promise.all([person("curator"), person("admin")]);
  refused = [
    { name: "a visitor", who: null, status: 401, code: "UNAUTHORIZED" },
    { name: "a member", who: member, status: 403, code: "NOT_STAFF" },
    { name: "a subscriber", who: subscriber, status: 403, code: "NOT_STAFF" },
    { name: "a creator", who: maker, status: 403, code: "NOT_STAFF" },
  ];

  // One real row of each kind a back-office route may name, so a gate that let a call through
  // would find something to change.
  const product = await insertProduct(t.database, { stock: 5 });
  const story = await insertStory(t.database, { creator_id: maker.creatorId });
  const buyer = await insertUser(t.database);
  const order = await insertOrder(t.database, { user_id: buyer.user.id, status: "paid", lines: [{ product_id: product.id, quantity: 2 }] });
  const reported = await insertCreator(t.database);
  const report = await insertReport(t.database, { reporter_id: subscriber.id, kind: "story", item_id: story.id });
  // A visible comment by the buyer (a member), so a hide or a ban let through would change it.
  const comment = { id: "0000000000000permissionwalk", story_id: story.id, user_id: buyer.user.id, body: "A comment to moderate", created_at: new Date().toISOString() };
  await t.database.db.insertInto("comment").values(comment).execute();
  ids = { order: order.order.id, product: product.id, story: story.id, creator: reported.creator.id, report: report.id, user: buyer.user.id, comment: comment.id };

  before = await databaseSnapshot(t);
});
afterAll(async () => {
  await t.close();
});

describe("the permission walk over every /api/admin operation", () => {
  it(`finds the back office's operations in the OpenAPI document (${operations.length}), each in an area with a least role`, () => {
    // An empty walk would pass everything below: it must not.
    expect(operations.length).toBeGreaterThan(0);
    for (const op of operations) {
      expect(ADMIN_AREAS, `${op.method} ${op.path}: name the least role of its area in ADMIN_AREAS (common/roles.ts)`).toHaveProperty(areaOf(op.path));
    }
  });

  for (const op of operations) describe(`${op.method} ${op.path}`, () => {
    const leastRole = ADMIN_AREAS[areaOf(op.path) as keyof typeof ADMIN_AREAS];
    const forAdmins = leastRole !== undefined && !hasRole("curator", leastRole);

    it(`refuses a visitor (401), a member, a subscriber and a creator (403 NOT_STAFF)${forAdmins ? ", and a curator (403)" : ""}`, async () => {
      const path = fillPath(op, ids);
      const body = isWrite(op) ? bodyOf(op, ids) : undefined;
      const callers = forAdmins ? [...refused, { name: "a curator", who: curator, status: 403, code: "NOT_STAFF" }] : refused;
      for (const caller of callers) {
        const res = await call<ErrorBody>(caller.who, op.method, path, body);
        expect(res.status, `${op.method} ${path} as ${caller.name}: ${JSON.stringify(res.body)}`).toBe(caller.status);
        expect(res.body.error.code, `${op.method} ${path} as ${caller.name}`).toBe(caller.code);
      }
    });

    if (isWrite(op)) {
      it("refuses an admin's request from another site, or with no Origin (403 FORBIDDEN_ORIGIN)", async () => {
        const path = fillPath(op, ids);
        for (const origin of [FOREIGN, null]) {
          const res = await t.request(path, { method: op.method, cookie: admin.cookie, json: bodyOf(op, ids), origin });
          expect(res.status, `${op.method} ${path} from ${origin ?? "no origin"}`).toBe(403);
          expect(((await res.json()) as ErrorBody).error.code).toBe("FORBIDDEN_ORIGIN");
        }
      });
    }
  });

  it("changed nothing: every table's row count and every row of the back office's tables are as before", async () => {
    expect(await databaseSnapshot(t)).toEqual(before);
  });
});
