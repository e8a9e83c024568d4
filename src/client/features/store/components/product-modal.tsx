import { Heart, ShoppingCart, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { ReportButton } from "../../../components/report/report-button";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Notice, type NoticeMessage } from "../../../components/ui/notice";
import { creatorPath } from "../../../config/paths";
import { CATEGORY_ICONS, categoryLabel } from "../lib/categories";
import type { Product } from "../types";
import { DropTime, useDropAhead } from "../../../components/ui/drop-time";
import { ProductGallery } from "./product-gallery";
import { DROP_TEXT } from "../../../../common/drops";
import type { Size } from "../../../../common/sizes";
import { useRef, useState } from "react";
import { SizePicker } from "./size-picker";
import { NotifyMe } from "./notify-me";

export interface ProductModalProps {
  /** The product shown; the modal is open while there is one. */
  product: Product | null;
  onClose: () => void;
  isFavorite: boolean;
  /** How many of a cart line (a size's variant, or the product) the cart holds already. */
  inCart: (lineId: string) => number;
  /** The size chosen (the page keeps it in `&size=`, so a shared link can name one). */
  size: Size | null;
  onChooseSize: (size: Size) => void;
  adding: boolean;
  onAddToCart: (product: Product, size: Size | null) => void;
  onToggleFavorite: (product: Product) => void;
  /** The page's notice: shown inside the dialog while it is open, since the page is inert then. */
  notice: NoticeMessage | null;
  /** The signed-in account, for 'Notify me' on what is sold out or not yet open. */
  uid: string | null;
}

/**
 * The product modal of spec §2 Store on the native <dialog> (focus trap, Escape, inert page). It
 * opens for signed-in subscribers only, so each may also report the product.
 */
export function ProductModal({ product, onClose, notice, ...details }: ProductModalProps) {
  return (
    <Dialog
      open={product !== null}
      onClose={onClose}
      title={product?.name ?? ""}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto! sm:w-[min(52rem,calc(100vw-2rem))]"
    >
      {product && <ProductDetails key={product.id} product={product} {...details} />}
      <Notice message={notice} />
    </Dialog>
  );
}

type DetailsProps = Omit<ProductModalProps, "product" | "onClose" | "notice"> & { product: Product };

function ProductDetails({ product, isFavorite, inCart, size, onChooseSize, adding, onAddToCart, onToggleFavorite, uid }: DetailsProps) {
  const dropAhead = useDropAhead(product.drops_at);
  const sized = product.variants.some((v) => v.size !== null);
  const variant = sized ? product.variants.find((v) => v.size === size) : product.variants[0];
  /** What is left of the size chosen, or of the whole product before one is chosen. */
  const left = variant ? variant.stock : product.stock_count;
  const soldOut = !dropAhead && left <= 0;
  // Every unit left is in the cart already: say so, rather than invite a click the server refuses.
  const allInCart = !dropAhead && !soldOut && variant !== undefined && inCart(variant.id) >= left;
  const [needSize, setNeedSize] = useState(false);
  const pickerRef = useRef<HTMLFieldSetElement>(null);
  const CategoryIcon = CATEGORY_ICONS[product.category] ?? CATEGORY_ICONS.other;
  return (
    <div className="grid gap-6 sm:grid-cols-[minmax(0,15rem)_1fr] sm:gap-8">
      <div className="mx-auto w-full max-w-44 sm:max-w-none sm:self-start">
        <ProductGallery product={product} />
      </div>

      <div className="flex min-w-0 flex-col gap-4">
        <ul aria-label="Details" className="flex flex-wrap gap-2">
          <li className="inline-flex items-center gap-1.5 rounded-full border-2 border-ink bg-white px-3 py-0.5 text-sm font-bold">
            <CategoryIcon aria-hidden="true" className="size-4" strokeWidth={2.5} />
            {categoryLabel(product.category)}
          </li>
          {product.limited_edition && (
            <li className="inline-flex -rotate-2 items-center gap-1.5 rounded-sm border-2 border-ink bg-yellow px-2.5 py-0.5 text-sm font-black tracking-wide uppercase shadow-hard-sm">
              <Sparkles aria-hidden="true" className="size-4" strokeWidth={2.5} />
              Limited Edition
            </li>
          )}
          {product.edition_size !== null && (
            <li className="inline-flex items-center rounded-full border-2 border-ink bg-white px-3 py-0.5 text-sm font-bold">
              {`Edition of ${product.edition_size}`}
            </li>
          )}
          {product.limit_per_buyer !== null && (
            <li className="inline-flex items-center rounded-full border-2 border-ink bg-white px-3 py-0.5 text-sm font-bold">
              {DROP_TEXT.limit(product.limit_per_buyer)}
            </li>
          )}
        </ul>

        {product.creator && (
          <p className="text-base font-bold">
            by{" "}
            <Link to={creatorPath(product.creator.id)} className="link-ink">
              {product.creator.artist_name}
            </Link>
          </p>
        )}
        <p className="text-base leading-relaxed sm:text-lg">{product.description}</p>
        {product.stories.length > 0 && (
          <p className="text-sm text-muted">
            {product.stories.length === 1 ? "From the story " : "From the stories "}
            {product.stories.map((story, index) => (
              <span key={story.id}>
                {index > 0 && (index === product.stories.length - 1 ? " and " : ", ")}
                <strong className="font-bold text-ink">{story.title}</strong>
              </span>
            ))}
          </p>
        )}

        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-t-[3px] border-ink pt-4">
          <p className="font-heavy text-3xl">{product.price}</p>
          <p className={soldOut ? "font-black text-danger" : "font-bold text-muted"}>
            {soldOut ? (sized && size ? `${size} is sold out` : "Out of stock") : `${left} available${sized && size ? ` in ${size}` : ""}`}
          </p>
        </div>

        {sized && (
          <SizePicker
            ref={pickerRef}
            productId={product.id}
            variants={product.variants}
            size={size}
            needSize={needSize}
            onChoose={(chosen) => {
              setNeedSize(false);
              onChooseSize(chosen);
            }}
          />
        )}

        <div className="flex flex-col gap-3">
          {dropAhead && product.drops_at ? (
            // Not yet for sale: the time it opens, where the add button will be.
            <Button block className="min-h-13 sm:text-lg" disabled>
              <DropTime at={product.drops_at} />
            </Button>
          ) : soldOut ? (
            <Button block className="min-h-13 sm:text-lg" disabled>
              Sold Out
            </Button>
          ) : allInCart ? (
            <Button block className="min-h-13 sm:text-lg" disabled>
              {`All ${product.stock_count} left ${product.stock_count === 1 ? "is" : "are"} in your cart`}
            </Button>
          ) : (
            <Button
              block
              className="min-h-13 sm:text-lg"
              aria-busy={adding || undefined}
              onClick={() => {
                if (adding) return;
                if (sized && !size) {
                  // A size first: said beside the sizes, and the focus goes to them.
                  setNeedSize(true);
                  pickerRef.current?.querySelector("input")?.focus();
                  return;
                }
                onAddToCart(product, sized ? size : null);
              }}
            >
              <ShoppingCart aria-hidden="true" className="size-5" strokeWidth={2.75} />
              {`Add to Cart - ${product.price}`}
            </Button>
          )}
          {uid && (dropAhead || (soldOut && (!sized || size))) && <NotifyMe uid={uid} productId={product.id} size={sized ? size : null} opening={dropAhead} />}
          <Button block variant="secondary" onClick={() => onToggleFavorite(product)}>
            <Heart
              aria-hidden="true"
              className={isFavorite ? "size-5 fill-pink text-ink" : "size-5"}
              strokeWidth={2.75}
            />
            {isFavorite ? "Remove from Favorites" : "Add to Favorites"}
          </Button>
          <ReportButton kind="product" itemId={product.id} itemName={product.name} className="self-end" />
        </div>
      </div>
    </div>
  );
}
