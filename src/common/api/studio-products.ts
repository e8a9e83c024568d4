/**
 * A creator's products in the studio (/api/studio/products, issue 31, docs/decisions/0025): the
 * product form's schema, shared by the form and the server so both give the same messages, and the
 * studio's answer, which shows drafts and what the public sees.
 */
import { z } from "zod";
import { hasControlCharacters } from "../text.js";
import { PRODUCT_CATEGORIES, PRODUCT_KINDS, ProductVariantSchema, StoryRefSchema } from "./catalog.js";
import { SIZES } from "../sizes.js";
import { ImageSchema } from "./media.js";
import { ID_MAX } from "./params.js";

export const PRODUCT_TITLE_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 2_000;
/** $10,000. */
export const PRODUCT_PRICE_MAX_CENTS = 1_000_000;
export const PRODUCT_STOCK_MAX = 100_000;
export const PRODUCT_LIMIT_MAX = 100;
export const PRODUCT_EDITION_MAX = 10_000;
// Zod-free, for the form's pictures and stories (common/products.ts); re-exported here.
import { PRODUCT_IMAGES_MAX, PRODUCT_STORIES_MAX } from "../products.js";
export { PRODUCT_IMAGES_MAX, PRODUCT_STORIES_MAX };
/** Archived: off the site for good (orders keep it); restoring it makes it a draft again. */
export const PRODUCT_STATUSES = ["draft", "published", "archived"] as const;

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
  storiesTooMany: `A product can belong to at most ${PRODUCT_STORIES_MAX} stories`,
  storiesRepeated: "Each story can be picked once",
  imagesTooMany: `A product can have at most ${PRODUCT_IMAGES_MAX} pictures`,
  imagesRepeated: "Each picture can be shown once",
  imageUnknown: "Please upload that picture again",
  sizesRequired: "Pick at least one size",
  sizesRepeated: "Each size can be listed once",
  sizesClothingOnly: "Only clothing comes in sizes",
  edition: `An edition is a whole number from 1 to ${PRODUCT_EDITION_MAX.toLocaleString("en-US")}, or none`,
  editionArtOnly: "Only art can be a numbered edition",
  editionFull: "An edition cannot have more in stock than its numbers left",
  belowZero: "That would take the stock below 0. Nothing was changed.",
  notFound: "We could not find that product.",
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

const stock = z.number({ error: M.stock }).int(M.stock).min(0, M.stock).max(PRODUCT_STOCK_MAX, M.stock);
const unique = (values: readonly string[]) => new Set(values).size === values.length;

/** What the product form and a save share. The kind follows the category: clothing is merch. */
const productForm = z.object({
  category: z.enum(PRODUCT_CATEGORIES, { error: M.categoryRequired }),
  title: line(M.titleRequired, PRODUCT_TITLE_MAX, M.titleTooLong),
  description: line(M.descriptionRequired, PRODUCT_DESCRIPTION_MAX, M.descriptionTooLong, true),
  price_cents: z.number({ error: M.price }).int(M.price).min(1, M.price).max(PRODUCT_PRICE_MAX_CENTS, M.price).meta({ description: "1 to 1,000,000 ($10,000)" }),
  limited_edition: z.boolean().default(false).meta({ description: "Shows the spec's 'Limited Edition' marker" }),
  story_ids: z
    .array(z.string().min(1, M.storyUnknown).max(ID_MAX, M.storyUnknown))
    .max(PRODUCT_STORIES_MAX, M.storiesTooMany)
    .refine(unique, M.storiesRepeated)
    .default([])
    .meta({ description: "Stories on the site it belongs to, lead story first (the store's 'Filter by Story'); empty for none" }),
  image_ids: z
    .array(z.string().min(1, M.imageUnknown).max(ID_MAX, M.imageUnknown))
    .max(PRODUCT_IMAGES_MAX, M.imagesTooMany)
    .refine(unique, M.imagesRepeated)
    .default([])
    .meta({ description: "Images the seller uploaded (POST /api/studio/media), in the order shown; the first is the cover" }),
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

/** Clothing needs a size; only art is a numbered edition. */
function checkKind(form: { category: string; sizes: readonly unknown[]; edition_size?: number | null; stock?: number }, ctx: z.RefinementCtx) {
  if (form.category === "clothing" && form.sizes.length === 0) ctx.addIssue({ code: "custom", path: ["sizes"], message: M.sizesRequired });
  if (form.category !== "clothing" && form.sizes.length > 0) ctx.addIssue({ code: "custom", path: ["sizes"], message: M.sizesClothingOnly });
  if (form.edition_size != null && form.category !== "art") ctx.addIssue({ code: "custom", path: ["edition_size"], message: M.editionArtOnly });
  if (form.edition_size != null && form.stock !== undefined && form.stock > form.edition_size) {
    ctx.addIssue({ code: "custom", path: ["stock"], message: M.editionFull });
  }
}

/**
 * The product form (POST /api/studio/products): clothing with its sizes and each size's first
 * stock, anything else with one stock; an art edition's stock is its size.
 */
export const ProductDraftSchema = productForm
  .extend({
    stock: stock.default(0).meta({ description: "The first stock of a product without sizes; an edition's is at most its size" }),
    sizes: z
      .array(z.object({ size: z.enum(SIZES, { error: M.sizesRequired }), stock }))
      .max(SIZES.length, M.sizesRequired)
      .refine((list) => unique(list.map((s) => s.size)), M.sizesRepeated)
      .default([])
      .meta({ description: "Clothing: each size on offer (any of XS…XXL) with its first stock; empty for anything else" }),
    edition_size: z
      .number({ error: M.edition })
      .int(M.edition)
      .min(1, M.edition)
      .max(PRODUCT_EDITION_MAX, M.edition)
      .nullish()
      .transform((v) => v ?? null)
      .meta({ description: "Art only: a numbered edition of this many (each unit sold gets the next number); set once, when the product is made" }),
  })
  .superRefine(checkKind);
export type ProductDraft = z.output<typeof ProductDraftSchema>;
export type ProductDraftInput = z.input<typeof ProductDraftSchema>;

const version = z.number().int().min(1).meta({ description: "The version the change started from (optimistic concurrency)" });
/**
 * A save: the form without stock and without the edition's size. Stock changes only by
 * adjustments (checkout, cancels, an adjustment with its reason), never by writing a number over
 * what checkouts took meanwhile; a size added starts with none, a size taken away is retired.
 */
export const ProductUpdateSchema = productForm
  .extend({
    sizes: z
      .array(z.enum(SIZES, { error: M.sizesRequired }))
      .max(SIZES.length, M.sizesRequired)
      .refine(unique, M.sizesRepeated)
      .default([])
      .meta({ description: "Clothing: the sizes on offer; a new one starts with no stock, one left out is no longer sold" }),
    version,
  })
  .superRefine(checkKind);
export type ProductUpdate = z.output<typeof ProductUpdateSchema>;
export type ProductUpdateInput = z.input<typeof ProductUpdateSchema>;
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
    stock: z.number().int().meta({ description: "The total over its sizes" }),
    variants: z.array(ProductVariantSchema).meta({ description: "Its sizes on offer with their stock, or its one default variant" }),
    edition_size: z.union([z.number().int(), z.null()]),
    editions_numbered: z.number().int().meta({ description: "Edition numbers handed out so far (the last one sold)" }),
    limited_edition: z.boolean(),
    stories: z.array(StoryRefSchema).meta({ description: "The stories it belongs to, lead story first" }),
    images: z.array(ImageSchema).meta({ description: "Its pictures in the order shown; the first is the cover" }),
    drops_at: z.union([z.string().meta({ format: "date-time" }), z.null()]),
    limit_per_buyer: z.union([z.number().int(), z.null()]),
    hidden: z.boolean().meta({ description: "A curator keeps it off the site" }),
    created_at: z.string().meta({ format: "date-time" }),
    updated_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "StudioProduct" });
export type StudioProduct = z.infer<typeof StudioProductSchema>;

export const StudioProductListSchema = z.object({ items: z.array(StudioProductSchema) }).meta({ id: "StudioProductList" });
