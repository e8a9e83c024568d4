/**
 * An uploaded image (ImageSchema) as a <picture>: AVIF and WebP <source>s, a JPEG <img> with its
 * srcset, the intrinsic width and height (so the browser reserves the box before a byte arrives)
 * and the ThumbHash placeholder painted behind it until it has loaded. Nothing shifts and no
 * style is written at run time (strict CSP, docs/decisions/0002): the placeholder is an <img> of
 * its own with a data: URL.
 */
import { clsx } from "clsx";
import { useCallback, useState } from "react";
import type { Image } from "../../../common/api/media";
import { placeholderUrl } from "./placeholder";
import { ResponsivePicture } from "./responsive-picture";

export interface ResponsiveImageProps {
  image: Image;
  /** "" for a decorative picture (the text beside it names the thing). */
  alt: string;
  /** The width the picture takes in the layout, for the browser's choice among the variants. */
  sizes: string;
  /**
   * `cover`: fills the box its parent gives (className sizes the frame), cropped to fit.
   * `intrinsic`: as wide as the frame, as tall as the image's own ratio makes it.
   */
  fit?: "cover" | "intrinsic";
  /** Above the fold (a page's cover): fetched at once and first, instead of lazily. */
  priority?: boolean;
  /** Classes of the frame (size, radius, border). */
  className?: string;
  /** Test hook on the frame. */
  testId?: string;
}

export function ResponsiveImage({ image, alt, sizes, fit = "cover", priority = false, className, testId }: ResponsiveImageProps) {
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const loaded = loadedSrc === image.src;
  const placeholder = placeholderUrl(image.placeholder);

  // An image already in the cache may finish before React attaches onLoad: check on mount too.
  const imgRef = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete && img.naturalWidth > 0) setLoadedSrc(image.src);
    },
    [image.src],
  );

  // Painted after the placeholder, so on top of it once decoded.
  const layer = fit === "cover" ? "absolute inset-0 size-full object-cover" : "relative block h-auto w-full";
  return (
    <span
      data-testid={testId}
      data-loaded={loaded || undefined}
      className={clsx("relative block overflow-hidden bg-paper-deep", className)}
    >
      {placeholder && !loaded && (
        <img
          src={placeholder}
          alt=""
          aria-hidden="true"
          data-placeholder=""
          className="absolute inset-0 size-full object-cover"
        />
      )}
      <ResponsivePicture image={image} alt={alt} sizes={sizes} priority={priority} imgRef={imgRef} onLoad={() => setLoadedSrc(image.src)} className={layer} />
    </span>
  );
}
