/**
 * An uploaded image (ImageSchema) as a bare <picture>: AVIF and WebP <source>s and a JPEG <img>
 * with its srcset, sizes and intrinsic width and height, so the browser reserves the box before a
 * byte arrives. ResponsiveImage adds the ThumbHash placeholder; the store shows this alone on its
 * own paper-coloured 4:5 frames, which keeps the ThumbHash decoder out of its first load.
 */
import type { Ref } from "react";
import type { Image } from "../../../common/api/media";

export interface ResponsivePictureProps {
  image: Image;
  /** "" for a decorative picture (the text beside it names the thing). */
  alt: string;
  /** The width the picture takes in the layout, for the browser's choice among the variants. */
  sizes: string;
  /** Above the fold: fetched at once and first, instead of lazily. */
  priority?: boolean;
  /** Classes of the <img>. */
  className?: string;
  imgRef?: Ref<HTMLImageElement>;
  onLoad?: () => void;
}

export function ResponsivePicture({ image, alt, sizes, priority = false, className, imgRef, onLoad }: ResponsivePictureProps) {
  return (
    <picture className="contents">
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        ref={imgRef}
        src={image.src}
        srcSet={image.srcset || undefined}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding="async"
        onLoad={onLoad}
        className={className}
      />
    </picture>
  );
}
