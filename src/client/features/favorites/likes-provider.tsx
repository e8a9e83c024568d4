/**
 * Likes (favorites) of spec §4 for the whole app: three sets of ids (stories, creators, products).
 * Signed in, they live on the server, one like per request so two tabs never overwrite each
 * other; signed out, in local storage (`maybeUserLikes`). A heart changes at once; a failure that
 * remains after retries reaches the caller, who tells the user, and the ids are reloaded.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from "react";
import type { FavoriteIds, FavoriteKind } from "../../../common/api-types";
import { useClearOnSignOut, type DataOwner } from "../../lib/local-store";
import { withRetry } from "../../lib/retry";
import { favoritesQueryOptions } from "./api/get-favorites";
import { setFavorite } from "./api/set-favorite";
import { GROUP, NO_LIKES, countLikes, localLikes, withLike } from "./lib/local-likes";

export type { FavoriteKind };

/** Whose likes these are: the app passes the session in, so this feature needs no other. */
export type LikesOwner = DataOwner;

export interface LikesContextValue {
  /** True until the likes are known (the session, then the signed-in user's ids). */
  loading: boolean;
  ids: FavoriteIds;
  count: number;
  isLiked(kind: FavoriteKind, id: string): boolean;
  /** Likes (true) or unlikes (false); rejects when the change could not be saved. */
  setLiked(kind: FavoriteKind, id: string, liked: boolean): Promise<void>;
}

const LikesContext = createContext<LikesContextValue | null>(null);

export function LikesProvider({ owner, children }: { owner: LikesOwner; children: ReactNode }) {
  const queryClient = useQueryClient();
  const uid = owner.status === "signed-in" ? owner.uid : undefined;
  const server = useQuery(favoritesQueryOptions(uid));
  const local = useSyncExternalStore(localLikes.subscribe, localLikes.get, localLikes.get);

  useClearOnSignOut(owner.status, localLikes);

  useEffect(() => {
    // Spec §8: a load failure is logged; no likes show until the next load.
    if (server.error) console.error("favorites failed to load", server.error);
  }, [server.error]);

  const save = useCallback(
    async (kind: FavoriteKind, id: string, liked: boolean) => {
      const options = favoritesQueryOptions(uid);
      // Spec §4: saving starts only after the first load completes.
      await queryClient.ensureQueryData(options);
      await queryClient.cancelQueries({ queryKey: options.queryKey });
      queryClient.setQueryData(options.queryKey, (ids) => withLike(ids ?? NO_LIKES, kind, id, liked));
      try {
        // Liking and unliking are idempotent, so a transient failure is simply tried again.
        await withRetry(() => setFavorite(kind, id, liked));
      } catch (error) {
        void queryClient.invalidateQueries({ queryKey: options.queryKey });
        throw error;
      }
    },
    [queryClient, uid],
  );

  const value = useMemo<LikesContextValue>(() => {
    const signedIn = uid !== undefined;
    const ids = signedIn ? (server.data ?? NO_LIKES) : local;
    return {
      loading: owner.status === "unknown" || (signedIn && server.isPending),
      ids,
      count: countLikes(ids),
      isLiked: (kind, id) => ids[GROUP[kind]].includes(id),
      async setLiked(kind, id, liked) {
        if (signedIn) return save(kind, id, liked);
        localLikes.set(withLike(localLikes.get(), kind, id, liked));
      },
    };
  }, [uid, owner.status, server.data, server.isPending, local, save]);

  return <LikesContext.Provider value={value}>{children}</LikesContext.Provider>;
}

/** The app's likes. Spec §8: using them outside their provider is a programming error. */
export function useLikes(): LikesContextValue {
  const value = useContext(LikesContext);
  if (!value) throw new Error("useLikes must be used inside <LikesProvider>: wrap the app in AppProviders.");
  return value;
}
