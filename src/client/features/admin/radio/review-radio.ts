/**
 * The Radio area's endpoints (GET/POST/PUT /api/admin/radio…; issue 34, docs/decisions/0033),
 * keyed under the signed-in curator (lib/query-client.ts), so signing out drops them. Every write
 * refreshes the area, and the radio's own list this browser keeps (the rotation changed).
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { AdminRadio, AdminTrack } from "../../../../common/api/admin-radio";
import { api } from "../../../lib/api";
import { adminKey } from "../shared/keys";

export type { AdminRadio, AdminTrack };

const radioKey = (uid: string) => adminKey(uid, "radio");
/** The player's list of the rotation (features/radio), asked for again when the rotation changes. */
const PUBLIC_RADIO_KEY = ["radio"] as const;
const track = (id: string, action: string) => `/api/admin/radio/tracks/${encodeURIComponent(id)}/${action}`;

export function useAdminRadio(uid: string) {
  return useQuery({ queryKey: radioKey(uid), queryFn: ({ signal }) => api<AdminRadio>("/api/admin/radio", { signal }), staleTime: 0 });
}

/** Resolves once the area is read again, so an action is done when its lists show it (mutateAsync waits for onSettled). */
function refresh(queryClient: QueryClient, uid: string): Promise<unknown> {
  void queryClient.invalidateQueries({ queryKey: PUBLIC_RADIO_KEY });
  return queryClient.invalidateQueries({ queryKey: radioKey(uid) });
}

export type TrackReview =
  | { kind: "approve"; id: string }
  | { kind: "decline"; id: string; note: string }
  | { kind: "feature"; id: string; featured: boolean };

function review(action: TrackReview): Promise<AdminTrack> {
  switch (action.kind) {
    case "approve":
      return api<AdminTrack>(track(action.id, "approve"), { method: "POST" });
    case "decline":
      return api<AdminTrack>(track(action.id, "decline"), { method: "POST", body: { note: action.note } });
    case "feature":
      return api<AdminTrack>(track(action.id, "feature"), { method: "POST", body: { featured: action.featured } });
  }
}

/** Approve, decline (or take out of rotation, with a note), feature or unfeature one track. */
export function useReviewTrack(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: review, onSettled: () => refresh(queryClient, uid) });
}

/**
 * PUT the whole rotation in its new order: shown at once, and put back as the server has it if the
 * server refuses (409 ROTATION_CHANGED when it changed meanwhile).
 */
export function useOrderRotation(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rotation: AdminTrack[]) => api<AdminRadio>("/api/admin/radio/rotation", { method: "PUT", body: { ids: rotation.map((t) => t.id) } }),
    onMutate: async (rotation) => {
      await queryClient.cancelQueries({ queryKey: radioKey(uid) });
      queryClient.setQueryData<AdminRadio>(radioKey(uid), (radio) => radio && { ...radio, rotation });
    },
    onSuccess: (radio) => queryClient.setQueryData(radioKey(uid), radio),
    onSettled: () => refresh(queryClient, uid),
  });
}
