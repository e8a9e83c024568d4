/**
 * Media Session: the OS media controls and keyboard media keys show the current track and drive
 * the radio (play, pause, next, previous, seek).
 */
import { currentTrack, type RadioState } from "./playlist";
import type { RadioController } from "./radio-controller";

/** The part of navigator.mediaSession the radio uses (a fake in unit tests). */
export interface MediaSessionLike {
  metadata: MediaMetadata | null;
  playbackState: MediaSessionPlaybackState;
  setActionHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null): void;
  setPositionState?(state?: MediaPositionState): void;
}

export type MetadataFactory = (init: MediaMetadataInit) => MediaMetadata;

const ACTIONS = ["play", "pause", "nexttrack", "previoustrack", "seekto"] as const;

export function connectMediaSession(
  controller: RadioController,
  session: MediaSessionLike,
  createMetadata: MetadataFactory = (init) => new MediaMetadata(init),
): () => void {
  const handlers: Record<(typeof ACTIONS)[number], MediaSessionActionHandler> = {
    play: () => controller.play(),
    pause: () => controller.pause(),
    nexttrack: () => controller.next(),
    previoustrack: () => controller.previous(),
    seekto: (details) => {
      if (details.seekTime !== undefined) controller.seek(details.seekTime);
    },
  };
  for (const action of ACTIONS) {
    try {
      session.setActionHandler(action, handlers[action]);
    } catch {
      // An action this browser does not know: the others still work.
    }
  }

  let shownTrack: string | undefined;
  const sync = (state: RadioState) => {
    if (!state.armed) return;
    const track = currentTrack(state);
    if (track && track.id !== shownTrack) {
      shownTrack = track.id;
      session.metadata = createMetadata({ title: track.title, artist: track.artist, album: "MAYBE Radio" });
    }
    session.playbackState = state.playing ? "playing" : "paused";
    if (state.loaded && state.duration > 0) {
      try {
        session.setPositionState?.({ duration: state.duration, position: Math.min(state.position, state.duration), playbackRate: 1 });
      } catch {
        // A position the browser refuses is not worth a broken player.
      }
    }
  };
  sync(controller.getState());
  const unsubscribe = controller.subscribe(() => sync(controller.getState()));

  return () => {
    unsubscribe();
    for (const action of ACTIONS) {
      try {
        session.setActionHandler(action, null);
      } catch {
        // See above.
      }
    }
  };
}
