/**
 * How the studio's Tracks and the back office's Radio write a track's facts (issue 34,
 * docs/decisions/0033): its length, its measured loudness with the gain the player applies, and
 * its plays. Shared here (lib/), as client features do not import each other.
 */
import type { PlayCounts } from "../../common/api/studio-tracks";

const COUNT = new Intl.NumberFormat("en-US");

/** "3:05", "12:00"; an hour or more "1:02:05"; "Unknown" when not measured. */
export function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return "Unknown";
  const total = Math.round(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/** A signed decibel figure with one decimal: "+2.0", "-1.8", "0.0". */
function signed(db: number): string {
  const fixed = (Math.round(db * 10) / 10).toFixed(1);
  if (fixed === "-0.0") return "0.0";
  return db > 0 && fixed !== "0.0" ? `+${fixed}` : fixed;
}

/** "-14.2 LUFS, plays at -1.8 dB"; only the gain when the loudness was not measured. */
export function formatLoudness(loudnessLufs: number | null, gainDb: number): string {
  const gain = `plays at ${signed(gainDb)} dB`;
  return loudnessLufs === null ? `Not measured, ${gain}` : `${(Math.round(loudnessLufs * 10) / 10).toFixed(1)} LUFS, ${gain}`;
}

/** "12 complete · 3 partial · 1 skipped". */
export function formatPlays(plays: PlayCounts): string {
  return `${COUNT.format(plays.complete)} complete · ${COUNT.format(plays.partial)} partial · ${COUNT.format(plays.skipped)} skipped`;
}

/** "42 / 100", a field's length against its limit. */
export function formatCount(length: number, max: number): string {
  return `${COUNT.format(length)} / ${COUNT.format(max)}`;
}
