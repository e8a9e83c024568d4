/**
 * The Favorites screen 'Your Favorites' (spec §2, DECISIONS.md 3, 5): the favorite stories,
 * creators and store items as real records, each opening where it lives and removable here. A
 * member who has liked tracks on the radio (issue 34) also finds a Tracks section, which can play
 * them on the radio; everyone else sees the spec's screen as it was.
 */
import { CirclePlay, Disc3, Heart } from "lucide-react";
import { Link } from "react-router";
import { PageIntro } from "../../../components/layout/page-intro";
import { buttonClasses } from "../../../components/ui/button";
import { Notice, useTimedNotice } from "../../../components/ui/notice";
import { useFavoriteEntries } from "../hooks/use-favorite-entries";
import type { EntryPaths, FavoriteEntry } from "../lib/favorite-entries";

const SECTIONS = [
  { key: "stories", label: "Stories" },
  { key: "creators", label: "Creators" },
  { key: "products", label: "Store Items" },
  // Shown only when it has tracks, as every section: the spec's three are the screen without any.
  { key: "tracks", label: "Tracks" },
] as const;

export interface FavoritesPageProps {
  paths: EntryPaths;
  /** Plays a track on the radio (the header's player opens on it); without it, tracks are only listed. */
  onPlayTrack?: (trackId: string) => void;
}

export function favoritesSubtitle(n: number): string {
  return `${n} ${n === 1 ? "item" : "items"} in your favorites`;
}

export const EMPTY_INVITATION = "Tap the heart on a story, a creator or a store item to keep it here.";

export function FavoritesPage({ paths, onPlayTrack }: FavoritesPageProps) {
  const notice = useTimedNotice();
  const { count, loading, sections, remove } = useFavoriteEntries(paths, notice.show);
  const shown = SECTIONS.reduce((n, { key }) => n + sections[key].length, 0);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <PageIntro title="Your Favorites" kicker="Saved by you" className="mb-10 sm:mb-14">
        <p>{loading ? "Loading..." : count > 0 ? favoritesSubtitle(count) : EMPTY_INVITATION}</p>
      </PageIntro>

      {loading ? null : shown === 0 ? (
        <div className="flex flex-col items-center gap-5 rounded-xl border-[3px] border-dashed border-ink bg-white px-5 py-14 text-center">
          <Heart aria-hidden="true" className="size-10 text-pink-dark" strokeWidth={2.5} />
          <p className="font-heavy text-2xl">No favorites yet</p>
          <div className="flex flex-wrap justify-center gap-3">
            <Link to={paths.stories} className={buttonClasses({ variant: "secondary" })}>
              Browse Stories
            </Link>
            <Link to={paths.creators} className={buttonClasses({ variant: "secondary" })}>
              Meet Creators
            </Link>
            <Link to={paths.store} className={buttonClasses()}>
              Visit the Store
            </Link>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-12">
          {SECTIONS.map(({ key, label }) => {
            const entries = sections[key];
            if (entries.length === 0) return null;
            return (
              <section key={key} aria-labelledby={`favorites-${key}`} className="flex flex-col gap-5">
                <h2 id={`favorites-${key}`} className="font-heavy flex items-center gap-3 text-3xl sm:text-4xl">
                  {label}
                  <span className="rounded-full border-2 border-ink bg-pink-soft px-3 py-0.5 text-base tracking-normal">
                    {entries.length}
                  </span>
                </h2>
                <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
                  {entries.map((entry) => (
                    <li key={entry.id} className="flex">
                      {entry.track ? (
                        <TrackCard entry={entry} track={entry.track} onRemove={() => remove(entry)} onPlay={onPlayTrack && (() => onPlayTrack(entry.id))} />
                      ) : (
                        <FavoriteCard entry={entry} onRemove={() => remove(entry)} />
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
      <Notice message={notice.message} />
    </div>
  );
}

function RemoveButton({ name, onRemove }: { name: string; onRemove: () => void }) {
  return (
    <button
      type="button"
      onClick={onRemove}
      aria-label={`Remove ${name} from favorites`}
      className="inline-flex size-10 shrink-0 items-center justify-center rounded-full border-[3px] border-ink bg-pink shadow-hard-sm hover:bg-pink-soft"
    >
      <Heart aria-hidden="true" className="size-5 fill-ink" strokeWidth={2.5} />
    </button>
  );
}

/**
 * A liked track: 'title • artist' as the radio names it (the artist a link to the creator's page),
 * whether the radio plays it now, and, while it does, a button that plays it there.
 */
function TrackCard({
  entry,
  track,
  onRemove,
  onPlay,
}: {
  entry: FavoriteEntry;
  track: NonNullable<FavoriteEntry["track"]>;
  onRemove: () => void;
  onPlay?: () => void;
}) {
  return (
    <article className="flex w-full flex-col gap-4 rounded-lg border-[3px] border-ink bg-white p-4 shadow-hard">
      <div className="flex items-start gap-4">
        <span aria-hidden="true" className="flex size-20 shrink-0 items-center justify-center rounded-md border-2 border-ink bg-yellow">
          <Disc3 className="size-9" strokeWidth={2.25} />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="text-xs font-bold tracking-wide text-muted uppercase">{entry.meta}</p>
          <h3 className="text-lg leading-tight font-black break-words">
            {entry.name}
            <span className="font-bold text-muted"> • </span>
            {track.artistHref ? (
              <Link to={track.artistHref} className="font-bold underline decoration-pink decoration-2 underline-offset-[3px] hover:decoration-ink">
                {track.artist}
              </Link>
            ) : (
              <span className="font-bold">{track.artist}</span>
            )}
          </h3>
        </div>
        <RemoveButton name={entry.name} onRemove={onRemove} />
      </div>
      {onPlay && track.onRadio && (
        <button
          type="button"
          onClick={onPlay}
          aria-label={`Play ${entry.name} • ${track.artist} on the radio`}
          className={buttonClasses({ variant: "secondary", size: "sm", block: true })}
        >
          <CirclePlay aria-hidden="true" className="size-4" strokeWidth={2.75} />
          Play on the radio
        </button>
      )}
    </article>
  );
}

function FavoriteCard({ entry, onRemove }: { entry: FavoriteEntry; onRemove: () => void }) {
  return (
    <article className="flex w-full items-start gap-4 rounded-lg border-[3px] border-ink bg-white p-4 shadow-hard">
      {entry.image_url ? (
        <img src={entry.image_url} alt="" width={80} height={80} loading="lazy" className="size-20 shrink-0 rounded-md border-2 border-ink bg-paper-deep object-cover" />
      ) : (
        <span aria-hidden="true" className="font-heavy flex size-20 shrink-0 items-center justify-center rounded-md border-2 border-ink bg-yellow text-3xl">
          {entry.name.charAt(0)}
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {entry.meta && <p className="text-xs font-bold tracking-wide text-muted uppercase">{entry.meta}</p>}
        <h3 className="text-lg leading-tight font-black">
          <Link to={entry.href} className="hover:underline">
            {entry.name}
          </Link>
        </h3>
        <p className="text-sm text-muted">{entry.subtext}</p>
      </div>
      <RemoveButton name={entry.name} onRemove={onRemove} />
    </article>
  );
}
