import { createRoute, z } from "@hono/zod-openapi";
import { ErrorResponses, errorContent } from "../../lib/openapi.js";

export const ProfileSchema = z
  .object({
    uid: z.string(),
    email: z.string(),
    username: z.string(),
    phone: z.string(),
    subscribed: z.boolean(),
    creator: z.boolean(),
    creator_id: z.string().nullable(),
    joined: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Profile");

export const getMeRoute = createRoute({
  method: "get",
  path: "/api/me",
  tags: ["Account"],
  summary: "The signed-in user's profile",
  responses: {
    200: { description: "Profile", content: { "application/json": { schema: ProfileSchema } } },
    401: { description: "Not signed in", content: errorContent },
    ...ErrorResponses,
  },
});

export const subscribeRoute = createRoute({
  method: "post",
  path: "/api/me/subscribe",
  tags: ["Account"],
  summary: "Subscribe the signed-in user (free), unlocking the store",
  responses: {
    200: { description: "Profile after subscribing", content: { "application/json": { schema: ProfileSchema } } },
    401: { description: "Not signed in", content: errorContent },
    ...ErrorResponses,
  },
});
