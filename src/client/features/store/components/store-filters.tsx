import { clsx } from "clsx";
import { Search, SlidersHorizontal } from "lucide-react";
import { useId, type Ref } from "react";
import { categoryLabel } from "../lib/categories";
import type { ProductCategory, ProductFacets } from "../types";

export const SEARCH_MAX = 100;
export const SEARCH_LABEL = "Search merchandise...";

/** The one active 'Filter by Story' button. */
export type StoreFilter =
  | { type: "all" }
  | { type: "category"; category: ProductCategory }
  | { type: "story"; id: string };

export const ALL_ITEMS: StoreFilter = { type: "all" };

function sameFilter(a: StoreFilter, b: StoreFilter): boolean {
  if (a.type === "category" && b.type === "category") return a.category === b.category;
  if (a.type === "story" && b.type === "story") return a.id === b.id;
  return a.type === b.type;
}

export interface StoreFiltersProps {
  search: string;
  onSearchChange: (text: string) => void;
  searchRef?: Ref<HTMLInputElement>;
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  facets: ProductFacets | undefined;
  filter: StoreFilter;
  onFilterChange: (filter: StoreFilter) => void;
}

/** Search box, the 'More Filters' toggle and the 'Filter by Story' buttons (spec §2 Store). */
export function StoreFilters({
  search,
  onSearchChange,
  searchRef,
  expanded,
  onExpandedChange,
  facets,
  filter,
  onFilterChange,
}: StoreFiltersProps) {
  const searchId = useId();
  const panelId = useId();
  const groupLabelId = useId();
  const options: { key: string; label: string; value: StoreFilter }[] = [
    { key: "all", label: "All Items", value: ALL_ITEMS },
    ...(facets?.categories ?? []).map((category) => ({
      key: `category:${category}`,
      label: categoryLabel(category),
      value: { type: "category", category } as const,
    })),
    ...(facets?.stories ?? []).map((story) => ({
      key: `story:${story.id}`,
      label: story.title,
      value: { type: "story", id: story.id } as const,
    })),
  ];

  return (
    <div className="flex flex-col gap-4">
      <form role="search" onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <label htmlFor={searchId} className="sr-only">
            {SEARCH_LABEL}
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
            maxLength={SEARCH_MAX}
            autoComplete="off"
            placeholder={SEARCH_LABEL}
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
          {!expanded && filter.type !== "all" && (
            <span className="rounded-full border-2 border-ink bg-pink px-1.5 text-xs leading-4">1</span>
          )}
        </button>
      </form>

      <div
        id={panelId}
        hidden={!expanded}
        className="animate-pop rounded-lg border-[3px] border-ink bg-paper-deep p-4 shadow-hard-sm"
      >
        <div role="group" aria-labelledby={groupLabelId} className="flex flex-col gap-3">
          <p id={groupLabelId} className="text-sm font-black tracking-wider uppercase">
            Filter by Story
          </p>
          <ul className="flex flex-wrap gap-2">
            {options.map((option) => {
              const pressed = sameFilter(option.value, filter);
              return (
                <li key={option.key}>
                  <button
                    type="button"
                    aria-pressed={pressed}
                    onClick={() => onFilterChange(option.value)}
                    className={clsx(
                      "min-h-10 rounded-full border-[3px] border-ink px-3.5 py-1 text-left text-sm font-bold",
                      "transition-[transform,box-shadow,background-color] duration-100 hover:-translate-y-px",
                      pressed ? "bg-ink text-paper shadow-[2px_2px_0_0_#ff3d7f]" : "bg-white text-ink shadow-hard-sm hover:bg-yellow-soft",
                    )}
                  >
                    {option.label}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </div>
  );
}
