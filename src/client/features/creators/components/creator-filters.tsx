import { clsx } from "clsx";
import { Search, SlidersHorizontal, X } from "lucide-react";
import { useId } from "react";
import { disciplineLabel, type ArtDiscipline } from "../../../../common/creator-schemas";
import { SelectField } from "../../../components/ui/field";
import { artTypeBadges, SEARCH_MAX, storyOptions, withCurrent, type DirectoryFilters } from "../lib/directory";
import type { CreatorFacets } from "../types";

export const SEARCH_LABEL = "Search creators...";

export interface CreatorFiltersProps {
  /** What the search box shows (the URL follows it after a pause). */
  search: string;
  onSearchChange: (text: string) => void;
  filters: DirectoryFilters;
  onChange: (change: Partial<DirectoryFilters>) => void;
  onClearAll: () => void;
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  facets: CreatorFacets | undefined;
}

const PILL = "min-h-10 rounded-full border-[3px] border-ink px-3.5 py-1 text-left text-sm font-bold transition-[transform,box-shadow,background-color] duration-100 hover:-translate-y-px";
const PILL_ON = "bg-ink text-paper shadow-[2px_2px_0_0_#ff3d7f]";
const PILL_OFF = "bg-white text-ink shadow-hard-sm hover:bg-yellow-soft";

/**
 * The directory's search box, 'More Filters'/'Less Filters', the Art Type badges and the expanded
 * filters: City, Featured In Stories and Clear All Filters (spec §2 Creators directory).
 */
export function CreatorFilters({
  search,
  onSearchChange,
  filters,
  onChange,
  onClearAll,
  expanded,
  onExpandedChange,
  facets,
}: CreatorFiltersProps) {
  const searchId = useId();
  const panelId = useId();
  const typeLabelId = useId();
  const badges = artTypeBadges(facets?.disciplines ?? [], filters.type);
  const cities = withCurrent(facets?.cities ?? [], filters.city);
  const stories = storyOptions(facets?.stories ?? [], filters.story);
  const hiddenActive = Number(filters.city !== "") + Number(filters.story !== "");
  const anyActive = search.trim() !== "" || filters.q !== "" || filters.type !== null || hiddenActive > 0;

  const typeOptions: { key: string; label: string; value: ArtDiscipline | null }[] = [
    { key: "all", label: "All Types", value: null },
    ...badges.map((d) => ({ key: d, label: disciplineLabel(d), value: d })),
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
          {!expanded && hiddenActive > 0 && (
            <span className="rounded-full border-2 border-ink bg-pink px-1.5 text-xs leading-4">
              {hiddenActive}
              <span className="sr-only"> active</span>
            </span>
          )}
        </button>
      </form>

      <div role="group" aria-labelledby={typeLabelId} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <p id={typeLabelId} className="shrink-0 text-sm font-black tracking-wider uppercase">
          Art Type
        </p>
        <ul className="flex flex-wrap gap-2">
          {typeOptions.map((option) => {
            const pressed = option.value === filters.type;
            return (
              <li key={option.key}>
                <button
                  type="button"
                  aria-pressed={pressed}
                  onClick={() => onChange({ type: option.value })}
                  className={clsx(PILL, "capitalize", pressed ? PILL_ON : PILL_OFF)}
                >
                  {option.label}
                </button>
              </li>
            );
          })}
        </ul>
      </div>

      <div
        id={panelId}
        hidden={!expanded}
        className="animate-pop rounded-lg border-[3px] border-ink bg-paper-deep p-4 shadow-hard-sm"
      >
        <div className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <SelectField label="City" value={filters.city} onChange={(event) => onChange({ city: event.target.value })}>
            <option value="">All Cities</option>
            {cities.map((city) => (
              <option key={city} value={city}>
                {city}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Featured In Stories"
            value={filters.story}
            onChange={(event) => onChange({ story: event.target.value })}
          >
            <option value="">All Stories</option>
            {stories.map((story) => (
              <option key={story.id} value={story.id}>
                {story.title}
              </option>
            ))}
          </SelectField>
          <button
            type="button"
            onClick={onClearAll}
            disabled={!anyActive}
            className={clsx(
              "inline-flex min-h-12 items-center justify-center gap-2 rounded-md border-[3px] border-ink bg-white px-4 font-black tracking-wide uppercase shadow-hard-sm",
              "transition-[transform,box-shadow,background-color] duration-100 hover:-translate-y-px hover:bg-pink-soft",
              "disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:translate-0 disabled:hover:bg-white",
            )}
          >
            <X aria-hidden="true" className="size-5" strokeWidth={2.75} />
            Clear All Filters
          </button>
        </div>
      </div>
    </div>
  );
}
