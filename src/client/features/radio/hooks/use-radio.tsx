import { createContext, use, useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { connectMediaSession } from "../lib/media-session";
import type { RadioState } from "../lib/playlist";
import { RadioController } from "../lib/radio-controller";

const RadioContext = createContext<RadioController | null>(null);

/**
 * Holds the radio above the routes, so music keeps playing across navigation and while the player
 * is closed. Renders the one (invisible) <audio> element.
 */
export function RadioProvider({ children }: { children: ReactNode }) {
  const [controller] = useState(() => new RadioController());

  useEffect(() => {
    if (!("mediaSession" in navigator) || typeof MediaMetadata === "undefined") return;
    return connectMediaSession(controller, navigator.mediaSession);
  }, [controller]);

  return (
    <RadioContext value={controller}>
      {children}
      <audio ref={controller.audioRef} preload="auto" data-radio-audio="" />
    </RadioContext>
  );
}

/** The radio's controls. Throws outside <RadioProvider> (spec §8). */
export function useRadio(): RadioController {
  const controller = use(RadioContext);
  if (!controller) {
    throw new Error("useRadio must be used inside <RadioProvider>: wrap the app in it (src/client/app/providers.tsx).");
  }
  return controller;
}

/** The radio's state; re-renders on every change (the position moves a few times a second). */
export function useRadioState(): RadioState {
  const controller = useRadio();
  return useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
}

/** One value of the state (a primitive), re-rendering only when it changes. */
export function useRadioSelector<T extends string | number | boolean | null | undefined>(select: (state: RadioState) => T): T {
  const controller = useRadio();
  return useSyncExternalStore(
    controller.subscribe,
    () => select(controller.getState()),
    () => select(controller.getState()),
  );
}
