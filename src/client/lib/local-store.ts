/**
 * A value kept in the browser's local storage under one key, readable as an external store
 * (useSyncExternalStore): every tab and every component sees the same value, and a change in
 * another tab arrives through the `storage` event.
 *
 * What is stored is untrusted: `parse` turns it into a value or throws, and a value that cannot
 * be read is logged and treated as empty (spec §8), never a crash.
 */
import { useEffect, useRef } from "react";

export interface LocalStore<T> {
  get(): T;
  set(value: T): void;
  /** Removes the key; get() is then the empty value. */
  clear(): void;
  subscribe(listener: () => void): () => void;
  /**
   * The empty value: what a server render saw, and so what hydrating a server-rendered page must
   * start from (useSyncExternalStore's server snapshot); the stored value follows at once.
   */
  serverSnapshot(): T;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage can be switched off (privacy settings); the site then simply forgets.
    return null;
  }
}

export function createLocalStore<T>(key: string, empty: T, parse: (raw: unknown) => T): LocalStore<T> {
  const listeners = new Set<() => void>();
  // The parsed value is cached by its raw text, so get() is stable between changes.
  let cachedRaw: string | null = null;
  let cachedValue: T = empty;

  function read(): T {
    const raw = storage()?.getItem(key) ?? null;
    if (raw === cachedRaw) return cachedValue;
    cachedRaw = raw;
    cachedValue = empty;
    if (raw !== null) {
      try {
        cachedValue = parse(JSON.parse(raw));
      } catch (error) {
        console.warn(`Ignoring the saved ${key}: it could not be read.`, error);
      }
    }
    return cachedValue;
  }

  function notify() {
    for (const listener of listeners) listener();
  }

  function onStorage(event: StorageEvent) {
    if (event.key === key || event.key === null) notify();
  }

  return {
    get: read,
    serverSnapshot: () => empty,
    set(value) {
      try {
        storage()?.setItem(key, JSON.stringify(value));
      } catch (error) {
        console.warn(`Could not save ${key}.`, error);
      }
      notify();
    },
    clear() {
      storage()?.removeItem(key);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) window.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener("storage", onStorage);
      };
    },
  };
}

/** Whose cart and favorites these are: the account's (on the server) or the visitor's (in the browser). */
export type DataOwner = { status: "unknown" } | { status: "signed-out" } | { status: "signed-in"; uid: string };

/**
 * DECISIONS.md 9: signing out leaves nothing of the account behind in the browser. Clears the
 * store when the session goes from signed in to signed out.
 */
export function useClearOnSignOut(status: DataOwner["status"], store: LocalStore<unknown>): void {
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === "signed-in" && status === "signed-out") store.clear();
    previous.current = status;
  }, [status, store]);
}
