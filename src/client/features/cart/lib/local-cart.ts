/**
 * The visitor's cart, kept in local storage under `maybeUserCart` (spec §4, §9) as the cart items
 * of spec §3: id, name, category, price (dollars), quantity, image_url; and, since sizes, the
 * product's id and the size (the id is then the size's line id). Operations are pure, so
 * the rules of spec §4 are tested without a browser.
 */
import { MAX_CART_LINES, MAX_QUANTITY, MIN_QUANTITY } from "../../../../common/cart";
import { createLocalStore } from "../../../lib/local-store";
import { isSize, variantIdOf, type Size } from "../../../../common/sizes";

export const CART_STORAGE_KEY = "maybeUserCart";

export interface LocalCartItem {
  /** The line's id: the size's variant id, or the product's id for goods without sizes. */
  id: string;
  /** The product (absent in carts saved before sizes: the id then is the product's). */
  product_id?: string;
  /** The size chosen; null or absent for goods without sizes. */
  size?: Size | null;
  name: string;
  category: string;
  /** Dollars, as spec §3 stores it; turned into cents with toCents(). */
  price: number;
  quantity: number;
  image_url: string | null;
}

/** What adding needs to know of a product, and of the size chosen. */
export interface CartProduct {
  id: string;
  /** The size, for a product sold in sizes; its stock is then the size's. */
  size: Size | null;
  name: string;
  category: string;
  price_cents: number;
  image_url: string | null;
  stock: number;
}

export const toCents = (dollars: number) => Math.round(dollars * 100);

function isItem(value: unknown): value is LocalCartItem {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === "string" &&
    v.id.length > 0 &&
    typeof v.name === "string" &&
    typeof v.category === "string" &&
    typeof v.price === "number" &&
    Number.isFinite(v.price) &&
    v.price >= 0 &&
    Number.isInteger(v.quantity) &&
    (v.quantity as number) >= MIN_QUANTITY &&
    (v.image_url === null || v.image_url === undefined || typeof v.image_url === "string")
  );
}

/** Reads what was stored; anything that is not a list of cart items is refused as a whole. */
export function parseLocalCart(raw: unknown): LocalCartItem[] {
  if (!Array.isArray(raw)) throw new Error("the saved cart is not a list");
  if (!raw.every(isItem)) throw new Error("the saved cart holds an item that is not a cart item");
  return raw.slice(0, MAX_CART_LINES).map((item) => ({
    id: item.id,
    product_id: typeof item.product_id === "string" && item.product_id.length > 0 ? item.product_id : item.id,
    size: isSize(item.size) ? item.size : null,
    name: item.name,
    category: item.category,
    price: item.price,
    quantity: Math.min(item.quantity, MAX_QUANTITY),
    image_url: item.image_url ?? null,
  }));
}

const EMPTY: LocalCartItem[] = [];
export const localCart = createLocalStore<LocalCartItem[]>(CART_STORAGE_KEY, EMPTY, parseLocalCart);

/** Spec §4: an existing item gains 1 (never past the stock), otherwise it is added with quantity 1. */
export function addLocalItem(items: readonly LocalCartItem[], product: CartProduct): LocalCartItem[] | "out-of-stock" {
  const id = variantIdOf(product.id, product.size);
  const existing = items.find((item) => item.id === id);
  const next = (existing?.quantity ?? 0) + 1;
  if (product.stock < next) return "out-of-stock";
  if (existing) return items.map((item) => (item === existing ? { ...item, quantity: next } : item));
  const line: LocalCartItem = {
    id,
    product_id: product.id,
    size: product.size,
    name: product.name,
    category: product.category,
    price: product.price_cents / 100,
    quantity: 1,
    image_url: product.image_url,
  };
  return [...items, line];
}

/** Spec §4: update sets the quantity, never below 1. */
export function setLocalQuantity(items: readonly LocalCartItem[], id: string, quantity: number): LocalCartItem[] {
  const q = Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(quantity)));
  return items.map((item) => (item.id === id ? { ...item, quantity: q } : item));
}

export function removeLocalItem(items: readonly LocalCartItem[], id: string): LocalCartItem[] {
  return items.filter((item) => item.id !== id);
}
