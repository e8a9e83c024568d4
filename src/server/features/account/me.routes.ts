/** Contracts of the signed-in user's profile; its shape is in common/api/profile.ts. */
import { defineRoute } from "../../lib/route-policy.js";
import { ErrorResponses, errorContent } from "../../lib/openapi.js";
import { MaybeProfileSchema, ProfileSchema } from "../../../common/api/profile.js";

/**
 * The client's session probe: being signed out is a normal answer here, not an error, so it is a
 * 200 with `null` (docs/decisions/0005-session-probe.md). Every other account endpoint answers 401.
 */
export const getMeRoute = defineRoute({
  method: "get",
  cache: "private",
  // A visitor gets null (decision 0005).
  auth: "optional",
  path: "/api/me",
  tags: ["Account"],
  summary: "The signed-in user's profile, or null when nobody is signed in",
  responses: {
    200: {
      description: "The profile, or null when the request carries no valid session",
      content: { "application/json": { schema: MaybeProfileSchema } },
    },
    ...ErrorResponses,
  },
});

export const subscribeRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/me/subscribe",
  tags: ["Account"],
  summary: "Subscribe the signed-in user (free), unlocking the store",
  responses: {
    200: { description: "Profile after subscribing", content: { "application/json": { schema: ProfileSchema } } },
    401: { description: "Not signed in", content: errorContent },
    ...ErrorResponses,
  },
});
