/**
 * Shared OpenAPI pieces: the error body of ARCHITECTURE.md §5 (common/api/error.ts) as a response,
 * the responses every route may give, and what the document says of itself (servers, licence, the
 * session cookie as a security scheme; decision 0017).
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import { ApiErrorBodySchema } from "../../common/api/error.js";

export const errorContent = { "application/json": { schema: ApiErrorBodySchema } };

export const ErrorResponses = {
  400: { description: "Invalid input; `fields` names each bad field", content: errorContent },
  403: { description: "Cross-site request refused", content: errorContent },
  413: { description: "Body too large", content: errorContent },
  415: { description: "Body is not JSON", content: errorContent },
  429: { description: "Too many requests", content: errorContent },
} as const;

/** The security scheme's name in the document's components: the session cookie (registerSessionScheme). */
export const SESSION_SCHEME = "sessionCookie";

export interface ApiDocumentFacts {
  /** The site's address (PUBLIC_URL): the one server the document describes. */
  publicUrl: string;
  /** Better Auth's session cookie, as this instance names it (`__Secure-` prefixed in production). */
  sessionCookie: string;
}

/** The document's head: doc31() and the /api/docs page read the same one. */
export function apiDocumentConfig(facts: ApiDocumentFacts) {
  return {
    openapi: "3.1.0",
    info: {
      title: "MAYBE",
      version: "0.1.0",
      description: "The MAYBE site's HTTP API.",
      // The project is private (package.json: "private": true) and published under no licence. SPDX
      // names a licence outside its list with a `LicenseRef-` identifier: this one says "proprietary"
      // rather than naming an open licence the code does not have.
      license: { name: "Proprietary: all rights reserved, no licence granted", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: facts.publicUrl, description: "This site" }],
  };
}

/**
 * The session cookie as a security scheme: every operation names it or says it needs nothing
 * (route-policy.ts, RouteAuth). Writes also need a same-origin `Origin`, which no scheme describes.
 */
export function registerSessionScheme(app: Pick<OpenAPIHono, "openAPIRegistry">, facts: ApiDocumentFacts): void {
  app.openAPIRegistry.registerComponent("securitySchemes", SESSION_SCHEME, {
    type: "apiKey",
    in: "cookie",
    name: facts.sessionCookie,
    description:
      "Better Auth's session cookie (HttpOnly), set by sign-up and sign-in. Writes with it must also " +
      "come from the site's own origin (an `Origin` header of the site), or they answer 403 FORBIDDEN_ORIGIN.",
  });
}
