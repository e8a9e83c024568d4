/** Contracts of the account endpoints; their answers are in common/api/profile.ts, their bodies in common/auth-schemas.ts. */
import { defineRoute } from "../../lib/route-policy.js";
import { JoinArtistSchema, LoginSchema, SubscribeSchema } from "../../../common/auth-schemas.js";
import { ErrorResponses, errorContent } from "../../lib/openapi.js";
import { SessionInfoSchema, SignedInSchema, SignedOutSchema } from "../../../common/api/profile.js";
import { ForgotPasswordSchema, ResetPasswordSchema, VerifyEmailSchema } from "../../../common/account-schemas.js";
import { DoneSchema } from "../../../common/api/account.js";

const done = (description: string) => ({ description, content: { "application/json": { schema: DoneSchema } } });

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
    "A normal account: the display name, when given, becomes the username; otherwise the username " +
    "is empty (the site shows 'User'). Same password rules and rate limits as sign-up; errors carry " +
    "the Join as Artist screen's own messages (JOIN_ARTIST_MESSAGES).",
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
  // Ends the session of the cookie sent, if any; without one there is nothing to end.
  auth: "optional",
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
  auth: "optional",
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

export const forgotPasswordRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/auth/forgot-password",
  tags: ["Account"],
  summary: "E-mail a link to choose a new password",
  description:
    "The same answer, in the same time, whether or not the address has an account. The link " +
    "(PUBLIC_URL/reset-password?token=…) works once, for one hour. Rate limited like sign-in.",
  request: { body: { required: true, content: { "application/json": { schema: ForgotPasswordSchema } } } },
  responses: { 200: done("Sent when the address has an account"), ...ErrorResponses },
});

export const resetPasswordRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/auth/reset-password",
  tags: ["Account"],
  summary: "Choose a new password with the e-mailed link's token",
  description: "Signs out every session of the account. 400 INVALID_TOKEN when the link is unknown, used or expired.",
  request: { body: { required: true, content: { "application/json": { schema: ResetPasswordSchema } } } },
  responses: { 200: done("Password changed; every session signed out"), ...ErrorResponses },
});

export const verifyEmailRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/auth/verify-email",
  tags: ["Account"],
  summary: "Confirm an e-mail address with the e-mailed link's token",
  description:
    "Confirms the address given at sign-up, or a change of e-mail (then the old address is told). " +
    "400 INVALID_TOKEN when the link is not valid or has expired.",
  request: { body: { required: true, content: { "application/json": { schema: VerifyEmailSchema } } } },
  responses: { 200: done("Address confirmed"), ...ErrorResponses },
});
