/**
 * What the studio's Tracks and the back office's Radio show alike of a track (issue 34,
 * docs/decisions/0033): its facts (length, measured loudness with the gain the player applies,
 * plays) and a player to hear it as it was received. Shared here, as client features do not
 * import each other; the figures are written by lib/track-format.ts.
 */
import type { PlayCounts } from "../../../common/api/studio-tracks";
import { formatDuration, formatLoudness, formatPlays } from "../../lib/track-format";

export const TRACK_FACTS_TEXT = {
  duration: "Length",
  loudness: "Loudness",
  plays: "Plays",
  listen: (title: string) => `Listen to ${title}`,
} as const;

export interface TrackFactsProps {
  track: { duration_ms: number | null; loudness_lufs: number | null; gain_db: number; plays: PlayCounts };
  /** With its plays (a track waiting for review has none to show). */
  plays?: boolean;
}

/** Length, loudness and (unless `plays` is false) plays, as a description list. */
export function TrackFacts({ track, plays = true }: TrackFactsProps) {
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
      <Fact term={TRACK_FACTS_TEXT.duration}>{formatDuration(track.duration_ms)}</Fact>
      <Fact term={TRACK_FACTS_TEXT.loudness}>{formatLoudness(track.loudness_lufs, track.gain_db)}</Fact>
      {plays && <Fact term={TRACK_FACTS_TEXT.plays}>{formatPlays(track.plays)}</Fact>}
    </dl>
  );
}

function Fact({ term, children }: { term: string; children: string }) {
  return (
    <div className="flex flex-wrap gap-x-1.5">
      <dt className="font-bold">{term}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}

/** The browser's own player for the track's audio, named after the track. */
export function TrackAudio({ track }: { track: { title: string; audio_url: string } }) {
  // preload="none": a list of tracks must not fetch every file; the bytes come on Play.
  return <audio controls preload="none" src={track.audio_url} aria-label={TRACK_FACTS_TEXT.listen(track.title)} className="h-10 w-full max-w-md" />;
}
