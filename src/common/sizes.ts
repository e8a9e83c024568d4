/**
 * Clothing sizes (issue 31, docs/decisions/0026). A clothing product is sold in any subset of
 * these, each size with its own stock; everything else has one default variant without a size.
 */
export const SIZES = ["XS", "S", "M", "L", "XL", "XXL"] as const;
export type Size = (typeof SIZES)[number];

export const isSize = (value: unknown): value is Size => typeof value === "string" && (SIZES as readonly string[]).includes(value);

/**
 * A variant's id: the product's id for its default variant (so carts, orders and links made before
 * sizes existed stay valid), `{productId}.{size}` for a size (product ids never hold a dot).
 */
export const variantIdOf = (productId: string, size: Size | null): string => (size === null ? productId : `${productId}.${size.toLowerCase()}`);

/** Sizes in the fixed XS…XXL order. */
export const bySizeOrder = (a: string | null, b: string | null): number => SIZES.indexOf(a as Size) - SIZES.indexOf(b as Size);

/** A line's edition numbers as printed: "7/25", or "7–8/25" for two units. */
export const editionText = (edition: { first: number; last: number; of: number }): string =>
  edition.first === edition.last ? `${edition.first}/${edition.of}` : `${edition.first}–${edition.last}/${edition.of}`;

/** A product's name with the size it is sold in, as a cart line, an order and a refusal name it: "Tee (M)". */
export const titleWithSize = (title: string, size: string | null): string => (size ? `${title} (${size})` : title);

/** An order line as the buyer's order, the e-mails, the invoice and the packing slip print it: "Tee (M)", "Print, No. 7/25". */
export const orderLineText = (line: { name: string; size: string | null; edition: { first: number; last: number; of: number } | null }): string =>
  `${titleWithSize(line.name, line.size)}${line.edition ? `, No. ${editionText(line.edition)}` : ""}`;
