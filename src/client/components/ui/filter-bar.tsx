import { clsx } from "clsx";
import { Search, SlidersHorizontal } from "lucide-react";
import { useId, type ReactNode, type Ref } from "react";

export interface FilterSearchBarProps {
  /** The box's accessible name and placeholder, e.g. 'Search merchandise...'. */
  label: string;
  search: string;
  onSearchChange: (text: string) => void;
  maxLength: number;
  searchRef?: Ref<HTMLInputElement>;
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  /** The id of the panel the toggle shows and hides. */
  panelId: string;
  /** How many filters the collapsed panel holds; shown on the toggle while collapsed. */
  hiddenActive: number;
}

/**
 * A list page's search box beside its 'More Filters'/'Less Filters' toggle (the store and the
 * creators directory share this look and behaviour).
 */
export function FilterSearchBar({
  label,
  search,
  onSearchChange,
  maxLength,
  searchRef,
  expanded,
  onExpandedChange,
  panelId,
  hiddenActive,
}: FilterSearchBarProps) {
  const searchId = useId();
  return (
    <form role="search" onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-3 sm:flex-row">
      <div className="relative flex-1">
        <label htmlFor={searchId} className="sr-only">
          {label}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-ink"
          strokeWidth={2.75}
        />
        <input
          id={searchId}
          ref={searchRef}
          type="search"
          value={search}
          maxLength={maxLength}
          autoComplete="off"
          placeholder={label}
          onChange={(event) => onSearchChange(event.target.value)}
          className="min-h-12 w-full rounded-md border-[3px] border-ink bg-white py-2 pr-3.5 pl-11 text-base text-ink shadow-hard-sm transition-shadow placeholder:text-[#6b6b6b] focus-visible:shadow-hard focus-visible:outline-offset-2"
        />
      </div>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={() => onExpandedChange(!expanded)}
        className={clsx(
          "inline-flex min-h-12 items-center justify-center gap-2 rounded-md border-[3px] border-ink px-4 font-black tracking-wide uppercase shadow-hard-sm",
          "transition-[transform,box-shadow,background-color] duration-100 hover:-translate-y-px hover:shadow-hard active:translate-y-0.5 active:shadow-none",
          expanded ? "bg-yellow" : "bg-white hover:bg-yellow-soft",
        )}
      >
        <SlidersHorizontal aria-hidden="true" className="size-5" strokeWidth={2.75} />
        {expanded ? "Less Filters" : "More Filters"}
        {!expanded && hiddenActive > 0 && (
          <span className="rounded-full border-2 border-ink bg-pink px-1.5 text-xs leading-4">
            {hiddenActive}
            <span className="sr-only"> active</span>
          </span>
        )}
      </button>
    </form>
  );
}

/** A toggle pill of a filter group (aria-pressed): ink when on, white when off. */
export function FilterPill({
  pressed,
  onClick,
  className,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={clsx(
        "min-h-10 rounded-full border-[3px] border-ink px-3.5 py-1 text-left text-sm font-bold",
        "transition-[transform,box-shadow,background-color] duration-100 hover:-translate-y-px",
        pressed ? "bg-ink text-paper shadow-[2px_2px_0_0_#ff3d7f]" : "bg-white text-ink shadow-hard-sm hover:bg-yellow-soft",
        className,
      )}
    >
      {children}
    </button>
  );
}
