/**
 * "Play this on the radio" from a page outside the player (the Favorites page's liked tracks,
 * issue 34): the header's radio button (components/radio-control.tsx) listens, starts the track
 * within the click that asked, and opens the player on it. Nothing listens while signed out (the
 * radio is the signed-in header's), and then a request does nothing.
 */
type PlayRequestListener = (trackId: string) => void;

const listeners = new Set<PlayRequestListener>();

/** Asks the radio to play the track with this id (one in the rotation; another opens the player only). */
export function playOnTheRadio(trackId: string): void {
  for (const listener of listeners) listener(trackId);
}

/** Listens for requests to play a track; returns the function that stops listening. */
export function onPlayRequest(listener: PlayRequestListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
