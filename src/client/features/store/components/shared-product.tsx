/**
 * A shared product link (`/store?productId=…`) opened by someone who may not shop yet: the
 * product itself (picture, name, creator, price, what is left) above the gated store, with
 * 'Subscribe to Shop', which brings them back to this product once they have an account. The
 * server renders it for visitors, so it shows without JavaScript too; the spec's gate stays below.
 */
import { useId } from "react";
import { Link } from "react-router";
import { creatorPath } from "../../../config/paths";
import type { Product } from "../types";
import { GateActions, type StoreGateProps } from "./store-gate";
import { DropTime, useDropAhead } from "../../../components/ui/drop-time";
import { ProductImage } from "./product-image";

export interface SharedProductProps {
  product: Product;
  /** The gate's own way in, with the same return to this product. */
  gate: StoreGateProps;
}

export function SharedProduct({ product, gate }: SharedProductProps) {
  const titleId = useId();
  const dropAhead = useDropAhead(product.drops_at);
  return (
    <section aria-labelledby={titleId} className="mx-auto w-full max-w-6xl px-4 pb-12 sm:px-6">
      <div className="grid gap-5 rounded-xl border-[3px] border-ink bg-white p-4 shadow-hard-lg sm:grid-cols-[15rem_1fr] sm:gap-8 sm:p-7">
        <div className="max-w-40 overflow-hidden rounded-lg border-[3px] border-ink sm:max-w-none">
          <ProductImage product={product} eager />
        </div>
        <div className="flex min-w-0 flex-col gap-3">
          <h2 id={titleId} className="font-heavy text-3xl leading-tight break-words sm:text-4xl">
            {product.name}
          </h2>
          {product.creator && (
            <p className="font-bold">
              by{" "}
              <Link to={creatorPath(product.creator.id)} className="link-ink">
                {product.creator.artist_name}
              </Link>
            </p>
          )}
          <p className="max-w-2xl text-base leading-relaxed sm:text-lg">{product.description}</p>
          <p className="font-heavy text-3xl">
            {product.price}
            {dropAhead && product.drops_at ? (
              <DropTime at={product.drops_at} className="ml-4 text-lg" />
            ) : (
              product.stock_count <= 0 && <span className="ml-4 text-lg text-danger">Sold Out</span>
            )}
          </p>
          <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
            <GateActions {...gate} />
          </div>
        </div>
      </div>
    </section>
  );
}
