import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};
const inBrowser = () => false;
const fromServer = () => true;

/**
 * True while React renders on the server or hydrates the server's HTML in the browser; false in
 * any other browser render (a page opened inside the app, a re-render after hydrating). React
 * reads a store's server snapshot exactly then, so this is its own answer, not a guess.
 */
export function useServerRendered(): boolean {
  return useSyncExternalStore(subscribeToNothing, inBrowser, fromServer);
}
