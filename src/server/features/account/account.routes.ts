/** Contracts of Settings' endpoints (issue 20); bodies in common/account-schemas.ts, answers in common/api/account.ts. */
import { defineRoute } from "../../lib/route-policy.js";
import { ErrorResponses, errorContent } from "../../lib/openapi.js";
import { ProfileSchema } from "../../../common/api/profile.js";
import { IdParamsSchema } from "../../../common/api/params.js";
import { AccountDeletionSchema, AccountExportSchema, DeviceSessionListSchema, DoneSchema } from "../../../common/api/account.js";
import {
  ChangeEmailSchema,
  ChangePasswordSchema,
  DeleteAccountSchema,
  PreferencesSchema,
  ProfileUpdateSchema,
} from "../../../common/account-schemas.js";

const json = <S>(schema: S) => ({ "application/json": { schema } });
const body = <S>(schema: S) => ({ body: { required: true, content: json(schema) } });
const done = (description: string) => ({ description, content: json(DoneSchema) });
const signedOut = { 401: { description: "UNAUTHORIZED: not signed in", content: errorContent } };

export const resendVerificationRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/me/verification-email",
  tags: ["Account"],
  summary: "Send the link confirming the account's e-mail address again",
  description: "At most 3 a 10 minutes per account (429 RATE_LIMITED with Retry-After).",
  responses: {
    200: done("Sent"),
    409: { description: "ALREADY_VERIFIED", content: errorContent },
    ...signedOut,
    ...ErrorResponses,
  },
});

export const updateProfileRoute = defineRoute({
  method: "patch",
  invalidates: [],
  path: "/api/me/profile",
  tags: ["Account"],
  summary: "Change the username and phone (Subscribe's rules and messages)",
  request: body(ProfileUpdateSchema),
  responses: { 200: { description: "The profile after the change", content: json(ProfileSchema) }, ...signedOut, ...ErrorResponses },
});

export const updatePreferencesRoute = defineRoute({
  method: "put",
  invalidates: [],
  path: "/api/me/preferences",
  tags: ["Account"],
  summary: "E-mail preferences: the newsletter for the account's address, and e-mails about comments",
  description:
    "Either or both: `newsletter`, and `comments` (e-mails about comments on the account's stories and replies to its comments). " +
    "Account and order e-mails are always sent. `subscribed` (the store's free subscription) is not this.",
  request: body(PreferencesSchema),
  responses: { 200: { description: "The profile after the change", content: json(ProfileSchema) }, ...signedOut, ...ErrorResponses },
});

export const changeEmailRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/me/email",
  tags: ["Account"],
  summary: "Change the e-mail address: a confirmation link goes to the new one",
  description:
    "The address changes when the link (PUBLIC_URL/verify-email?token=…) is opened; then the old " +
    "address is told. Rate limited per account.",
  request: body(ChangeEmailSchema),
  responses: {
    200: done("Confirmation link sent to the new address"),
    ...ErrorResponses,
    400: { description: "SAME_EMAIL, or VALIDATION_FAILED with fields", content: errorContent },
    409: { description: "EMAIL_TAKEN: another account uses the address", content: errorContent },
    ...signedOut,
  },
});

export const changePasswordRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/me/password",
  tags: ["Account"],
  summary: "Change the password (the current one is needed); other sessions are signed out",
  description: "This browser gets a new session cookie. A 'password changed' e-mail is sent.",
  request: body(ChangePasswordSchema),
  responses: {
    200: done("Changed"),
    ...ErrorResponses,
    400: { description: "WRONG_PASSWORD (fields.currentPassword), WEAK_PASSWORD or VALIDATION_FAILED", content: errorContent },
    ...signedOut,
  },
});

export const listSessionsRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/me/sessions",
  tags: ["Account"],
  summary: "The devices signed in to the account, last seen first; this one is `current`",
  responses: { 200: { description: "Sessions", content: json(DeviceSessionListSchema) }, ...signedOut, ...ErrorResponses },
});

export const revokeSessionRoute = defineRoute({
  method: "delete",
  invalidates: [],
  path: "/api/me/sessions/{id}",
  tags: ["Account"],
  summary: "Sign one device out",
  request: { params: IdParamsSchema },
  responses: {
    200: done("Signed out"),
    404: { description: "NOT_FOUND: no such session of this account", content: errorContent },
    ...signedOut,
    ...ErrorResponses,
  },
});

export const revokeOtherSessionsRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/me/sessions/sign-out-others",
  tags: ["Account"],
  summary: "Sign every other device out",
  responses: { 200: done("Signed out"), ...signedOut, ...ErrorResponses },
});

export const accountDeletionRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/me/deletion",
  tags: ["Account"],
  summary: "What deleting the account would do to its orders, for the dialog that asks first",
  description:
    "`cancelled_orders`: placed, unpaid orders, cancelled with the account (their items go back to the " +
    "store; the buyer is e-mailed). `orders_on_their_way`: paid orders still to be delivered, which the " +
    "shop still ships to the address on the order, with their e-mails to its contact address.",
  responses: { 200: { description: "The account's open orders", content: json(AccountDeletionSchema) }, ...signedOut, ...ErrorResponses },
});

export const deleteAccountRoute = defineRoute({
  method: "post",
  // A creator's profile, stories and products leave the public lists; cancelled orders restock.
  invalidates: ["creators", "catalog", "stock"],
  path: "/api/me/delete",
  tags: ["Account"],
  summary: "Delete the account (password and the typed confirmation DELETE)",
  description:
    "Removes the profile, sessions, favorites, cart, saved addresses, uploads, newsletter " +
    "subscription, likes of comments and a creator record (their stories with it; their products are hidden). " +
    "Comments stay, as 'Deleted account'. Reports " +
    "the user filed stay for the curators without the reporter. Placed, unpaid orders are cancelled " +
    "(restocked, the buyer e-mailed); orders stay for the shop's accounts, without the phone number " +
    "but on a paid order still to be delivered (decision 0020). Clears the cookie.",
  request: body(DeleteAccountSchema),
  responses: {
    200: done("Deleted"),
    ...ErrorResponses,
    400: { description: "WRONG_PASSWORD (fields.password) or VALIDATION_FAILED (fields.confirmation)", content: errorContent },
    ...signedOut,
  },
});

export const exportAccountRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/me/export",
  tags: ["Account"],
  summary: "Download my data: one JSON file of everything the account holds",
  responses: {
    200: { description: "Attachment maybe-account-<date>.json", content: json(AccountExportSchema) },
    ...signedOut,
    ...ErrorResponses,
  },
});
