import { clsx } from "clsx";
import { PackageSearch } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { staggerClass } from "../../../components/ui/stagger";
import { categoryLabel } from "../lib/categories";
import type { Product } from "../types";
import { ProductImage, StockBadge } from "./product-image";

export interface ProductGridProps {
  /** Pages as loaded; the stagger restarts on each page so a new page does not wait long. */
  pages: Product[][];
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onOpen: (product: Product, trigger: HTMLElement) => void;
}

export function ProductGrid({ pages, loading, hasMore, loadingMore, onLoadMore, onOpen }: ProductGridProps) {
  if (loading) {
    return (
      <ul aria-hidden="true" className={GRID}>
        {Array.from({ length: 4 }, (_, i) => (
          <li
            key={i}
            className="aspect-[4/6] animate-pulse rounded-xl border-[3px] border-ink/30 bg-white motion-reduce:animate-none"
          />
        ))}
      </ul>
    );
  }

  const count = pages.reduce((n, page) => n + page.length, 0);
  if (count === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border-[3px] border-dashed border-ink bg-white px-6 py-14 text-center">
        <PackageSearch aria-hidden="true" className="size-10" strokeWidth={2.25} />
        <p className="font-heavy text-2xl">No items found</p>
        <p className="text-muted">Try another search word or filter.</p>
      </div>
    );
  }

  return (
    <div className="flex flex-col items-center gap-8">
      <ul className={GRID}>
        {pages.flatMap((page) =>
          page.map((product, i) => <ProductCard key={product.id} product={product} index={i} onOpen={onOpen} />),
        )}
      </ul>
      {hasMore && (
        <Button variant="secondary" size="lg" onClick={onLoadMore} aria-disabled={loadingMore || undefined}>
          {loadingMore ? "Loading..." : "Load more"}
        </Button>
      )}
    </div>
  );
}

const GRID = "grid w-full grid-cols-1 gap-5 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4";

interface ProductCardProps {
  product: Product;
  /** Position within its page: the entry animation waits index × 0.1 s. */
  index: number;
  onOpen: (product: Product, trigger: HTMLElement) => void;
}

function ProductCard({ product, index, onOpen }: ProductCardProps) {
  return (
    <li
      className={clsx(staggerClass(index), "motion-safe:animate-card-in")}
      data-testid="product-card"
    >
      <button
        type="button"
        onClick={(event) => onOpen(product, event.currentTarget)}
        className={clsx(
          "group flex h-full w-full flex-col overflow-hidden rounded-xl border-[3px] border-ink bg-white text-left shadow-hard",
          "transition-[transform,box-shadow] duration-100 hover:-translate-y-1 hover:shadow-hard-lg active:translate-y-0.5 active:shadow-hard-sm",
        )}
      >
        <span className="relative block border-b-[3px] border-ink">
          <ProductImage product={product} />
          <StockBadge product={product} className="absolute top-3 right-3" />
        </span>
        <span className="flex flex-1 flex-col gap-2 p-4">
          <span className="text-xs font-black tracking-wider text-muted uppercase">{categoryLabel(product.category)}</span>
          <span className="font-heavy text-xl break-words">{product.title}</span>
          <span className="mt-auto pt-1 font-heavy text-xl text-pink-dark">{product.price}</span>
        </span>
      </button>
    </li>
  );
}
