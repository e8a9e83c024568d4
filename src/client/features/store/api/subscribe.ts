import { useMutation } from "@tanstack/react-query";
import type { Profile } from "../../../../common/api/profile";
import { api, logFailure } from "../../../lib/api";

/** The part of the profile POST /api/me/subscribe answers with that the store needs. */
export type SubscribedProfile = Pick<Profile, "uid" | "subscribed">;

/** POST /api/me/subscribe: subscribes the signed-in user (free; DECISIONS.md 7). */
export function subscribe<P extends SubscribedProfile = SubscribedProfile>(): Promise<P> {
  return api<P>("/api/me/subscribe", { method: "POST" });
}

/**
 * The store's 'Subscribe to Shop' for a signed-in user. The profile belongs to the auth feature,
 * so the caller (the route) says how to put the new profile in its cache.
 */
export function useSubscribe<P extends SubscribedProfile>(onSubscribed: (profile: P) => void | Promise<void>) {
  return useMutation({
    mutationFn: () => subscribe<P>(),
    onSuccess: onSubscribed,
    onError: (error) => logFailure("subscribe failed", error),
  });
}
