/**
 * The back office's curation (curators and admins, docs/decisions/0019): stories, products and
 * creators in tabs, searched and filtered by state (all three in the URL), each row with Feature /
 * Unfeature, Hide / Unhide, and for creators Suspend / Unsuspend behind a confirmation with an
 * optional note. Under "Featured, in order" the rows are the featured order itself, with Move up
 * and Move down; a move is announced and keeps the focus on the moved row's button.
 */
import { clsx } from "clsx";
import { useState } from "react";
import { Link } from "react-router";
import { ADMIN_SEARCH_MAX } from "../../../../common/admin-fields";
import { CURATION_KINDS, CURATION_STATES, type CurationKind, type CurationState } from "../../../../common/curation-fields";
import { SelectField } from "../../../components/ui/field";
import { Notice, useTimedNotice } from "../../../components/ui/notice";
import { useCurationList, useFeatured } from "./list-curation";
import { useSearchBox, useUrlFilters } from "../shared/use-url-filters";
import { CURATION_TEXT, KIND_TABS, STATE_LABELS } from "./curation-text";
import { CurationRow, type MoveFocus } from "./curation-row";
import { ListEmpty, ListFailed, ListLoading, LoadMore } from "../shared/list-parts";
import { SearchBox } from "../shared/search-box";

const isKind = (value: string): value is CurationKind => (CURATION_KINDS as readonly string[]).includes(value);
const isState = (value: string): value is CurationState => (CURATION_STATES as readonly string[]).includes(value);

const TAB =
  "inline-flex min-h-11 items-center rounded-md border-[3px] border-ink px-4 font-heavy text-base no-underline shadow-hard-sm transition-[transform,background-color] duration-100 hover:-translate-y-px";

export function CurationPage({ uid }: { uid: string }) {
  const [filters, update] = useUrlFilters(["kind", "state", "q"] as const);
  const kind: CurationKind = isKind(filters.kind) ? filters.kind : "story";
  const state: CurationState = isState(filters.state) ? filters.state : "all";
  const [search, setSearch] = useSearchBox(filters.q, (q) => update({ q }));
  const tab = KIND_TABS.find((t) => t.kind === kind)!;
  const list = useCurationList(uid, kind, { q: filters.q, state });
  const featured = useFeatured(uid, kind);
  const notice = useTimedNotice();
  const [moveFocus, setMoveFocus] = useState<MoveFocus | null>(null);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const ordering = state === "featured" && filters.q === "";

  /** The link of a tab: the same state, no search (it would search another kind). */
  const tabLink = (k: CurationKind) => {
    const params = new URLSearchParams({ kind: k });
    if (state !== "all") params.set("state", state);
    return `?${params}`;
  };

  return (
    <div className="flex flex-col gap-6">
      <nav aria-label={CURATION_TEXT.tabs}>
        <ul className="flex flex-wrap gap-2 sm:gap-3">
          {KIND_TABS.map((t) => (
            <li key={t.kind}>
              <Link
                to={tabLink(t.kind)}
                replace
                preventScrollReset
                aria-current={t.kind === kind ? "page" : undefined}
                className={clsx(TAB, t.kind === kind ? "bg-ink text-white" : "bg-white text-ink hover:bg-yellow-soft")}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchBox label={CURATION_TEXT.search(tab.plural)} value={search} maxLength={ADMIN_SEARCH_MAX} onChange={setSearch} className="flex-1" />
        <SelectField
          label={CURATION_TEXT.state}
          value={state}
          onChange={(event) => update({ state: event.target.value === "all" ? "" : event.target.value })}
          className="sm:w-56"
        >
          {CURATION_STATES.map((s) => (
            <option key={s} value={s}>
              {STATE_LABELS[s]}
            </option>
          ))}
        </SelectField>
      </div>
      {state === "featured" && <p className="text-sm font-semibold text-muted">{CURATION_TEXT.featuredHint}</p>}

      {list.isPending ? (
        <ListLoading text={CURATION_TEXT.loading(tab.plural)} />
      ) : list.isError ? (
        <ListFailed text={CURATION_TEXT.failed(tab.plural)} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <ListEmpty>{state === "featured" && filters.q === "" ? CURATION_TEXT.noneFeatured(tab.plural) : CURATION_TEXT.empty(tab.plural)}</ListEmpty>
      ) : (
        <ul aria-label={tab.label} aria-busy={list.isPlaceholderData || undefined} className="flex flex-col gap-3">
          {items.map((item) => (
            <li key={`${item.kind}:${item.id}`}>
              <CurationRow
                uid={uid}
                item={item}
                featuredIds={ordering ? featured.data?.map((f) => f.id) : undefined}
                moveFocus={moveFocus?.id === item.id ? moveFocus.button : undefined}
                onMoved={(button) => setMoveFocus({ id: item.id, button })}
                onDone={(text) => notice.show(text)}
              />
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage} />
      <Notice message={notice.message} />
    </div>
  );
}
