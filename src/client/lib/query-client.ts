import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api";

/** A 4xx answer will not change on a retry; network failures and 5xx get two more tries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * Data that belongs to the signed-in user is keyed under ["user", uid, ...], so a different
 * account never sees another's cache and signing out drops it all with one call.
 */
export const USER_SCOPE = "user";

export function userKey(uid: string, ...parts: string[]) {
  return [USER_SCOPE, uid, ...parts] as const;
}

/**
 * Every catalog query (product lists and single products) starts with this key, so a change of
 * stock (an order placed or cancelled) refreshes them all with one invalidation.
 */
export const productsKey = ["products"] as const;

/** Every read of the public stories (the list and each story's page). */
export const storiesKey = ["stories"] as const;

/** Every read of the creators directory and the creators' pages. */
export const creatorsKey = ["creators"] as const;
