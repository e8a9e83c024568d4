/**
 * The creators directory (spec §2 Creators directory, §4, §8). The route gives it who is looking
 * (whether to invite them to apply), the favorites and the application modal of the app; this screen
 * owns the directory's queries and its filters, which live in the URL (?q=&type=&city=&story=)
 * so a filtered view can be shared and survives a reload.
 */
import { Sparkles, Users } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button";
import { useDebouncedValue } from "../../../hooks/use-debounced-value";
import { useCreatorFacets } from "../api/get-creator-facets";
import { useInfiniteCreators } from "../api/list-creators";
import {
  hasActiveFilter,
  NO_FILTERS,
  readFilters,
  resultsText,
  SEARCH_MAX,
  writeFilters,
  type DirectoryFilters,
} from "../lib/directory";
import type { Creator } from "../types";
import { CreatorCard, type CardFollow } from "./creator-card";
import { CreatorFilters } from "./creator-filters";

export const PAGE_SIZE = 12;
const SEARCH_DEBOUNCE_MS = 300;

export const DIRECTORY_TEXT = {
  empty: "No creators yet. Be the first to join!",
  viewAll: "View All Creators",
  loading: "Loading creators...",
  searching: "Searching...",
  applyTitle: "Ready to Create with Us?",
  applyButton: "Apply Now",
} as const;

export interface CreatorsPageProps {
  /** Spec §2: visitors and signed-in users who are not creators are invited to apply. */
  showApply: boolean;
  /** Opens the creator application modal. */
  onApply: () => void;
  isFavorite: (creatorId: string) => boolean;
  onToggleFavorite: (creator: Creator) => void;
  /** Who follows from the cards (null for a visitor) and where what happened is said. */
  follow: CardFollow;
}

export function CreatorsPage({ showApply, onApply, isFavorite, onToggleFavorite, follow }: CreatorsPageProps) {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);

  const update = useCallback(
    (change: Partial<DirectoryFilters>) =>
      setParams((current) => writeFilters(current, change), { replace: true, preventScrollReset: true }),
    [setParams],
  );

  // ------------------------------------------------------------ search box ⇄ URL
  // The box follows the typing at once; the URL (and the query) after a pause.
  const [search, setSearch] = useState(filters.q);
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  /** The q the URL holds as far as this page knows: tells its own writes from outside changes. */
  const knownQ = useRef(filters.q);

  useEffect(() => {
    // Only settled text is written: `update` changes with every URL change, and a box just
    // emptied by Clear All Filters must not bring back the text it held a moment ago.
    if (debouncedSearch !== search) return;
    const q = debouncedSearch.trim().slice(0, SEARCH_MAX);
    if (q === knownQ.current) return;
    knownQ.current = q;
    update({ q });
  }, [debouncedSearch, search, update]);

  // Back and forward, Clear All Filters and View All Creators change the URL: the box follows.
  useEffect(() => {
    if (filters.q === knownQ.current) return;
    knownQ.current = filters.q;
    setSearch(filters.q);
  }, [filters.q]);

  const clearAll = useCallback(() => {
    knownQ.current = "";
    setSearch("");
    update(NO_FILTERS);
  }, [update]);

  // A shared link with a city or story opens with those filters showing.
  const [expanded, setExpanded] = useState(() => filters.city !== "" || filters.story !== "");

  // --------------------------------------------------------------------- queries
  const facets = useCreatorFacets();
  const list = useInfiniteCreators({
    q: filters.q,
    discipline: filters.type ?? undefined,
    city: filters.city,
    story: filters.story,
    limit: PAGE_SIZE,
  });

  // Spec §8: load failures are logged; the lists fall back to their empty states.
  useEffect(() => {
    if (facets.error) console.error("creator filters failed to load", facets.error);
  }, [facets.error]);
  useEffect(() => {
    if (list.error) console.error("creators failed to load", list.error);
  }, [list.error]);

  const pages = list.error ? [] : (list.data?.pages.map((page) => page.items) ?? []);
  const shownCount = pages.reduce((n, page) => n + page.length, 0);
  const total = list.error ? 0 : (list.data?.pages[0]?.total ?? shownCount);
  const loading = list.isPending && !list.error;
  const hasMore = !list.error && Boolean(list.hasNextPage);
  const statusText = loading
    ? DIRECTORY_TEXT.loading
    : list.isPlaceholderData
      ? DIRECTORY_TEXT.searching
      : resultsText(total, hasActiveFilter(filters));

  const gridHeadingId = useId();
  const applyHeadingId = useId();

  return (
    <div className="flex flex-1 flex-col">
      <CreatorsHero />

      <div className="mx-auto flex w-full max-w-6xl flex-col gap-14 px-4 pb-20 sm:gap-16 sm:px-6">
        <section aria-labelledby={gridHeadingId} className="flex flex-col gap-6">
          <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
            <h2 id={gridHeadingId} className="font-heavy text-3xl sm:text-4xl">
              Meet the Creators
            </h2>
            {/* Grows to the row's end and gets new text as a new node, so a count that changes length moves nothing (layout shift). */}
            <p role="status" className="text-sm font-bold text-muted sm:grow sm:text-right" data-testid="creators-status">
              <span key={statusText}>{statusText}</span>
            </p>
          </div>

          <CreatorFilters
            search={search}
            onSearchChange={setSearch}
            filters={filters}
            onChange={update}
            onClearAll={clearAll}
            expanded={expanded}
            onExpandedChange={setExpanded}
            facets={facets.error ? undefined : facets.data}
            facetsLoading={facets.isPending && !facets.error}
          />

          <CreatorGrid
            pages={pages}
            loading={loading}
            hasMore={hasMore}
            loadingMore={list.isFetchingNextPage}
            onLoadMore={() => {
              if (!list.isFetchingNextPage) void list.fetchNextPage();
            }}
            isFavorite={isFavorite}
            onToggleFavorite={onToggleFavorite}
            follow={follow}
            typeFiltered={filters.type !== null}
            onViewAll={clearAll}
          />
        </section>

        {showApply && (
          <section
            aria-labelledby={applyHeadingId}
            className="relative isolate flex flex-col items-start gap-5 overflow-hidden rounded-xl border-[3px] border-ink bg-yellow p-6 shadow-hard-lg sm:flex-row sm:items-center sm:justify-between sm:p-10"
          >
            <div
              aria-hidden="true"
              className="absolute -right-10 -bottom-12 -z-10 size-40 rounded-full border-[3px] border-ink bg-pink sm:size-52"
            />
            <div className="flex max-w-xl flex-col gap-3">
              <h2 id={applyHeadingId} className="font-heavy text-3xl sm:text-5xl">
                {DIRECTORY_TEXT.applyTitle}
              </h2>
              <p className="text-lg">
                Share your stories, drop your work and join a community that shows up for independent creators. Approval is
                instant.
              </p>
            </div>
            <Button variant="dark" size="lg" aria-haspopup="dialog" onClick={onApply} className="shrink-0">
              <Sparkles aria-hidden="true" className="size-5" strokeWidth={2.75} />
              {DIRECTORY_TEXT.applyButton}
            </Button>
          </section>
        )}
      </div>
    </div>
  );
}

/** The directory's opening block with the page's one h1. */
function CreatorsHero() {
  return (
    <section className="relative isolate overflow-hidden px-4 pt-12 pb-10 sm:px-6 sm:pt-16 sm:pb-14">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-8 right-[-3rem] size-32 rotate-12 rounded-md border-[3px] border-ink bg-blue sm:top-10 sm:right-[8%] sm:size-40" />
        <div className="absolute top-[58%] right-[24%] hidden size-14 rounded-full border-[3px] border-ink bg-yellow md:block" />
        <div className="absolute bottom-6 left-[55%] hidden h-5 w-36 rotate-6 rounded-full border-[3px] border-ink bg-teal lg:block" />
      </div>
      <div className="mx-auto flex max-w-6xl flex-col gap-5">
        <p className="w-fit -rotate-2 rounded-sm border-[3px] border-ink bg-pink px-2.5 py-0.5 text-sm font-black tracking-wider uppercase shadow-hard-sm">
          Artists · Makers · Misfits
        </p>
        <h1 className="font-heavy text-[clamp(3.25rem,15vw,8.5rem)] leading-[0.85] tracking-[-0.06em] text-shadow-[0.05em_0.05em_0_#3d5afe]">
          Creators
        </h1>
        <p className="max-w-xl text-lg text-ink sm:text-xl">
          Painters, printers, bakers, tape-loopers and tailors: the independent people behind MAYBE&apos;s stories and drops.
        </p>
      </div>
    </section>
  );
}

interface CreatorGridProps {
  pages: Creator[][];
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  isFavorite: (creatorId: string) => boolean;
  onToggleFavorite: (creator: Creator) => void;
  follow: CardFollow;
  /** An Art Type is chosen: the empty state offers the whole directory. */
  typeFiltered: boolean;
  onViewAll: () => void;
}

const GRID = "grid w-full grid-cols-1 gap-5 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3";

function CreatorGrid({ pages, loading, hasMore, loadingMore, onLoadMore, isFavorite, onToggleFavorite, follow, typeFiltered, onViewAll }: CreatorGridProps) {
  if (loading) {
    return (
      <ul aria-hidden="true" className={GRID}>
        {Array.from({ length: 3 }, (_, i) => (
          <li key={i} className="h-72 animate-pulse rounded-xl border-[3px] border-ink/30 bg-white motion-reduce:animate-none" />
        ))}
      </ul>
    );
  }

  const count = pages.reduce((n, page) => n + page.length, 0);
  if (count === 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-xl border-[3px] border-dashed border-ink bg-white px-6 py-14 text-center">
        <Users aria-hidden="true" className="size-10" strokeWidth={2.25} />
        <p className="font-heavy text-2xl">{DIRECTORY_TEXT.empty}</p>
        {typeFiltered && (
          <Button variant="secondary" onClick={onViewAll}>
            {DIRECTORY_TEXT.viewAll}
          </Button>
        )}
      </div>
    );
  }

  return (
    <div className="flex flex-col items-center gap-8">
      <ul className={GRID}>
        {pages.flatMap((page) =>
          page.map((creator, i) => (
            <li key={creator.id}>
              <CreatorCard creator={creator} index={i} favorite={isFavorite(creator.id)} onToggleFavorite={onToggleFavorite} follow={follow} />
            </li>
          )),
        )}
      </ul>
      {hasMore && (
        <Button variant="secondary" size="lg" onClick={onLoadMore} aria-disabled={loadingMore || undefined}>
          {loadingMore ? "Loading..." : "Load more"}
        </Button>
      )}
    </div>
  );
}
