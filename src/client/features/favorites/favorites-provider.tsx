/**
 * Favorites (the spec's likes, §4) for the whole app: sets of ids by kind, the spec's three (stories,
 * creators, products) and the radio's tracks (issue 34).
 * Signed in, they live on the server, one change per request so two tabs never overwrite each
 * other; signed out, in local storage (`maybeUserLikes`). A heart changes at once; a failure that
 * remains after retries reaches the caller, who tells the user, and the ids are reloaded.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from "react";
import type { FavoriteIds, FavoriteKind } from "../../../common/api/favorites";
import { useClearOnSignOut, type DataOwner } from "../../lib/local-store";
import { withRetry } from "../../lib/retry";
import { favoritesQueryOptions } from "./api/get-favorites";
// Aliased: the context below has a setFavorite of its own, which ends in this request when signed in.
import { setFavorite as sendFavorite } from "./api/set-favorite";
import { GROUP, NO_FAVORITES, countFavorites, localFavorites, saveLocalFavorites, withFavorite } from "./lib/local-favorites";

export type { FavoriteKind };

/** Whose favorites these are: the app passes the session in, so this feature needs no other. */
export type FavoritesOwner = DataOwner;

export interface FavoritesContextValue {
  /** True until the favorites are known (the session, then the signed-in user's ids). */
  loading: boolean;
  ids: FavoriteIds;
  count: number;
  isFavorite(kind: FavoriteKind, id: string): boolean;
  /** Saves (true) or removes (false) a favorite; rejects when the change could not be saved. */
  setFavorite(kind: FavoriteKind, id: string, favorite: boolean): Promise<void>;
}

const FavoritesContext = createContext<FavoritesContextValue | null>(null);

export function FavoritesProvider({ owner, children }: { owner: FavoritesOwner; children: ReactNode }) {
  const queryClient = useQueryClient();
  const uid = owner.status === "signed-in" ? owner.uid : undefined;
  const server = useQuery(favoritesQueryOptions(uid));
  const local = useSyncExternalStore(localFavorites.subscribe, localFavorites.get, localFavorites.serverSnapshot);

  useClearOnSignOut(owner.status, localFavorites);

  useEffect(() => {
    // Spec §8: a load failure is logged; no favorites show until the next load.
    if (server.error) console.error("favorites failed to load", server.error);
  }, [server.error]);

  const save = useCallback(
    async (kind: FavoriteKind, id: string, favorite: boolean) => {
      const options = favoritesQueryOptions(uid);
      // Spec §4: saving starts only after the first load completes.
      await queryClient.ensureQueryData(options);
      await queryClient.cancelQueries({ queryKey: options.queryKey });
      queryClient.setQueryData(options.queryKey, (ids) => withFavorite(ids ?? NO_FAVORITES, kind, id, favorite));
      try {
        // Liking and unliking are idempotent, so a transient failure is simply tried again.
        await withRetry(() => sendFavorite(kind, id, favorite));
      } catch (error) {
        void queryClient.invalidateQueries({ queryKey: options.queryKey });
        throw error;
      }
    },
    [queryClient, uid],
  );

  const value = useMemo<FavoritesContextValue>(() => {
    const signedIn = uid !== undefined;
    const ids = signedIn ? (server.data ?? NO_FAVORITES) : local;
    return {
      loading: owner.status === "unknown" || (signedIn && server.isPending),
      ids,
      count: countFavorites(ids),
      isFavorite: (kind, id) => ids[GROUP[kind]].includes(id),
      async setFavorite(kind, id, favorite) {
        if (signedIn) return save(kind, id, favorite);
        saveLocalFavorites(withFavorite(localFavorites.get(), kind, id, favorite));
      },
    };
  }, [uid, owner.status, server.data, server.isPending, local, save]);

  return <FavoritesContext.Provider value={value}>{children}</FavoritesContext.Provider>;
}

/** The app's favorites. Spec §8: using them outside their provider is a programming error. */
export function useFavorites(): FavoritesContextValue {
  const value = useContext(FavoritesContext);
  if (!value) throw new Error("useFavorites must be used inside <FavoritesProvider>: wrap the app in AppProviders.");
  return value;
}
