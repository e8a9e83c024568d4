import { clsx } from "clsx";
import { X } from "lucide-react";
import { useId } from "react";
import { ART_DISCIPLINES, DIRECTORY_DISCIPLINES, disciplineLabel, type ArtDiscipline } from "../../../../common/creator-fields";
import { SelectField } from "../../../components/ui/field";
import { FilterPill, FilterSearchBar } from "../../../components/ui/filter-bar";
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
  /** The facets are on their way: the badges row keeps room for every discipline meanwhile. */
  facetsLoading?: boolean;
}

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
  facetsLoading = false,
}: CreatorFiltersProps) {
  const panelId = useId();
  const typeLabelId = useId();
  const badges = artTypeBadges(facets?.disciplines ?? [], filters.type);
  const cities = withCurrent(facets?.cities ?? [], filters.city);
  const stories = storyOptions(facets?.stories ?? [], filters.story);
  const hiddenActive = Number(filters.city !== "") + Number(filters.story !== "");
  const anyActive = search.trim() !== "" || filters.q !== "" || filters.type !== null || hiddenActive > 0;

  // While the facets load, every directory discipline keeps its place (invisible until known).
  const reserved = new Set<ArtDiscipline>([...badges, ...DIRECTORY_DISCIPLINES]);
  const shown = facetsLoading ? ART_DISCIPLINES.filter((d) => reserved.has(d)) : badges;
  const typeOptions: { key: string; label: string; value: ArtDiscipline | null; placeholder: boolean }[] = [
    { key: "all", label: "All Types", value: null, placeholder: false },
    ...shown.map((d) => ({ key: d, label: disciplineLabel(d), value: d, placeholder: !badges.includes(d) })),
  ];

  return (
    <div className="flex flex-col gap-4">
      <FilterSearchBar
        label={SEARCH_LABEL}
        search={search}
        onSearchChange={onSearchChange}
        maxLength={SEARCH_MAX}
        expanded={expanded}
        onExpandedChange={onExpandedChange}
        panelId={panelId}
        hiddenActive={hiddenActive}
      />

      <div role="group" aria-labelledby={typeLabelId} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <p id={typeLabelId} className="shrink-0 text-sm font-black tracking-wider uppercase">
          Art Type
        </p>
        <ul className="flex flex-wrap gap-2">
          {typeOptions.map((option) => {
            const pressed = option.value === filters.type;
            return (
              // A placeholder holds its place unseen (no focus, not read out) until the facets say.
              <li key={option.key} className={clsx(option.placeholder && "invisible")} aria-hidden={option.placeholder || undefined}>
                <FilterPill pressed={pressed} onClick={() => onChange({ type: option.value })} className="capitalize">
                  {option.label}
                </FilterPill>
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
