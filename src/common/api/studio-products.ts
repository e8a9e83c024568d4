/**
 * A creator's products in the studio (/api/studio/products, issue 31, docs/decisions/0025): the
 * product form's schema, shared by the form and the server so both give the same messages, and the
 * studio's answer, which shows drafts and what the public sees.
 */
import { z } from "zod";
import { hasControlCharacters } from "../text.js";
import { PRODUCT_CATEGORIES, PRODUCT_KINDS, StoryRefSchema } from "./catalog.js";
import { ID_MAX } from "./params.js";

export const PRODUCT_TITLE_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 2_000;
/** $10,000. */
export const PRODUCT_PRICE_MAX_CENTS = 1_000_000;
export const PRODUCT_STOCK_MAX = 100_000;
export const PRODUCT_LIMIT_MAX = 100;
export const PRODUCT_STATUSES = ["draft", "published"] as const;

export const PRODUCT_MESSAGES = {
  categoryRequired: "Pick a category",
  titleRequired: "Please give the product a name",
  titleTooLong: `The name can be at most ${PRODUCT_TITLE_MAX} characters`,
  descriptionRequired: "Please describe the product",
  descriptionTooLong: `The description can be at most ${PRODUCT_DESCRIPTION_MAX} characters`,
  textInvalid: "Please remove the control characters",
  price: "Enter a price from $0.01 to $10,000",
  stock: `Enter the stock as a whole number from 0 to ${PRODUCT_STOCK_MAX.toLocaleString("en-US")}`,
  limit: `A limit per person is a whole number from 1 to ${PRODUCT_LIMIT_MAX}, or none`,
  dropTime: "Pick a drop time",
  dropTimePassed: "Pick a drop time that is still to come, or publish now",
  storyUnknown: "That story is not on the site",
  notFound: "We could not find that product in your studio.",
  conflict: "This product changed in another tab. Reload to see it.",
} as const;

const M = PRODUCT_MESSAGES;
const line = (required: string, max: number, tooLong: string, allowBreaks = false) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine((v) => !hasControlCharacters(v, allowBreaks), M.textInvalid);

/** The product form (POST /api/studio/products). The kind follows the category: clothing is merch. */
export const ProductDraftSchema = z.object({
  category: z.enum(PRODUCT_CATEGORIES, { error: M.categoryRequired }),
  title: line(M.titleRequired, PRODUCT_TITLE_MAX, M.titleTooLong),
  description: line(M.descriptionRequired, PRODUCT_DESCRIPTION_MAX, M.descriptionTooLong, true),
  price_cents: z.number({ error: M.price }).int(M.price).min(1, M.price).max(PRODUCT_PRICE_MAX_CENTS, M.price).meta({ description: "1 to 1,000,000 ($10,000)" }),
  stock: z.number({ error: M.stock }).int(M.stock).min(0, M.stock).max(PRODUCT_STOCK_MAX, M.stock),
  limited_edition: z.boolean().default(false).meta({ description: "Shows the spec's 'Limited Edition' marker" }),
  story_id: z
    .string()
    .max(ID_MAX, M.storyUnknown)
    .nullish()
    .transform((v) => v || null)
    .meta({ description: "A story on the site it belongs to (the store's 'Filter by Story'); null for none" }),
  drops_at: z
    .string({ error: M.dropTime })
    .refine((v) => !Number.isNaN(Date.parse(v)) && /T/.test(v), M.dropTime)
    .transform((v) => new Date(v).toISOString())
    .nullish()
    .transform((v) => v ?? null)
    .meta({ description: "When a scheduled drop opens (ISO time, in the future once published); null: on sale when published" }),
  limit_per_buyer: z
    .number({ error: M.limit })
    .int(M.limit)
    .min(1, M.limit)
    .max(PRODUCT_LIMIT_MAX, M.limit)
    .nullish()
    .transform((v) => v ?? null),
});
export type ProductDraft = z.output<typeof ProductDraftSchema>;
export type ProductDraftInput = z.input<typeof ProductDraftSchema>;

const version = z.number().int().min(1).meta({ description: "The version the change started from (optimistic concurrency)" });
/**
 * A save: the form without the stock. Stock changes only by adjustments (checkout, cancels, an
 * adjustment with its reason), never by writing a number over what checkouts took meanwhile.
 */
export const ProductUpdateSchema = ProductDraftSchema.omit({ stock: true }).extend({ version });
export type ProductUpdate = z.output<typeof ProductUpdateSchema>;
export const ProductVersionSchema = z.object({ version });

export const StudioProductSchema = z
  .object({
    id: z.string(),
    status: z.enum(PRODUCT_STATUSES),
    version: z.number().int(),
    kind: z.enum(PRODUCT_KINDS),
    category: z.enum(PRODUCT_CATEGORIES),
    title: z.string(),
    description: z.string(),
    price_cents: z.number().int(),
    stock: z.number().int(),
    limited_edition: z.boolean(),
    story: z.union([StoryRefSchema, z.null()]),
    drops_at: z.union([z.string().meta({ format: "date-time" }), z.null()]),
    limit_per_buyer: z.union([z.number().int(), z.null()]),
    hidden: z.boolean().meta({ description: "A curator keeps it off the site" }),
    created_at: z.string().meta({ format: "date-time" }),
    updated_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "StudioProduct" });
export type StudioProduct = z.infer<typeof StudioProductSchema>;

export const StudioProductListSchema = z.object({ items: z.array(StudioProductSchema) }).meta({ id: "StudioProductList" });
