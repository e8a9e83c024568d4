/**
 * Contracts of the back office's overview, inventory, audit log and people; their shapes are in
 * common/api/admin.ts. Every read is private (one staff member's view of this moment).
 * docs/decisions/0019.
 */
import { z } from "zod";
import {
  AdminOverviewSchema,
  AuditPageSchema,
  AuditQuerySchema,
  InventoryItemSchema,
  InventoryPageSchema,
  InventoryQuerySchema,
  PeoplePageSchema,
  PeopleQuerySchema,
  PersonSchema,
  ProductParamsSchema,
  RoleChangeSchema,
  StockAdjustmentSchema,
  UserParamsSchema,
} from "../../../common/api/admin.js";
import { ErrorResponses, errorContent } from "../../lib/openapi.js";
import { defineRoute } from "../../lib/route-policy.js";

const signedOut = { description: "Not signed in", content: errorContent };
const notStaff = (who: string) => ({
  description: `NOT_STAFF: ${who} only; FORBIDDEN_ORIGIN: a write from another site`,
  content: errorContent,
});
const curators = notStaff("curators and admins");
const admins = notStaff("admins");
const ok = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { "application/json": { schema } } });
const json = <T extends z.ZodType>(schema: T) => ({ required: true, content: { "application/json": { schema } } });

export const overviewRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/admin/overview",
  tags: ["Back office"],
  summary: "What is waiting: orders to be paid and shipped, open reports, new creators, products low in stock",
  description: "Curators and admins. The order counts are for admins; a curator's answer has `orders: null`.",
  responses: { 200: ok("The overview", AdminOverviewSchema), 401: signedOut, 403: curators },
});

export const listInventoryRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/admin/inventory",
  tags: ["Back office"],
  summary: "Every product with its stock, newest first; search by title, or only those low in stock",
  description: "Admins. Hidden products are listed too, flagged `hidden`.",
  request: { query: InventoryQuerySchema },
  responses: { 200: ok("A page of products", InventoryPageSchema), 401: signedOut, ...ErrorResponses, 403: admins },
});

export const adjustStockRoute = defineRoute({
  method: "post",
  // The store's lists, the product modal and the creators' pages show stock.
  invalidates: ["stock"],
  path: "/api/admin/inventory/{productId}/adjust",
  tags: ["Back office"],
  summary: "Add to or take from a product's stock, with a reason",
  description:
    "Admins. One conditional update (stock + delta, only when the result is not below 0) and its audit entry " +
    "(product.stock, the stock before and after, the reason as its note) in one transaction. Products have one " +
    "stock each; sizes come later.",
  request: { params: ProductParamsSchema, body: json(StockAdjustmentSchema) },
  responses: {
    200: ok("The product after the change", InventoryItemSchema),
    401: signedOut,
    ...ErrorResponses,
    403: admins,
    404: { description: "NOT_FOUND: no such product", content: errorContent },
    409: {
      description:
        "STOCK_CONFLICT: the change would take the stock below 0; `details` has the product and its current stock " +
        "(`available`). Nothing changed.",
      content: errorContent,
    },
  },
});

export const listAuditRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/admin/audit",
  tags: ["Back office"],
  summary: "The audit log, newest first: who did what to which item, when, before and after",
  description: "Curators and admins. Append-only: no route changes or deletes an entry, and the database refuses to.",
  request: { query: AuditQuerySchema },
  responses: { 200: ok("A page of entries", AuditPageSchema), 401: signedOut, ...ErrorResponses, 403: curators },
});

export const listPeopleRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/admin/people",
  tags: ["Back office"],
  summary: "Every account with its role, newest first; search by e-mail or username, filter by role",
  description: "Admins.",
  request: { query: PeopleQuerySchema },
  responses: { 200: ok("A page of people", PeoplePageSchema), 401: signedOut, ...ErrorResponses, 403: admins },
});

export const setRoleRoute = defineRoute({
  method: "put",
  // Roles show on no public page.
  invalidates: [],
  path: "/api/admin/people/{userId}/role",
  tags: ["Back office"],
  summary: "Give a person a role: member, curator or admin",
  description: "Admins. Audited (user.role). Takes effect on the person's next request.",
  request: { params: UserParamsSchema, body: json(RoleChangeSchema) },
  responses: {
    200: ok("The person after the change", PersonSchema),
    401: signedOut,
    ...ErrorResponses,
    403: admins,
    404: { description: "NOT_FOUND: no such person", content: errorContent },
    409: { description: "LAST_ADMIN: the last admin cannot be made anything less; nothing changed", content: errorContent },
  },
});
