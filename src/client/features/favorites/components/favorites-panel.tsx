/**
 * The header's favorites dropdown (spec §2): 'N items saved', then the saved items by kind, each
 * opening where it lives and removable in place. The shell opens and closes it.
 */
import { Heart, X } from "lucide-react";
import { Link } from "react-router";
import { useAnnounce } from "../../../components/ui/announcer";
import { DropdownPanel } from "../../../components/ui/dropdown";
import {
  PanelEmptyState,
  PanelHeading,
  PanelLoading,
  type PanelBase,
  type PanelNavigates,
} from "../../../components/ui/dropdown-panel-parts";
import { paths } from "../../../config/paths";
import { plural } from "../../../lib/plural";
import { useFavoriteEntries } from "../hooks/use-favorite-entries";
import type { FavoriteEntry } from "../lib/favorite-entries";

const SECTIONS = [
  { key: "stories", label: "Stories" },
  { key: "creators", label: "Creators" },
  { key: "products", label: "Store" },
  // The radio's tracks (issue 34), only for those who liked any, as every section.
  { key: "tracks", label: "Tracks" },
] as const;

function FavoriteRow({ entry, onNavigate, onRemove }: { entry: FavoriteEntry; onNavigate: () => void; onRemove: () => void }) {
  return (
    <li className="flex items-center gap-2 py-2">
      <Link to={entry.href} onClick={onNavigate} className="group min-w-0 flex-1 rounded-sm">
        <p className="truncate font-bold group-hover:underline">{entry.name}</p>
        <p className="truncate text-sm text-muted">{entry.subtext}</p>
      </Link>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${entry.name} from favorites`}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-md border-2 border-ink bg-white hover:bg-pink-soft"
      >
        <X aria-hidden="true" className="size-4" strokeWidth={3} />
      </button>
    </li>
  );
}

export function FavoritesPanel({ onNavigate, ...panel }: PanelBase & PanelNavigates) {
  const announce = useAnnounce();
  const { count, loading, sections, remove } = useFavoriteEntries(paths, announce);

  function removeInPlace(entry: FavoriteEntry) {
    // The row goes away: focus stays in the panel so it does not close under the keyboard.
    document.getElementById(panel.id)?.focus();
    remove(entry);
  }

  return (
    <DropdownPanel label="Favorites" className="w-88" {...panel}>
      <PanelHeading title={plural(count, "item saved", "items saved")} />
      {loading ? (
        <PanelLoading />
      ) : count === 0 ? (
        <PanelEmptyState icon={Heart} text="No favorites yet" />
      ) : (
        <div className="flex max-h-[min(28rem,70dvh)] flex-col gap-3 overflow-y-auto p-4">
          {SECTIONS.map(({ key, label }) => {
            const entries = sections[key];
            if (entries.length === 0) return null;
            return (
              <section key={key} aria-label={label}>
                <h3 className="flex items-center justify-between border-b-2 border-ink pb-1 text-sm font-black tracking-wide uppercase">
                  {label}
                  <span className="rounded-full bg-pink-soft px-2 text-xs">{entries.length}</span>
                </h3>
                <ul className="divide-y divide-ink/15">
                  {entries.map((entry) => (
                    <FavoriteRow key={entry.id} entry={entry} onNavigate={onNavigate} onRemove={() => removeInPlace(entry)} />
                  ))}
                </ul>
              </section>
            );
          })}
          <Link to={paths.favorites} onClick={onNavigate} className="link-ink self-start">
            See all favorites
          </Link>
        </div>
      )}
    </DropdownPanel>
  );
}
