/** Contracts of the back office's people and roles; their shapes are in common/api/admin.ts. docs/decisions/0019. */
import { PeoplePageSchema, PeopleQuerySchema, PersonSchema, RoleChangeSchema, UserParamsSchema } from "../../../../common/api/admin.js";
import { ErrorResponses, errorContent } from "../../../lib/openapi.js";
import { defineRoute } from "../../../lib/route-policy.js";
import { json, notStaff, ok, signedOut, TAGS } from "../contract.js";

const admins = notStaff("admins");

export const listPeopleRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/admin/people",
  tags: TAGS,
  summary: "Every account with its role, newest first; search by e-mail or username, filter by role",
  description: "Admins.",
  request: { query: PeopleQuerySchema },
  responses: {
    200: ok("A page of people", PeoplePageSchema),
    401: signedOut,
    ...ErrorResponses,
    403: admins,
  },
});

export const setRoleRoute = defineRoute({
  method: "put",
  // Roles show on no public page.
  invalidates: [],
  path: "/api/admin/people/{userId}/role",
  tags: TAGS,
  summary: "Give a person a role: member, curator or admin",
  description: "Admins. Audited (user.role). Takes effect on the person's next request.",
  request: { params: UserParamsSchema, body: json(RoleChangeSchema) },
  responses: {
    200: ok("The person after the change", PersonSchema),
    401: signedOut,
    ...ErrorResponses,
    403: admins,
    404: { description: "NOT_FOUND: no such person", content: errorContent },
    409: {
      description: "LAST_ADMIN: the last admin cannot be made anything less; nothing changed",
      content: errorContent,
    },
  },
});
