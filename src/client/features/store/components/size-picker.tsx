import { clsx } from "clsx";
import { useId, type Ref } from "react";
import type { Size } from "../../../../common/sizes";
import type { Product } from "../types";

export interface SizePickerProps {
  ref?: Ref<HTMLFieldSetElement>;
  productId: string;
  variants: Product["variants"];
  size: Size | null;
  /** True after an add without a size: the picker says it needs one. */
  needSize: boolean;
  onChoose: (size: Size) => void;
}

/**
 * The sizes of a product sold in sizes, as a radio group (arrow keys move, the browser's own
 * keyboard rules). A sold-out size is crossed out but stays focusable and choosable, so a buyer
 * can see it is gone (and, later, ask to be told when it is back); the add button then says so.
 */
export function SizePicker({ ref, productId, variants, size, needSize, onChoose }: SizePickerProps) {
  const errorId = useId();
  return (
    <fieldset ref={ref} aria-describedby={needSize ? errorId : undefined} className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-black tracking-wide uppercase">Size</legend>
      <div className="flex flex-wrap gap-2">
        {variants.map((variant) => {
          if (variant.size === null) return null;
          const soldOut = variant.stock <= 0;
          const chosen = size === variant.size;
          return (
            <label
              key={variant.id}
              className={clsx(
                "relative inline-flex min-h-11 min-w-12 cursor-pointer items-center justify-center rounded-md border-[3px] border-ink px-3 font-heavy",
                "has-focus-visible:outline-3 has-focus-visible:outline-offset-3 has-focus-visible:outline-blue",
                chosen ? "bg-ink text-paper" : "bg-white text-ink hover:bg-yellow-soft",
                soldOut && "line-through decoration-[3px]",
                soldOut && !chosen && "text-muted",
              )}
            >
              <input
                type="radio"
                name={`size-${productId}`}
                value={variant.size}
                checked={chosen}
                onChange={() => onChoose(variant.size as Size)}
                className="sr-only"
              />
              {variant.size}
              {soldOut && <span className="sr-only"> (sold out)</span>}
            </label>
          );
        })}
      </div>
      {needSize && (
        <p id={errorId} role="alert" className="text-sm font-bold text-danger">
          Choose a size
        </p>
      )}
    </fieldset>
  );
}
