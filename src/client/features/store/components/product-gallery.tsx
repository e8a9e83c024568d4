/**
 * The product modal's pictures: the one shown large, and, when there are several uploads, a row
 * of thumbnails to switch between them (buttons, so a keyboard and a screen reader reach each;
 * the one shown is `aria-current`). A product without uploads shows its one picture.
 */
import { clsx } from "clsx";
import { useState } from "react";
import { ResponsivePicture } from "../../../components/media/responsive-picture";
import type { Product } from "../types";
import { ProductImage } from "./product-image";

export function ProductGallery({ product }: { product: Pick<Product, "image_url" | "category" | "images" | "name"> }) {
  const [shown, setShown] = useState(0);
  const { images } = product;
  const current = images[shown];
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-lg border-[3px] border-ink shadow-hard-sm">
        {current && images.length > 1 ? (
          <ResponsivePicture
            key={current.id}
            image={current}
            alt={`${product.name}, picture ${shown + 1} of ${images.length}`}
            sizes="(min-width: 640px) 15rem, 11rem"
            priority={shown === 0}
            className="block aspect-[4/5] h-auto w-full bg-paper-deep object-cover"
          />
        ) : (
          <ProductImage product={product} eager sizes="(min-width: 640px) 15rem, 11rem" />
        )}
      </div>
      {images.length > 1 && (
        <ul aria-label="Pictures" className="grid grid-cols-5 gap-1.5">
          {images.map((image, index) => (
            <li key={image.id}>
              <button
                type="button"
                aria-label={`Show picture ${index + 1} of ${images.length}`}
                aria-current={index === shown || undefined}
                onClick={() => setShown(index)}
                className={clsx(
                  "block w-full overflow-hidden rounded-md border-2",
                  index === shown ? "border-ink shadow-hard-sm" : "border-ink/30 hover:border-ink",
                )}
              >
                <ResponsivePicture image={image} alt="" sizes="3rem" className="block aspect-square h-auto w-full bg-paper-deep object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
