/**
 * The product form's values (strings, as the inputs hold them) and their way to the API: dollars
 * to cents, the drop time from the viewer's local time to ISO, the sizes ticked with their first
 * stock. The resolver loads the shared schema after the page (lib/lazy-resolver.ts) and puts each
 * message on the field that shows it; the server answers with the same messages.
 */
import type { FieldErrors, Resolver } from "react-hook-form";
import type { Image } from "../../../../common/api/media";
import type { ProductDraftInput, ProductUpdateInput, StudioProduct } from "../../../../common/api/studio-products";
import { SIZES, type Size } from "../../../../common/sizes";
import { lazyResolver } from "../../../lib/lazy-resolver";

export interface ProductFormValues {
  category: string;
  title: string;
  description: string;
  /** Dollars, e.g. "32.00". */
  price: string;
  /** The first stock of a product without sizes (a new product only). */
  stock: string;
  /** Each size: ticked, and its first stock (a new product only). */
  sizes: Record<Size, { on: boolean; stock: string }>;
  /** An art edition's size, "" for none (a new product only). */
  edition: string;
  /** The stories ticked, in the order ticked (the first is the lead story). */
  story_ids: string[];
  /** The pictures in the order shown; the first is the cover. */
  images: Image[];
  /** The drop time in the viewer's zone (datetime-local), "" for on sale when published. */
  drops_at: string;
  /** Per person, "" for no limit. */
  limit: string;
  limited_edition: boolean;
}

/** The fields in the form's order: the first with a message takes focus. */
export const PRODUCT_FIELDS = ["category", "title", "description", "price", "images", "sizes", "stock", "edition", "story_ids", "drops_at", "limit"] as const;
type FormField = (typeof PRODUCT_FIELDS)[number];

/** Where an API field's message shows in the form. */
const FORM_FIELD: Record<string, FormField> = {
  category: "category",
  title: "title",
  description: "description",
  price_cents: "price",
  stock: "stock",
  sizes: "sizes",
  edition_size: "edition",
  story_ids: "story_ids",
  image_ids: "images",
  drops_at: "drops_at",
  limit_per_buyer: "limit",
};

export function formFieldErrors(fields: Record<string, string>): Partial<Record<FormField, string>> {
  const out: Partial<Record<FormField, string>> = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = FORM_FIELD[key.split(".")[0]!];
    if (field && !out[field]) out[field] = message;
  }
  return out;
}

const noSizes = () => Object.fromEntries(SIZES.map((size) => [size, { on: false, stock: "0" }])) as ProductFormValues["sizes"];

export const EMPTY_PRODUCT: ProductFormValues = {
  category: "",
  title: "",
  description: "",
  price: "",
  stock: "0",
  sizes: noSizes(),
  edition: "",
  story_ids: [],
  images: [],
  drops_at: "",
  limit: "",
  limited_edition: false,
};

/** An ISO time as a datetime-local value in the viewer's zone. */
function localInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function productFormValues(product: StudioProduct): ProductFormValues {
  const sizes = noSizes();
  for (const v of product.variants) if (v.size) sizes[v.size] = { on: true, stock: String(v.stock) };
  return {
    category: product.category,
    title: product.title,
    description: product.description,
    price: (product.price_cents / 100).toFixed(2),
    stock: String(product.stock),
    sizes,
    edition: product.edition_size === null ? "" : String(product.edition_size),
    story_ids: product.stories.map((story) => story.id),
    images: product.images,
    drops_at: localInput(product.drops_at),
    limit: product.limit_per_buyer === null ? "" : String(product.limit_per_buyer),
    limited_edition: product.limited_edition,
  };
}

/** A number typed, or NaN (the schema's message then says what is wanted). */
const whole = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));
const optional = (text: string) => (text.trim() === "" ? null : Number(text));
const cents = (text: string) => (text.trim() === "" ? Number.NaN : Math.round(Number(text.replace(/[$,\s]/g, "")) * 100));

function common(values: ProductFormValues) {
  const dropsAt = values.drops_at ? new Date(values.drops_at) : null;
  return {
    category: values.category as ProductDraftInput["category"],
    title: values.title,
    description: values.description,
    price_cents: cents(values.price),
    limited_edition: values.limited_edition,
    story_ids: values.story_ids,
    image_ids: values.images.map((image) => image.id),
    // An unreadable time goes as typed: the schema names it.
    drops_at: dropsAt === null ? null : Number.isNaN(dropsAt.getTime()) ? values.drops_at : dropsAt.toISOString(),
    limit_per_buyer: optional(values.limit),
  };
}

const ticked = (values: ProductFormValues) => (values.category === "clothing" ? SIZES.filter((size) => values.sizes[size].on) : []);

/** A new product as the API takes it. */
export function toDraft(values: ProductFormValues): ProductDraftInput {
  return {
    ...common(values),
    stock: values.category === "clothing" ? 0 : whole(values.stock),
    sizes: ticked(values).map((size) => ({ size, stock: whole(values.sizes[size].stock) })),
    edition_size: values.category === "art" ? optional(values.edition) : null,
  };
}

/** A save as the API takes it: no stock, the sizes by name. */
export function toUpdate(values: ProductFormValues, version: number): ProductUpdateInput {
  return { ...common(values), sizes: ticked(values), version };
}

/** Validates on submit with the API's own schema (loaded lazily), each message on its field. */
export function productResolver(isNew: boolean) {
  return lazyResolver<ProductFormValues, ProductFormValues>(async () => {
    const { ProductDraftSchema, ProductUpdateSchema } = await import("../../../../common/api/studio-products");
    const resolver: Resolver<ProductFormValues, unknown, ProductFormValues> = async (values) => {
      const parsed = isNew ? ProductDraftSchema.safeParse(toDraft(values)) : ProductUpdateSchema.safeParse(toUpdate(values, 1));
      if (parsed.success) return { values, errors: {} };
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.map(String).join(".")] ??= issue.message;
      const errors: FieldErrors<ProductFormValues> = {};
      for (const [field, message] of Object.entries(formFieldErrors(fields))) {
        (errors as Record<string, unknown>)[field] = { type: "validation", message };
      }
      return { values: {}, errors };
    };
    return resolver;
  });
}
