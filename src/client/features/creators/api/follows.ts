/**
 * Follows (issue 32): the creators the signed-in account follows (GET /api/me/follows, kept under
 * the user, so signing out drops it) and following or unfollowing one (PUT/DELETE
 * /api/me/follows/{creatorId}), whose answer also updates the creator page's follower count.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Follows, FollowState } from "../../../../common/api/follows";
import { api } from "../../../lib/api";
import { userKey } from "../../../lib/query-client";
import { creatorPageQueryOptions, type CreatorProfilePage } from "./get-creator-page";

export const followsKey = (uid: string) => userKey(uid, "follows");
const followPath = (creatorId: string) => `/api/me/follows/${encodeURIComponent(creatorId)}`;

export function useFollows(uid: string | null) {
  return useQuery({
    queryKey: followsKey(uid ?? ""),
    queryFn: ({ signal }) => api<Follows>("/api/me/follows", { signal }),
    enabled: uid !== null,
  });
}

/**
 * Follows or unfollows; the answer updates the account's list and the creator page's count. A
 * plain request rather than useMutation: the creator page's first load stays within its budget.
 */
export function useSetFollow(uid: string) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  async function setFollow(creatorId: string, follow: boolean): Promise<FollowState> {
    setPending(true);
    try {
      const state = await api<FollowState>(followPath(creatorId), { method: follow ? "PUT" : "DELETE" });
      queryClient.setQueryData<Follows>(followsKey(uid), (old) => {
        if (!old) return old;
        const others = old.creator_ids.filter((id) => id !== state.creator_id);
        // Settings' list is read again when Settings opens (following-settings.tsx).
        return { ...old, creator_ids: state.following ? [state.creator_id, ...others] : others };
      });
      queryClient.setQueryData<CreatorProfilePage>(creatorPageQueryOptions(state.creator_id).queryKey, (old) => old && { ...old, followers: state.followers });
      return state;
    } finally {
      setPending(false);
    }
  }
  return { setFollow, pending };
}

