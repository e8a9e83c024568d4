/**
 * A creator's messages to their followers (/api/studio/messages, docs/decisions/0030): the
 * audience (counts only), the past messages and when the next may go. Keyed under the user
 * (lib/query-client.ts), so signing out drops them.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreatorMessageDraftInput, StudioMessageSent, StudioMessages } from "../../../../common/api/studio-messages";
import { api } from "../../../lib/api";
import { userKey } from "../../../lib/query-client";

const BASE = "/api/studio/messages";

export const studioMessagesKey = (uid: string) => userKey(uid, "studio", "messages");

export function studioMessagesQueryOptions(uid: string) {
  return queryOptions({
    queryKey: studioMessagesKey(uid),
    queryFn: ({ signal }) => api<StudioMessages>(BASE, { signal }),
  });
}

export function useStudioMessages(uid: string) {
  return useQuery(studioMessagesQueryOptions(uid));
}

/** POST: 429 RATE_LIMITED within a week of the last message, 403 SUSPENDED while the profile is off the site. */
export function useSendMessage(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: CreatorMessageDraftInput) => api<StudioMessageSent>(BASE, { method: "POST", body: draft }),
    // The list shows the new message at once; a refusal may mean another tab sent one.
    onSettled: () => queryClient.invalidateQueries({ queryKey: studioMessagesKey(uid) }),
  });
}
