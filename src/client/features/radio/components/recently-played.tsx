import { ChevronDown } from "lucide-react";
import type { Track } from "../../../../common/api/radio";
import { useRecentPlays } from "../api/get-recent";

/** Items the list shows: enough to find the song just heard, few enough to keep the dialog small. */
const SHOWN = 5;

export interface RecentlyPlayedProps {
  memberId: string;
  /** The rotation in play order: a recent track found in it can be played from here. */
  tracks: readonly Track[];
  currentId: string | undefined;
  onPlay: (index: number) => void;
}

/** A member's 'Recently played' (GET /api/me/radio/recent), read when the player opens; folded by default. */
export function RecentlyPlayed({ memberId, tracks, currentId, onPlay }: RecentlyPlayedProps) {
  const recent = useRecentPlays(memberId);
  const items = recent.data?.items.slice(0, SHOWN) ?? [];

  return (
    <details className="group border-t-[3px] border-dashed border-ink/30 pt-3">
      <summary className="flex w-fit cursor-pointer list-none items-center gap-1 rounded-sm text-xs font-black tracking-wider uppercase [&::-webkit-details-marker]:hidden">
        Recently played
        <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" strokeWidth={3} />
      </summary>
      {recent.isPending ? (
        <p className="mt-2 text-sm text-muted">Loading…</p>
      ) : recent.isError ? (
        <p className="mt-2 text-sm text-muted">Your recent tracks could not be loaded.</p>
      ) : items.length === 0 ? (
        <p className="mt-2 text-sm text-muted">Nothing yet: the tracks you listen to will show here.</p>
      ) : (
        <ul className="mt-2 grid gap-1">
          {items.map(({ track }) => {
            const index = tracks.findIndex((t) => t.id === track.id);
            const text = `${track.title} • ${track.artist}`;
            const current = track.id === currentId;
            return (
              <li key={track.id} className="min-w-0 text-sm font-bold">
                {index === -1 ? (
                  <span className="block truncate py-1 text-muted">{text}</span>
                ) : (
                  <button
                    type="button"
                    onClick={() => onPlay(index)}
                    aria-label={`Play ${text}${current ? ", now playing" : ""}`}
                    aria-current={current ? "true" : undefined}
                    className="group/item flex w-full min-w-0 items-baseline gap-2 rounded-sm py-1 text-left"
                  >
                    <span className="truncate underline decoration-pink decoration-2 underline-offset-[3px] group-hover/item:decoration-ink">{text}</span>
                    {current && (
                      <span aria-hidden="true" className="shrink-0 text-xs font-black tracking-wider text-pink-dark uppercase">
                        Now playing
                      </span>
                    )}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </details>
  );
}
