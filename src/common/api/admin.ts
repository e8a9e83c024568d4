/**
 * The back office's overview, inventory, audit log and people (/api/admin/overview, /inventory,
 * /audit, /people; docs/decisions/0019). One schema per request and answer, shared by the routes,
 * the forms and the tests, so both sides give the same messages.
 */
import { z } from "zod";
import { ROLES } from "../roles.js";
import { SIZES } from "../sizes.js";
import { hasControlCharacters, plainText } from "../text.js";
import { PRODUCT_CATEGORIES, PRODUCT_KINDS } from "./catalog.js";
import { DatedCursorParam, limitParam, pageSchema } from "./paging.js";
import { ID_MAX, textParam } from "./params.js";

// The zod-free constants and messages live in admin-fields.ts, so the back office's pages show them
// without loading zod (docs/decisions/0013); re-exported here for the schemas, the server and tests.
import {
  ADMIN_LIMIT_DEFAULT,
  ADMIN_LIMIT_MAX,
  ADMIN_MESSAGES,
  ADMIN_SEARCH_MAX,
  LOW_STOCK_THRESHOLD,
  NEW_CREATOR_DAYS,
  OVERVIEW_LOW_STOCK_LIMIT,
  STOCK_DELTA_MAX,
  STOCK_REASON_MAX,
  STOCK_REASON_MIN,
} from "../admin-fields.js";
export * from "../admin-fields.js";

// ------------------------------------------------------------------------------------ overview

const count = z.number().int().min(0);

/** A product as the inventory and the overview's low-stock list show it. */
export const InventoryItemSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    kind: z.enum(PRODUCT_KINDS),
    category: z.enum(PRODUCT_CATEGORIES),
    stock: z.number().int().min(0).meta({ description: "The total over its sizes" }),
    sizes: z
      .array(z.object({ size: z.enum(SIZES), stock: z.number().int().min(0) }))
      .meta({ description: "A product sold in sizes: each size on offer with its stock (adjusted one by one); empty for one stock" }),
    hidden: z.boolean().meta({ description: "True while a curator keeps the product off the site" }),
  })
  .meta({ id: "InventoryItem" });
export type InventoryItem = z.infer<typeof InventoryItemSchema>;

export const AdminOverviewSchema = z
  .object({
    orders: z
      .union([
        z.object({
          awaiting_payment: count.meta({ description: "Orders placed and not yet paid" }),
          awaiting_shipping: count.meta({ description: "Orders paid and not yet shipped" }),
        }),
        z.null(),
      ])
      .meta({ description: "null for curators, who do not handle orders" }),
    open_reports: count.meta({ description: "Reports waiting for a curator" }),
    new_creators: count.meta({ description: `Creators who joined in the last ${NEW_CREATOR_DAYS} days` }),
    low_stock: z.object({
      threshold: z.number().int().meta({ description: "A product with this many or fewer in stock is low" }),
      total: count.meta({ description: "How many products on the site are low in stock" }),
      items: z
        .array(InventoryItemSchema)
        .meta({ description: `The first ${OVERVIEW_LOW_STOCK_LIMIT}, lowest stock first; hidden products are left out` }),
    }),
  })
  .meta({ id: "AdminOverview" });
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;

// ----------------------------------------------------------------------------------- inventory

export const InventoryPageSchema = pageSchema(InventoryItemSchema).meta({ id: "InventoryPage" });
export type InventoryPage = z.infer<typeof InventoryPageSchema>;

const flag = z
  .enum(["1", "0", "true", "false"], { error: "low must be 1 or 0" })
  .optional()
  .transform((v) => v === "1" || v === "true");

export const InventoryQuerySchema = z.object({
  q: textParam("q", ADMIN_SEARCH_MAX).meta({ description: "Part of the title (case and accents ignored)" }),
  low: flag.meta({ description: `1: only products with ${LOW_STOCK_THRESHOLD} or fewer in stock that are not hidden` }),
  cursor: DatedCursorParam,
  limit: limitParam(ADMIN_LIMIT_MAX, ADMIN_LIMIT_DEFAULT),
});

export const ProductParamsSchema = z.object({
  productId: z
    .string()
    .min(1)
    .max(ID_MAX, ADMIN_MESSAGES.productNotFound)
    .refine(plainText, ADMIN_MESSAGES.productNotFound)
    .meta({ param: { name: "productId", in: "path" } }),
});

/** POST /api/admin/inventory/{productId}/adjust; the inventory's adjust form validates with it too. */
export const StockAdjustmentSchema = z
  .object({
    delta: z
      .number({ error: ADMIN_MESSAGES.deltaRequired })
      .int(ADMIN_MESSAGES.deltaWhole)
      .refine((v) => v !== 0, ADMIN_MESSAGES.deltaZero)
      .refine((v) => Math.abs(v) <= STOCK_DELTA_MAX, ADMIN_MESSAGES.deltaRange)
      .meta({ description: `How many to add (positive) or take away (negative); not 0, at most ${STOCK_DELTA_MAX} either way` }),
    reason: z
      .string({ error: ADMIN_MESSAGES.reasonRequired })
      .trim()
      .min(1, ADMIN_MESSAGES.reasonRequired)
      .min(STOCK_REASON_MIN, ADMIN_MESSAGES.reasonShort)
      .max(STOCK_REASON_MAX, ADMIN_MESSAGES.reasonLong)
      .refine((v) => !hasControlCharacters(v), ADMIN_MESSAGES.reasonInvalid)
      .meta({ description: "Why, kept as the audit entry's note (e.g. 'Counted the shelf')" }),
    size: z
      .enum(SIZES, { error: `size must be one of ${SIZES.join(", ")}` })
      .optional()
      .meta({ description: "Which size's stock, for a product sold in sizes; absent for a product with one stock" }),
  })
  .meta({ id: "StockAdjustment" });
export type StockAdjustmentInput = z.input<typeof StockAdjustmentSchema>;

// ----------------------------------------------------------------------------------- audit log

const changes = z
  .union([z.record(z.string(), z.unknown()), z.null()])
  .meta({ description: "The fields the action changed; null when there was nothing before (or after)" });

export const AuditEntrySchema = z
  .object({
    id: z.string(),
    created_at: z.string().meta({ format: "date-time" }),
    actor: z.object({
      id: z.string().meta({ description: "The user's id, or 'cli' for the command line (npm run admin)" }),
      email: z.string().meta({ description: "As it was at the time" }),
    }),
    action: z.string().meta({ description: "<target kind>.<verb>, e.g. product.stock, user.role, order.ship", example: "product.stock" }),
    target: z.object({ kind: z.string(), id: z.string() }),
    before: changes,
    after: changes,
    note: z.string(),
  })
  .meta({ id: "AuditEntry" });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = pageSchema(AuditEntrySchema).meta({ id: "AuditPage" });
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const AuditQuerySchema = z.object({
  action: textParam("action", 100).meta({
    description: "An action (product.stock), or a target kind alone (product) for all of its actions",
  }),
  target_kind: textParam("target_kind", 40),
  target_id: textParam("target_id", ID_MAX),
  actor: textParam("actor", 200).meta({ description: "The actor's user id or e-mail ('cli' for the command line)" }),
  cursor: DatedCursorParam,
  limit: limitParam(ADMIN_LIMIT_MAX, ADMIN_LIMIT_DEFAULT),
});

// -------------------------------------------------------------------------------------- people

export const PersonSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    username: z.string(),
    role: z.enum(ROLES),
    joined: z.string().meta({ format: "date-time" }),
    creator_id: z.string().nullable().meta({ description: "Their creator profile; null when not a creator" }),
  })
  .meta({ id: "Person" });
export type Person = z.infer<typeof PersonSchema>;

export const PeoplePageSchema = pageSchema(PersonSchema).meta({ id: "PeoplePage" });
export type PeoplePage = z.infer<typeof PeoplePageSchema>;

export const PeopleQuerySchema = z.object({
  q: textParam("q", ADMIN_SEARCH_MAX).meta({ description: "Part of the e-mail or username" }),
  role: z.enum(ROLES, { error: ADMIN_MESSAGES.roleInvalid }).optional(),
  cursor: DatedCursorParam,
  limit: limitParam(ADMIN_LIMIT_MAX, ADMIN_LIMIT_DEFAULT),
});

export const UserParamsSchema = z.object({
  userId: z
    .string()
    .min(1)
    .max(ID_MAX, ADMIN_MESSAGES.personNotFound)
    .refine(plainText, ADMIN_MESSAGES.personNotFound)
    .meta({ param: { name: "userId", in: "path" } }),
});

export const RoleChangeSchema = z
  .object({ role: z.enum(ROLES, { error: ADMIN_MESSAGES.roleInvalid }) })
  .meta({ id: "RoleChange" });
export type RoleChange = z.infer<typeof RoleChangeSchema>;
