/**
 * The API's contracts as data: the OpenAPI document's operations, and for each the zod response
 * schemas of its createRoute() definition, so a 2xx answer can be checked against what the
 * document promises.
 */
import type { z } from "@hono/zod-openapi";

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. /api/orders/{orderId}. */
  path: string;
  params: { in: string; name: string; required?: boolean }[];
  hasBody: boolean;
}

interface RouteDefinition {
  method: string;
  path: string;
  responses: Record<string, { content?: Record<string, { schema?: z.ZodType }> }>;
}

const modules = import.meta.glob<Record<string, unknown>>("../../src/server/features/*/*.{routes,router}.ts", { eager: true });

function isRoute(value: unknown): value is RouteDefinition {
  return typeof value === "object" && value !== null && "method" in value && "path" in value && "responses" in value;
}

/** `POST /api/orders` → that route's createRoute() definition. */
export const definitions = new Map<string, RouteDefinition>();
for (const mod of Object.values(modules)) {
  for (const value of Object.values(mod)) {
    if (isRoute(value)) definitions.set(`${value.method.toUpperCase()} ${value.path}`, value);
  }
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Operation["params"]; requestBody?: unknown }>>;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      ops.push({ method: method.toUpperCase(), path, params: op.parameters ?? [], hasBody: op.requestBody !== undefined });
    }
  }
  return ops;
}

/** The zod schema the document gives for this status's JSON body, if any. */
export function responseSchema(op: Operation, status: number): z.ZodType | undefined {
  return definitions.get(`${op.method} ${op.path}`)?.responses[String(status)]?.content?.["application/json"]?.schema;
}

export const isStateChanging = (op: Operation) => !["GET", "HEAD", "OPTIONS"].includes(op.method);
