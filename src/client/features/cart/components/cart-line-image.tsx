import { clsx } from "clsx";

/** A cart line's picture, or the MAYBE placeholder when the product has none (spec §2). */
export function CartLineImage({ src, className }: { src: string | null; className?: string }) {
  const box = clsx("shrink-0 rounded-md border-2 border-ink", className ?? "size-12");
  if (src) return <img src={src} alt="" width={96} height={96} className={clsx(box, "bg-white object-cover")} />;
  return (
    <span aria-hidden="true" data-testid="cart-placeholder" className={clsx(box, "font-heavy flex items-center justify-center bg-pink text-[0.6rem]")}>
      MAYBE
    </span>
  );
}
