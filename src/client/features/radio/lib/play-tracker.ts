/**
 * How long a track was actually heard, for counting plays as Bandcamp does (issue 34,
 * docs/decisions/0033): the server decides complete, partial or skipped from `listened_ms`. Only
 * the position's forward moves while playing count, and only as fast as time passes: a seek (the
 * player says so with `jump`) or any other leap of the position is not listening, and neither is
 * a pause. Pure: the caller gives the wall clock.
 */

/** What POST /api/radio/plays is sent. */
export interface PlayReport {
  track_id: string;
  listened_ms: number;
}

/** How much further than the wall clock (s) the position may move between two updates and still count as heard. */
export const DRIFT_S = 0.5;

export class PlayTracker {
  private trackId: string | null = null;
  private heard = 0;
  /** Where the position was last seen while playing, and when (ms); null after a pause or a seek. */
  private anchor: { position: number; at: number } | null = null;
  private done = false;

  /** A new play of a track begins (null: none). Returns the play this ends, if it is to be sent. */
  begin(trackId: string | null): PlayReport | null {
    const report = this.end();
    this.trackId = trackId;
    this.heard = 0;
    this.anchor = null;
    this.done = false;
    return report;
  }

  /** The position (s) at wall time `now` (ms), playing or not. */
  update(position: number, playing: boolean, now: number): void {
    if (!playing || this.trackId === null || !Number.isFinite(position)) {
      this.anchor = null;
      return;
    }
    const last = this.anchor;
    if (last) {
      const moved = position - last.position;
      const elapsed = Math.max(0, now - last.at) / 1000;
      if (moved > 0 && moved <= elapsed + DRIFT_S) this.heard += moved;
    }
    this.anchor = { position, at: now };
  }

  /** The position is being moved (a seek): the next update starts counting afresh. */
  jump(): void {
    this.anchor = null;
  }

  /** Seconds heard of the current play. */
  get heardSeconds(): number {
    return this.heard;
  }

  /**
   * Ends the current play: its report, at most once, and none when nothing was heard (a track
   * never started). Listening on to the same play after this counts no more.
   */
  end(): PlayReport | null {
    const listened_ms = Math.round(this.heard * 1000);
    if (this.trackId === null || this.done || listened_ms <= 0) return null;
    this.done = true;
    return { track_id: this.trackId, listened_ms };
  }
}
