/** Contracts of the account endpoints; their answers are in common/api/profile.ts, their bodies in common/auth-schemas.ts. */
import { defineRoute } from "../../lib/route-policy.js";
import { JoinArtistSchema, LoginSchema, SubscribeSchema } from "../../../common/auth-schemas.js";
import { ErrorResponses, errorContent } from "../../lib/openapi.js";
import { SessionInfoSchema, SignedInSchema, SignedOutSchema } from "../../../common/api/profile.js";

export const signUpRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/auth/sign-up/email",
  tags: ["Account"],
  summary: "Create an account (Subscribe form) and sign in",
  description:
    "Validates with the same schema as the Subscribe form; refuses the most common passwords. " +
    "Sets the HttpOnly session cookie. Rate limited per client address and per email.",
  request: { body: { required: true, content: { "application/json": { schema: SubscribeSchema } } } },
  responses: {
    200: { description: "Account created, session cookie set", content: { "application/json": { schema: SignedInSchema } } },
    409: { description: "EMAIL_TAKEN: the email already has an account", content: errorContent },
    ...ErrorResponses,
  },
});

export const joinArtistRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/auth/sign-up/artist",
  tags: ["Account"],
  summary: "Create an account from the Join as Artist screen and sign in",
  description:
    "A normal account: the display name, when given, becomes the username; otherwise the part of " +
    "the email before @. Same password rules and rate limits as sign-up.",
  request: { body: { required: true, content: { "application/json": { schema: JoinArtistSchema } } } },
  responses: {
    200: { description: "Account created, session cookie set", content: { "application/json": { schema: SignedInSchema } } },
    409: { description: "EMAIL_TAKEN: the email already has an account", content: errorContent },
    ...ErrorResponses,
  },
});

export const signInRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/auth/sign-in/email",
  tags: ["Account"],
  summary: "Sign in with email and password",
  description: "Sets the HttpOnly session cookie. Rate limited per client address and per email.",
  request: { body: { required: true, content: { "application/json": { schema: LoginSchema } } } },
  responses: {
    200: { description: "Signed in, session cookie set", content: { "application/json": { schema: SignedInSchema } } },
    401: { description: "INVALID_CREDENTIALS", content: errorContent },
    ...ErrorResponses,
  },
});

export const signOutRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/auth/sign-out",
  tags: ["Account"],
  summary: "End the current session and clear its cookie",
  responses: {
    200: { description: "Signed out", content: { "application/json": { schema: SignedOutSchema } } },
    503: { description: "UNAVAILABLE: the shared session store (Redis) is down; try again", content: errorContent },
    ...ErrorResponses,
  },
});

export const getSessionRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/auth/get-session",
  tags: ["Account"],
  summary: "The current session and user, or null when signed out",
  description:
    "Better Auth's session record without its secrets: the session token never appears in a body, " +
    "only in the HttpOnly cookie.",
  responses: {
    200: { description: "Session and user, or null", content: { "application/json": { schema: SessionInfoSchema } } },
    ...ErrorResponses,
  },
});
