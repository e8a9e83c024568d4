import { clsx } from "clsx";
import { CATEGORY_ICONS, CATEGORY_TONES } from "../lib/categories";
import type { Product } from "../types";
import { DropTime, useDropAhead } from "../../../components/ui/drop-time";
import { ResponsivePicture } from "../../../components/media/responsive-picture";

export interface ProductImageProps {
  product: Pick<Product, "image_url" | "category" | "images">;
  className?: string;
  /**
   * Load at once and first (the first carousel slide, the modal) instead of lazily: the first
   * slide is the store's largest paint, and the browser would otherwise queue it behind scripts.
   */
  eager?: boolean;
  /** The width it takes in the layout, for the browser's choice among an upload's variants. */
  sizes?: string;
}

/**
 * The product picture at a fixed 4:5 ratio (the seed images are 800 × 1000), so nothing moves
 * when it arrives: its cover upload (cropped to the frame) or the picture
 * it came with; the category icon stands in when there is no image. Decorative: the title next
 * to it names the product.
 */
export function ProductImage({ product, className, eager = false, sizes = "(min-width: 640px) 20rem, 90vw" }: ProductImageProps) {
  const cover = product.images[0];
  if (cover) {
    return (
      <ResponsivePicture
        image={cover}
        alt=""
        sizes={sizes}
        priority={eager}
        className={clsx("block aspect-[4/5] h-auto w-full bg-paper-deep object-cover", className)}
      />
    );
  }
  if (product.image_url) {
    return (
      <img
        src={product.image_url}
        alt=""
        width={800}
        height={1000}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : "auto"}
        decoding="async"
        className={clsx("block aspect-[4/5] h-auto w-full bg-paper-deep object-cover", className)}
      />
    );
  }
  const Icon = CATEGORY_ICONS[product.category] ?? CATEGORY_ICONS.other;
  return (
    <span
      aria-hidden="true"
      data-testid="category-icon"
      data-category={product.category}
      className={clsx("flex aspect-[4/5] w-full items-center justify-center", CATEGORY_TONES[product.category], className)}
    >
      <Icon className="size-1/3 text-ink" strokeWidth={1.75} />
    </span>
  );
}

/**
 * 'Sold Out' when stock is 0, else 'Limited' (spec §2 Store); before a scheduled drop opens, its
 * time ('Drops Fri 7 PM').
 */
export function StockBadge({ product, className }: { product: Pick<Product, "stock" | "drops_at">; className?: string }) {
  const dropAhead = useDropAhead(product.drops_at);
  const soldOut = !dropAhead && product.stock <= 0;
  return (
    <span
      className={clsx(
        "inline-flex items-center rounded-sm border-2 border-ink px-2 py-0.5 text-xs font-black tracking-wider uppercase shadow-hard-sm",
        soldOut ? "bg-ink text-paper" : dropAhead ? "bg-pink text-ink" : "bg-yellow text-ink",
        className,
      )}
    >
      {dropAhead && product.drops_at ? <DropTime at={product.drops_at} /> : soldOut ? "Sold Out" : "Limited"}
    </span>
  );
}
