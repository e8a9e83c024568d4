/** The signed-in user's cart (GET /api/me/cart and its item-level writes). */
import { z } from "zod";
import { MAX_CART_LINES, MAX_QUANTITY, MIN_QUANTITY } from "../cart.js";
import { plainText } from "../text.js";
import { SIZES } from "../sizes.js";

/** A cart line: name, category, price and image come from the product. */
export const CartLineSchema = z.object({
  id: z.string().meta({ description: "The line's id: the size's variant (`{product_id}.m`), or the product's id for goods without sizes" }),
  product_id: z.string(),
  size: z.union([z.enum(SIZES), z.null()]).meta({ description: "The size chosen; null for goods without sizes" }),
  name: z.string(),
  category: z.string(),
  price_cents: z.number().int(),
  price: z.string(),
  quantity: z.number().int(),
  stock: z.number().int().meta({ description: "What can still be bought; 0 when sold out or no longer available" }),
  available: z.boolean().meta({
    description: "false once the product is no longer on sale (taken off the site): the line stays until removed, and checkout refuses it",
  }),
  image_url: z.string().nullable(),
});
export type CartLine = z.infer<typeof CartLineSchema>;

/** The lines and their totals in cents (summarizeCart in ../cart.ts computes them). */
export const CartSchema = z
  .object({
    items: z.array(CartLineSchema),
    count: z.number().int().meta({ description: "Sum of quantities; lines no longer available count for nothing here and in the totals" }),
    subtotal_cents: z.number().int(),
    shipping_cents: z.number().int().meta({ description: "Flat $5.99 when the cart holds anything, else 0" }),
    total_cents: z.number().int().meta({ description: "subtotal_cents + shipping_cents" }),
  })
  .meta({ id: "Cart" });
export type Cart = z.infer<typeof CartSchema>;

// ------------------------------------------------------------------------------ request bodies

const ProductIdSchema = z
  .string({ error: "Choose a product" })
  .min(1, "Choose a product")
  .max(200, "Choose a product")
  .refine(plainText, "Choose a product");

const QuantitySchema = z
  .number({ error: "Quantity must be a whole number" })
  .int("Quantity must be a whole number")
  .min(MIN_QUANTITY, `Quantity must be at least ${MIN_QUANTITY}`)
  .max(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY}`);

const SizeSchema = z
  .enum(SIZES, { error: "Choose a size" })
  .optional()
  .meta({ description: "The size, for a product sold in sizes (required for one); absent for goods without sizes" });

export const CartLineParamsSchema = z.object({
  lineId: ProductIdSchema.meta({ description: "The line's id (CartLine.id)" }),
});
export const AddCartItemSchema = z.object({ product_id: ProductIdSchema, size: SizeSchema });
export const SetCartQuantitySchema = z.object({ quantity: QuantitySchema });
export const MergeCartSchema = z.object({
  items: z
    .array(z.object({ product_id: ProductIdSchema, size: SizeSchema, quantity: QuantitySchema }))
    .max(MAX_CART_LINES, `A cart holds at most ${MAX_CART_LINES} lines`),
});
