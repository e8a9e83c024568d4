import { clsx } from "clsx";
import { LoaderCircle, Pause, Play, SkipBack, SkipForward, Volume2, VolumeX } from "lucide-react";
import type { KeyboardEvent, ReactNode } from "react";
import { Dialog } from "../../../components/ui/dialog";
import { useRadio, useRadioState } from "../hooks/use-radio";
import { currentTrack, formatTime, nowPlayingText } from "../lib/playlist";
import { NowPlayingStrip } from "./now-playing-strip";

/** Arrow keys on the seek bar move this many seconds. */
const SEEK_STEP = 5;

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

export interface RadioPlayerProps {
  open: boolean;
  onClose: () => void;
}

/** The player dialog (spec §2 Radio player). */
export function RadioPlayer({ open, onClose }: RadioPlayerProps) {
  const radio = useRadio();
  const state = useRadioState();
  const track = currentTrack(state);
  const hasTracks = state.tracks.length > 0;
  const loading = hasTracks && !state.loaded && state.error === null;
  const canSeek = state.loaded && state.duration > 0;

  function onSeekKey(event: KeyboardEvent<HTMLInputElement>) {
    const step = event.key === "ArrowRight" || event.key === "ArrowUp" ? SEEK_STEP : event.key === "ArrowLeft" || event.key === "ArrowDown" ? -SEEK_STEP : 0;
    if (!step) return;
    event.preventDefault();
    radio.seek(state.position + step);
  }

  return (
    <Dialog open={open} onClose={onClose} title="MAYBE Radio">
      <div className="grid gap-5">
        <div className="flex items-center gap-4">
          <div className="flex size-24 shrink-0 -rotate-2 items-center justify-center rounded-md border-[3px] border-ink bg-yellow p-2 text-center text-xs leading-tight font-black tracking-wide uppercase shadow-hard-sm sm:size-28">
            Song Photo (coming soon)
          </div>
          <div className="min-w-0">
            <p className="text-xs font-black tracking-wider text-pink-dark uppercase">
              {hasTracks ? `Track ${state.index + 1} of ${state.tracks.length}` : "Radio"}
            </p>
            <h3 data-testid="track-title" className="font-heavy mt-1 text-2xl leading-tight break-words">
              {track?.title ?? "No Track"}
            </h3>
            <p data-testid="track-artist" className="mt-1 font-bold">
              {track?.artist ?? "Nothing to play yet"}
            </p>
          </div>
        </div>

        {track && <p className="text-sm text-muted">{track.description}</p>}

        <NowPlayingStrip text={nowPlayingText(state)} />

        <div>
          <input
            type="range"
            min={0}
            max={canSeek ? state.duration : 0}
            step={0.1}
            value={canSeek ? state.position : 0}
            disabled={!canSeek}
            aria-label="Seek"
            aria-valuetext={`${formatTime(state.position)} of ${formatTime(state.duration)}`}
            onChange={(event) => radio.seek(Number(event.currentTarget.value))}
            onKeyDown={onSeekKey}
            className="block h-3 w-full cursor-pointer accent-pink disabled:cursor-not-allowed"
          />
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
            onClick={state.loaded ? radio.toggle : undefined}
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

        <p role="status" className={clsx("text-sm font-bold text-danger", !state.error && "sr-only")}>
          {state.error}
        </p>
      </div>
    </Dialog>
  );
}
