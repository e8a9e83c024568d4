/**
 * Checks an API answer against the contract its route publishes in /api/openapi.json: the status
 * must be one the operation lists, and a JSON body must validate against the JSON Schema the
 * document gives for that status. Checked against the document, not the zod schemas it is made
 * from, because the document is what clients and outside validators read: a nullable answer that
 * the generator turned into `allOf` (which no null can pass) fails here as it fails for them. The
 * API test harness runs it on every answer it receives, so drift fails a test the day it is written.
 */
import { gunzipSync } from "node:zlib";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";

interface Contract {
  method: string;
  path: string;
  pattern: RegExp;
  /** Literal segments count: /api/products/facets is preferred over /api/products/{id}. */
  literals: number;
  /** Status → validator of its JSON body (null when the answer has none), compiled when first needed. */
  responses: Map<number, () => ValidateFunction | null>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: object }> }> }>>;
  components?: object;
}

export interface Contracts {
  routes: Contract[];
  error: () => ValidateFunction;
}

export function contractsOf(document: OpenApiDocument): Contracts {
  // Formats (date-time, email) are descriptions here, not checks: the zod schemas that make the
  // document already check what the server accepts.
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  // Each schema is compiled with the document's components beside it, so `#/components/...` resolves;
  // only the ones a test's answers need, when first needed, so a test app costs no compile up front.
  const compile = (schema: object) => {
    let validate: ValidateFunction | undefined;
    return () => (validate ??= ajv.compile({ ...schema, components: document.components }));
  };
  const routes: Contract[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const segments = path.split("/");
      routes.push({
        method: method.toUpperCase(),
        path,
        pattern: new RegExp(`^${segments.map((s) => (/^\{.+\}$/.test(s) ? "[^/]+" : s.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))).join("/")}$`),
        literals: segments.filter((s) => !s.startsWith("{")).length,
        responses: new Map(
          Object.entries(operation.responses).map(([status, response]) => {
            const schema = response.content?.["application/json"]?.schema;
            return [Number(status), schema ? compile(schema) : () => null];
          }),
        ),
      });
    }
  }
  routes.sort((a, b) => b.literals - a.literals);
  return { routes, error: compile({ $ref: "#/components/schemas/Error" }) };
}

/** Paths the app serves outside the contract: the document itself and its viewer. */
const UNDOCUMENTED = new Set(["/api/openapi.json", "/api/docs", "/api/docs.css"]);

/** Throws, naming the route and the mismatch, when the answer breaks its route's contract. */
export async function checkAnswer(contracts: Contracts, method: string, path: string, res: Response): Promise<void> {
  if (!path.startsWith("/api/") || UNDOCUMENTED.has(path) || method === "HEAD" || res.status === 304) return;
  const route = contracts.routes.find((c) => c.method === method && c.pattern.test(path));
  let validate: ValidateFunction | null;
  let name = `${method} ${path}`;
  if (!route) {
    // No route of this method and path: the API's own 404/405, or a guard that answered before
    // routing (403 origin, 413 size, 415 type, 400 hostile JSON), always in the error shape.
    if (res.status < 400) throw new Error(`${name} answered ${res.status} but no documented route matches it`);
    validate = contracts.error();
  } else {
    name = `${method} ${route.path}`;
    if (!route.responses.has(res.status)) {
      throw new Error(`${name} answered ${res.status}, a status its contract does not declare (declared: ${[...route.responses.keys()].join(", ")})`);
    }
    validate = route.responses.get(res.status)!();
  }
  if (!validate || !(res.headers.get("content-type") ?? "").includes("application/json")) return;
  const bytes = new Uint8Array(await res.clone().arrayBuffer());
  const text = new TextDecoder().decode(res.headers.get("content-encoding") === "gzip" ? gunzipSync(bytes) : bytes);
  if (!validate(JSON.parse(text))) {
    throw new Error(`${name} ${res.status}: the body does not match the document's schema: ${JSON.stringify(validate.errors?.slice(0, 5))}\nbody: ${text.slice(0, 500)}`);
  }
}
