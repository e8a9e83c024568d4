/**
 * The Comments area's endpoints (GET/POST /api/admin/comments…, /api/admin/comments/bans…), keyed
 * under the signed-in curator (lib/query-client.ts), so signing out drops them. Every write
 * refreshes the area's lists and the public stories this browser keeps (their comments changed).
 */
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminComment,
  AdminCommentPage,
  AdminCommentState,
  CommentBanInput,
  CommentBanList,
  CommentBanResult,
} from "../../../../common/api/admin-comments";
import { api } from "../../../lib/api";
import { storiesKey } from "../../../lib/query-client";
import { adminKey, queryString } from "../shared/keys";

export type { AdminComment, AdminCommentState };

const commentsKey = (uid: string) => adminKey(uid, "comments");
const bansKey = (uid: string) => adminKey(uid, "comments", "bans");

function listComments(state: AdminCommentState, cursor: string | null, signal?: AbortSignal): Promise<AdminCommentPage> {
  return api<AdminCommentPage>(`/api/admin/comments${queryString({ state, cursor })}`, { signal });
}

export function useAdminComments(uid: string, state: AdminCommentState) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...commentsKey(uid), "list", state],
      queryFn: ({ pageParam, signal }) => listComments(state, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.next_cursor,
      staleTime: 0,
    }),
  );
}

export function useCommentBans(uid: string) {
  return useQuery({ queryKey: bansKey(uid), queryFn: ({ signal }) => api<CommentBanList>("/api/admin/comments/bans", { signal }), staleTime: 0 });
}

function useRefresh(uid: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: commentsKey(uid) });
    void queryClient.invalidateQueries({ queryKey: storiesKey });
  };
}

export function useMoveComment(uid: string) {
  const refresh = useRefresh(uid);
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: "hide" | "unhide" }) =>
      api<AdminComment>(`/api/admin/comments/${encodeURIComponent(id)}/${action}`, { method: "POST" }),
    onSettled: refresh,
  });
}

export function useBanFromCommenting(uid: string) {
  const refresh = useRefresh(uid);
  return useMutation({
    mutationFn: ({ userId, ban }: { userId: string; ban: CommentBanInput }) =>
      api<CommentBanResult>(`/api/admin/comments/bans/${encodeURIComponent(userId)}`, { method: "PUT", body: ban }),
    onSettled: refresh,
  });
}

export function useLiftCommentBan(uid: string) {
  const refresh = useRefresh(uid);
  return useMutation({
    mutationFn: (userId: string) => api<{ lifted: true }>(`/api/admin/comments/bans/${encodeURIComponent(userId)}`, { method: "DELETE" }),
    onSettled: refresh,
  });
}
