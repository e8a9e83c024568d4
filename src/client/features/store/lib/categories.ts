import { Music, Package, Palette, Shirt, Video, type LucideIcon } from "lucide-react";
import type { ProductCategory } from "../types";

/** The icon of each category (spec §3), shown when a product has no image. */
export const CATEGORY_ICONS: Record<ProductCategory, LucideIcon> = {
  clothing: Shirt,
  art: Palette,
  music: Music,
  video: Video,
  other: Package,
};

/** Background behind the icon; every tone keeps ink icons at AA contrast. */
export const CATEGORY_TONES: Record<ProductCategory, string> = {
  clothing: "bg-pink-soft",
  art: "bg-yellow-soft",
  music: "bg-blue-soft",
  video: "bg-teal-soft",
  other: "bg-paper-deep",
};

/** 'art' → 'Art'. */
export function categoryLabel(category: string): string {
  return category ? category[0]!.toUpperCase() + category.slice(1) : category;
}
