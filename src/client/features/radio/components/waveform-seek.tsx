import { clsx } from "clsx";
import { useMemo, type KeyboardEvent } from "react";
import { WAVEFORM_POINTS } from "../../../../common/radio";
import { formatTime } from "../lib/playlist";
import { seekTarget } from "../lib/seek-keys";

/** The bars drawn for a track without a waveform yet (some of the house's). */
const FLAT: readonly number[] = Array.from({ length: WAVEFORM_POINTS }, () => 0.3);
/** Each bar's slot in the drawing's units: the bar, then a gap. */
const SLOT = 4;
const BAR = 3;
/** The quietest bar still shows as a sliver. */
const MIN_PEAK = 0.06;

export interface WaveformSeekProps {
  /** Peaks 0-1 (WAVEFORM_POINTS of them), or null: flat bars. */
  waveform: readonly number[] | null;
  /** Seconds. */
  position: number;
  duration: number;
  disabled: boolean;
  onSeek: (position: number) => void;
}

/**
 * The seek bar (issue 34): the track's waveform, played part highlighted, under a native range
 * input that is the one control, so it is a real slider for every assistive technology, pointer
 * and touch, and keeps the name 'Seek'. Keys: arrows ±5 s, Page Up/Down ±30 s, Home, End.
 */
export function WaveformSeek({ waveform, position, duration, disabled, onSeek }: WaveformSeekProps) {
  const peaks = waveform && waveform.length > 0 ? waveform : FLAT;
  const bars = useMemo(
    () =>
      peaks.map((peak, i) => {
        const height = Math.round(Math.min(1, Math.max(MIN_PEAK, peak)) * 1000) / 10;
        return { x: i * SLOT, y: (100 - height) / 2, height };
      }),
    [peaks],
  );
  const share = duration > 0 ? Math.min(1, Math.max(0, position / duration)) : 0;
  // A bar counts as played once the position has passed its middle.
  const played = Math.round(share * bars.length);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = seekTarget(event.key, position, duration);
    if (target === null) return;
    event.preventDefault();
    onSeek(target);
  }

  return (
    <div data-testid="waveform" data-bars={bars.length} className="relative h-16 rounded-md border-[3px] border-ink bg-white">
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${bars.length * SLOT - (SLOT - BAR)} 100`}
        preserveAspectRatio="none"
        className={clsx("pointer-events-none absolute inset-x-1.5 inset-y-1.5 h-[calc(100%-0.75rem)] w-[calc(100%-0.75rem)]", disabled && "opacity-60")}
      >
        <g data-played="" className="fill-pink-dark">
          {bars.slice(0, played).map((bar) => (
            <rect key={bar.x} x={bar.x} y={bar.y} width={BAR} height={bar.height} rx={1} />
          ))}
        </g>
        <g className="fill-ink/30">
          {bars.slice(played).map((bar) => (
            <rect key={bar.x} x={bar.x} y={bar.y} width={BAR} height={bar.height} rx={1} />
          ))}
        </g>
      </svg>
      <input
        type="range"
        min={0}
        max={disabled ? 0 : duration}
        step={0.1}
        value={disabled ? 0 : position}
        disabled={disabled}
        aria-label="Seek"
        aria-valuetext={`${formatTime(position)} of ${formatTime(duration)}`}
        onChange={(event) => onSeek(Number(event.currentTarget.value))}
        onKeyDown={onKeyDown}
        className={clsx(
          "absolute inset-x-1.5 inset-y-0 block h-full w-[calc(100%-0.75rem)] cursor-pointer appearance-none bg-transparent focus-visible:outline-offset-[6px] disabled:cursor-not-allowed",
          "[&::-webkit-slider-runnable-track]:h-full [&::-webkit-slider-runnable-track]:bg-transparent",
          "[&::-webkit-slider-thumb]:h-full [&::-webkit-slider-thumb]:w-1 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-sm [&::-webkit-slider-thumb]:bg-ink",
          "[&::-moz-range-track]:h-full [&::-moz-range-track]:bg-transparent",
          "[&::-moz-range-thumb]:h-full [&::-moz-range-thumb]:w-1 [&::-moz-range-thumb]:rounded-sm [&::-moz-range-thumb]:border-0 [&::-moz-range-thumb]:bg-ink",
          "disabled:[&::-webkit-slider-thumb]:opacity-0 disabled:[&::-moz-range-thumb]:opacity-0",
        )}
      />
    </div>
  );
}
