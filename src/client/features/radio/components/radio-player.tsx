import { useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { Heart, LoaderCircle, Pause, Play, SkipBack, SkipForward, Volume2, VolumeX } from "lucide-react";
import { useCallback, useEffect, type ReactNode } from "react";
import { Link } from "react-router";
import type { Track } from "../../../../common/api/radio";
import { Dialog } from "../../../components/ui/dialog";
import { Notice, useTimedNotice, type NoticeTone } from "../../../components/ui/notice";
import { creatorPath } from "../../../config/paths";
import { countPlay } from "../api/count-play";
import { isRecentPlaysKey } from "../api/get-recent";
import { useRadio, useRadioState } from "../hooks/use-radio";
import { playerExtras, type PlayerExtras } from "../lib/player-extras";
import { currentTrack, formatTime, nowPlayingText } from "../lib/playlist";
import type { RadioController } from "../lib/radio-controller";
import { NowPlayingStrip } from "./now-playing-strip";
import { RecentlyPlayed } from "./recently-played";
import { WaveformSeek } from "./waveform-seek";

function ControlButton({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      // aria-disabled keeps the button focusable, so focus never drops out of the dialog.
      aria-disabled={disabled || undefined}
      onClick={disabled ? undefined : onClick}
      className={clsx(
        "inline-flex size-12 shrink-0 items-center justify-center rounded-md border-[3px] border-ink bg-white shadow-hard-sm",
        "transition-[transform,box-shadow,background-color] duration-100",
        disabled ? "cursor-not-allowed opacity-60" : "hover:-translate-y-px hover:bg-yellow-soft hover:shadow-hard active:translate-x-0.5 active:translate-y-0.5 active:shadow-none",
      )}
    >
      {children}
    </button>
  );
}

/** The player's heart for the track playing (issue 34): the app hands the member's favorites in. */
export interface TrackLikes {
  isLiked(trackId: string): boolean;
  /** Likes or unlikes the track; `tell` says what changed, and says so again if it could not be saved. */
  toggle(track: Pick<Track, "id" | "title">, tell: (text: string, tone?: NoticeTone) => void): void;
}

/**
 * The heart of a story's card (components/stories/story-heart.tsx), drawn here rather than
 * imported: shared with the story page it became a chunk of its own, which the entry every page
 * loads must then name (about 30 bytes the landing page's budget does not have).
 */
function LikeHeart({ title, liked, onToggle }: { title: string; liked: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={liked}
      aria-label={`Like ${title}`}
      className={clsx(
        "inline-flex size-11 shrink-0 items-center justify-center self-start rounded-full border-[3px] border-ink shadow-hard-sm",
        liked ? "bg-pink" : "bg-white hover:bg-pink-soft",
      )}
    >
      <Heart aria-hidden="true" className={clsx("size-5", liked && "fill-ink")} strokeWidth={2.5} />
    </button>
  );
}

export interface RadioPlayerProps {
  open: boolean;
  onClose: () => void;
  /** The signed-in member, whose 'Recently played' the player shows; none, no list. */
  memberId?: string;
  /** The favorites, for a heart beside the track playing; none, no heart. */
  likes?: TrackLikes;
}

/** Loudness matching and play counting, connected once per page (lib/player-extras.ts). */
function usePlayerExtras(radio: RadioController): () => PlayerExtras {
  const queryClient = useQueryClient();
  const get = useCallback(
    () =>
      playerExtras(radio, (report, leaving) =>
        countPlay(report, leaving, () => void queryClient.invalidateQueries({ predicate: (query) => isRecentPlaysKey(query.queryKey) })),
      ),
    [radio, queryClient],
  );
  // Connected as the player first opens (idempotent), so every play is counted from its start.
  useEffect(() => {
    get();
  }, [get]);
  return get;
}

/**
 * The player dialog (spec §2 Radio player; issue 34: loudness matching, waveform, plays, 'Recently
 * played', and a heart that keeps the track playing among the member's favorites).
 */
export function RadioPlayer({ open, onClose, memberId, likes }: RadioPlayerProps) {
  const radio = useRadio();
  const state = useRadioState();
  const extras = usePlayerExtras(radio);
  // The page behind the modal player is inert: the heart's notice shows in here.
  const notice = useTimedNotice();
  const track = currentTrack(state);
  const hasTracks = state.tracks.length > 0;
  const loading = hasTracks && !state.loaded && state.error === null;
  const canSeek = state.loaded && state.duration > 0;

  function togglePlay() {
    // The click that starts the music also starts the loudness graph (a browser wants a gesture).
    if (!state.playing) extras().unlock();
    radio.toggle();
  }

  function playFromRecent(index: number) {
    extras().unlock();
    // The track playing now plays on where it is; another starts from its beginning.
    if (index === state.index) radio.play();
    else radio.select(index);
  }

  return (
    // On a short screen the open 'Recently played' can make the player taller than the screen: it scrolls.
    <Dialog open={open} onClose={onClose} title="MAYBE Radio" className="max-h-[calc(100dvh-2rem)] overflow-y-auto!">
      <div className="grid gap-5" data-gain-db={track?.gain_db}>
        <div className="flex items-center gap-4">
          <div className="flex size-24 shrink-0 -rotate-2 items-center justify-center rounded-md border-[3px] border-ink bg-yellow p-2 text-center text-xs leading-tight font-black tracking-wide uppercase shadow-hard-sm sm:size-28">
            Song Photo (coming soon)
          </div>
          <div className="min-w-0 flex-1">
            <p className="text-xs font-black tracking-wider text-pink-dark uppercase">
              {hasTracks ? `Track ${state.index + 1} of ${state.tracks.length}` : "Radio"}
            </p>
            <h3 data-testid="track-title" className="font-heavy mt-1 text-2xl leading-tight break-words">
              {track?.title ?? "No Track"}
            </h3>
            <p data-testid="track-artist" className="mt-1 font-bold break-words">
              {track?.creator ? (
                // A creator's track leads to their page; the player closes on the way.
                <Link to={creatorPath(track.creator.id)} onClick={onClose} className="link-ink">
                  {track.artist}
                </Link>
              ) : (
                (track?.artist ?? "Nothing to play yet")
              )}
            </p>
          </div>
          {likes && track && <LikeHeart title={track.title} liked={likes.isLiked(track.id)} onToggle={() => likes.toggle(track, notice.show)} />}
        </div>

        {track?.description && <p className="line-clamp-3 text-sm text-muted">{track.description}</p>}

        <NowPlayingStrip text={nowPlayingText(state)} />

        <div>
          <WaveformSeek waveform={track?.waveform ?? null} position={state.position} duration={state.duration} disabled={!canSeek} onSeek={radio.seek} />
          <div className="mt-1 flex justify-between text-sm font-bold tabular-nums">
            <span data-testid="elapsed">
              <span className="sr-only">Elapsed </span>
              {formatTime(state.position)}
            </span>
            <span data-testid="total">
              <span className="sr-only">Total </span>
              {formatTime(state.duration)}
            </span>
          </div>
        </div>

        <div className="flex items-center justify-between gap-2 sm:gap-3">
          <ControlButton label="Previous track" onClick={radio.previous} disabled={!hasTracks}>
            <SkipBack aria-hidden="true" className="size-5" strokeWidth={2.75} />
          </ControlButton>
          <button
            type="button"
            aria-disabled={!state.loaded || undefined}
            onClick={state.loaded ? togglePlay : undefined}
            className={clsx(
              "font-heavy inline-flex min-h-12 min-w-0 flex-1 items-center justify-center gap-2 rounded-md border-[3px] border-ink px-4 text-lg shadow-hard",
              "transition-[transform,box-shadow,background-color] duration-100",
              state.loaded
                ? "bg-pink hover:-translate-y-px hover:bg-[#ff5a92] active:translate-x-[3px] active:translate-y-[3px] active:shadow-none"
                : "cursor-not-allowed bg-pink-soft",
            )}
          >
            {loading ? (
              <>
                <LoaderCircle aria-hidden="true" className="size-5 motion-safe:animate-spin" strokeWidth={3} />
                Loading…
              </>
            ) : state.playing ? (
              <>
                <Pause aria-hidden="true" className="size-5 fill-ink" strokeWidth={2.5} />
                Pause
              </>
            ) : (
              <>
                <Play aria-hidden="true" className="size-5 fill-ink" strokeWidth={2.5} />
                Play
              </>
            )}
          </button>
          <ControlButton label="Next track" onClick={radio.next} disabled={!hasTracks}>
            <SkipForward aria-hidden="true" className="size-5" strokeWidth={2.75} />
          </ControlButton>
          <ControlButton label={state.muted ? "Unmute" : "Mute"} onClick={radio.toggleMute}>
            {state.muted ? (
              <VolumeX aria-hidden="true" className="size-5" strokeWidth={2.75} />
            ) : (
              <Volume2 aria-hidden="true" className="size-5" strokeWidth={2.75} />
            )}
          </ControlButton>
        </div>

        {memberId !== undefined && <RecentlyPlayed memberId={memberId} tracks={state.tracks} currentId={track?.id} onPlay={playFromRecent} />}

        <p role="status" className={clsx("text-sm font-bold text-danger", !state.error && "sr-only")}>
          {state.error}
        </p>
      </div>
      <Notice message={notice.message} />
    </Dialog>
  );
}
