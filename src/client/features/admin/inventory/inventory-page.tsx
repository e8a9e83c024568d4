/**
 * The back office's inventory (admins): every product with its stock, newest first, searched by
 * title or narrowed to those low in stock (both in the URL: the overview links here), each with
 * its stock adjustment (size by size for a product sold in sizes) and its history in the audit
 * log.
 */
import { clsx } from "clsx";
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { ADMIN_SEARCH_MAX, LOW_STOCK_THRESHOLD } from "../../../../common/admin-fields";
import { Button } from "../../../components/ui/button";
import { Notice, useTimedNotice } from "../../../components/ui/notice";
import { adminPaths } from "../../../config/admin-paths";
import { useInventory, type InventoryItem } from "./list-inventory";
import { useSearchBox, useUrlFilters } from "../shared/use-url-filters";
import { SearchBox } from "../shared/search-box";
import { ListEmpty, ListFailed, ListLoading, LoadMore } from "../shared/list-parts";
import { StockAdjustForm } from "./stock-adjust-form";

export const INVENTORY_TEXT = {
  search: "Search products by title",
  lowOnly: "Low stock only",
  lowHint: `${LOW_STOCK_THRESHOLD} or fewer, on the site`,
  loading: "Loading products...",
  failed: "The products could not be loaded.",
  empty: "No products match.",
  adjust: "Adjust stock",
  history: "History",
  hidden: "Hidden",
  stock: "In stock",
} as const;

const KIND_LABELS: Record<InventoryItem["kind"], string> = { merch: "Merch", artifact: "Artifact" };

export function InventoryPage({ uid }: { uid: string }) {
  const [filters, update] = useUrlFilters(["q", "low"] as const);
  const [search, setSearch] = useSearchBox(filters.q, (q) => update({ q }));
  const low = filters.low === "1";
  const list = useInventory(uid, { q: filters.q, low });
  const notice = useTimedNotice();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchBox label={INVENTORY_TEXT.search} value={search} maxLength={ADMIN_SEARCH_MAX} onChange={setSearch} className="flex-1" />
        <label className="inline-flex min-h-12 cursor-pointer items-center gap-3 rounded-md border-[3px] border-ink bg-white px-4 font-bold shadow-hard-sm has-[:checked]:bg-yellow">
          <input
            type="checkbox"
            className="size-5 accent-ink"
            checked={low}
            onChange={(event) => update({ low: event.target.checked ? "1" : "" })}
          />
          <span className="flex flex-col leading-tight">
            {INVENTORY_TEXT.lowOnly}
            <span className="text-xs font-semibold text-muted">{INVENTORY_TEXT.lowHint}</span>
          </span>
        </label>
      </div>

      {list.isPending ? (
        <ListLoading text={INVENTORY_TEXT.loading} />
      ) : list.isError ? (
        <ListFailed text={INVENTORY_TEXT.failed} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <ListEmpty>{INVENTORY_TEXT.empty}</ListEmpty>
      ) : (
        <ul aria-label="Products" aria-busy={list.isPlaceholderData || undefined} className="flex flex-col gap-4">
          {items.map((item) => (
            <li key={item.id}>
              <InventoryRow uid={uid} item={item} onDone={(text) => notice.show(text)} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage} />
      <Notice message={notice.message} />
    </div>
  );
}

function InventoryRow({ uid, item, onDone }: { uid: string; item: InventoryItem; onDone: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  // Closing the panel with its button keeps what was typed; Cancel and a saved change start afresh.
  const [form, setForm] = useState(0);
  const [mounted, setMounted] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const headingId = useId();
  const close = () => {
    setOpen(false);
    setForm((n) => n + 1);
    toggle.current?.focus();
  };
  const lowStock = item.stock <= LOW_STOCK_THRESHOLD;
  return (
    <article aria-labelledby={headingId} data-testid="inventory-item" className="flex flex-col gap-4 rounded-lg border-[3px] border-ink bg-white p-4 shadow-hard sm:p-5">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
          <h2 id={headingId} className="font-heavy text-lg leading-tight [overflow-wrap:anywhere] sm:text-xl">
            {item.title}
          </h2>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
            <span>
              {KIND_LABELS[item.kind]} · <span className="capitalize">{item.category}</span>
            </span>
            {item.hidden && <span className="rounded-full border-2 border-ink bg-paper-deep px-2 text-xs font-bold text-ink">{INVENTORY_TEXT.hidden}</span>}
          </p>
        </div>
        <p className="flex flex-col items-start" data-testid="stock">
          <span className="text-xs font-bold tracking-wide text-muted uppercase">{INVENTORY_TEXT.stock}</span>
          <span className={clsx("font-heavy text-3xl leading-none", lowStock && "rounded-sm bg-pink-soft px-1.5 text-danger")}>{item.stock}</span>
          {item.sizes.length > 0 && <span className="text-sm text-muted">{item.sizes.map((s) => `${s.size} ${s.stock}`).join(" · ")}</span>}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button ref={toggle} variant={open ? "accent" : "secondary"} size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => {
              setMounted(true);
              setOpen(!open);
            }}
          >
            {INVENTORY_TEXT.adjust}
            <span className="sr-only"> of {item.title}</span>
          </Button>
          <Link
            to={`${adminPaths.audit}?target_kind=product&target_id=${encodeURIComponent(item.id)}`}
            className="inline-flex min-h-9 items-center gap-1.5 px-1 text-sm font-bold"
          >
            {INVENTORY_TEXT.history}
            <span className="sr-only"> of {item.title}</span>
          </Link>
        </div>
      </div>
      <div id={panelId} hidden={!open} className="border-t-2 border-dashed border-ink/40 pt-4">
        {mounted && (
          <StockAdjustForm
            key={form}
            uid={uid}
            item={item}
            onCancel={close}
            onDone={(text) => {
              close();
              onDone(text);
            }}
          />
        )}
      </div>
    </article>
  );
}
