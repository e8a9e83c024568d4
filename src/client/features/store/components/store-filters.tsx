import { useId, type Ref } from "react";
import { FilterPill, FilterSearchBar } from "../../../components/ui/filter-bar";
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
      <FilterSearchBar
        label={SEARCH_LABEL}
        search={search}
        onSearchChange={onSearchChange}
        maxLength={SEARCH_MAX}
        searchRef={searchRef}
        expanded={expanded}
        onExpandedChange={onExpandedChange}
        panelId={panelId}
        hiddenActive={filter.type === "all" ? 0 : 1}
      />

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
                  <FilterPill pressed={pressed} onClick={() => onFilterChange(option.value)}>
                    {option.label}
                  </FilterPill>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </div>
  );
}
