import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, logFailure } from "../../../lib/api";
import { USER_SCOPE } from "../../../lib/query-client";
import { meQueryKey } from "./get-me";

export function signOut(): Promise<unknown> {
  return api<unknown>("/api/auth/sign-out", { method: "POST", body: {} });
}

/** Drops the profile and every per-user cache. A failure is logged only (spec §8). */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.setQueryData(meQueryKey, null);
      queryClient.removeQueries({ queryKey: [USER_SCOPE] });
    },
    onError: (error) => {
      logFailure("sign-out failed", error);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
