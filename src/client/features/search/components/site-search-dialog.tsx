/**
 * Site search (DECISIONS.md 8): one box that finds stories, creators and store items by name or
 * text. Hits are grouped by kind and each opens where it lives. Arrow keys move between the box
 * and the hits; the number of hits is announced.
 */
import { BookOpen, Search, ShoppingBag, Users } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Link } from "react-router";
import { Dialog } from "../../../components/ui/dialog";
import { useDebouncedValue } from "../../../hooks/use-debounced-value";
import { SEARCH_MIN, useSiteSearch, type SearchHit } from "../api/search-site";

export interface SiteSearchPaths {
  stories: string;
  creators: string;
  store: string;
}

export interface SiteSearchDialogProps {
  open: boolean;
  onClose: () => void;
  /** A hit was followed: the dialog closes without sending focus back. */
  onNavigate: () => void;
  paths: SiteSearchPaths;
  id?: string;
}

const DEBOUNCE_MS = 250;

export function SiteSearchDialog({ open, onClose, onNavigate, paths, id }: SiteSearchDialogProps) {
  return (
    <Dialog id={id} open={open} onClose={onClose} title="Search MAYBE" className="sm:w-[min(36rem,calc(100vw-2rem))]">
      {open && <SearchPanel onNavigate={onNavigate} paths={paths} />}
    </Dialog>
  );
}

function statusText(text: string, count: number | undefined, loading: boolean, failed: boolean): string {
  if (text.length < SEARCH_MIN) return `Type at least ${SEARCH_MIN} characters to search stories, creators and the store.`;
  if (failed) return "Search is not available right now. Please try again.";
  if (loading || count === undefined) return "Searching...";
  if (count === 0) return `Nothing found for “${text}”.`;
  return `${count} ${count === 1 ? "result" : "results"} for “${text}”`;
}

/** Up and Down move through the box and the hits, in page order. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
  const stops = Array.from(event.currentTarget.querySelectorAll<HTMLElement>("input, a[href]"));
  const index = stops.indexOf(document.activeElement as HTMLElement);
  if (index < 0) return;
  event.preventDefault();
  const next = event.key === "ArrowDown" ? Math.min(index + 1, stops.length - 1) : Math.max(index - 1, 0);
  stops[next]?.focus();
}

function SearchPanel({ onNavigate, paths }: Omit<SiteSearchDialogProps, "open" | "onClose" | "id">) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [q, setQ] = useState("");
  const text = useDebouncedValue(q.trim(), DEBOUNCE_MS);
  const search = useSiteSearch(text);
  const hits = text.length >= SEARCH_MIN && !search.isError ? search.data : undefined;
  const count = hits ? hits.stories.length + hits.creators.length + hits.products.length : undefined;

  // The dialog opens after this mounts: focus the box once it is showing.
  useEffect(() => {
    const frame = requestAnimationFrame(() => inputRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  useEffect(() => {
    if (search.error) console.error("search failed", search.error);
  }, [search.error]);

  const groups = hits
    ? [
        { label: "Stories", icon: BookOpen, hits: hits.stories, href: () => paths.stories },
        { label: "Creators", icon: Users, hits: hits.creators, href: () => paths.creators },
        {
          label: "Store",
          icon: ShoppingBag,
          hits: hits.products,
          href: (hit: SearchHit) => `${paths.store}?productId=${encodeURIComponent(hit.id)}`,
        },
      ]
    : [];

  return (
    <div className="flex flex-col gap-4" onKeyDown={moveFocus}>
      <label htmlFor={inputId} className="sr-only">
        Search stories, creators and the store
      </label>
      <div className="flex items-center gap-2 rounded-md border-[3px] border-ink bg-white px-3 focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-blue">
        <Search aria-hidden="true" className="size-5 shrink-0 text-muted" strokeWidth={2.75} />
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          maxLength={100}
          autoComplete="off"
          placeholder="Stories, creators, merch..."
          className="min-h-12 w-full bg-transparent text-lg outline-none"
        />
      </div>
      <p role="status" className="text-sm font-bold text-muted">
        {statusText(text, count, search.isFetching, search.isError)}
      </p>
      {groups.map(({ label, icon: Icon, hits: list, href }) =>
        list.length === 0 ? null : (
          <section key={label} aria-label={label}>
            <h3 className="mb-1 flex items-center gap-2 text-sm font-black tracking-wide uppercase">
              <Icon aria-hidden="true" className="size-4" strokeWidth={2.75} />
              {label}
            </h3>
            <ul className="flex flex-col rounded-md border-2 border-ink bg-white">
              {list.map((hit) => (
                <li key={hit.id} className="border-b border-ink/15 last:border-b-0">
                  <Link
                    to={href(hit)}
                    onClick={onNavigate}
                    className="flex items-baseline justify-between gap-3 px-3 py-2 hover:bg-yellow-soft focus-visible:bg-yellow-soft"
                  >
                    <span className="min-w-0 truncate font-bold">{hit.title}</span>
                    <span className="shrink-0 text-sm text-muted">{hit.subtitle}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ),
      )}
    </div>
  );
}
