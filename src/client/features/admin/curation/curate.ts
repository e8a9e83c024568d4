/**
 * The curation writes: POST /api/admin/curation/{kind}/{id}/feature, unfeature, hide and unhide,
 * …/creator/{id}/suspend and unsuspend (with an optional note), and PUT …/{kind}/featured-order.
 * After any of them the back office's lists and the site's own lists are asked again.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CurationItem, FeaturedList } from "../../../../common/api/admin-curation";
import type { CurationKind } from "../../../../common/curation-fields";
import { api } from "../../../lib/api";
import { creatorsKey, productsKey, storiesKey } from "../../../lib/query-client";
import { adminKey } from "../shared/keys";

export type CurationAction = "feature" | "unfeature" | "hide" | "unhide" | "suspend" | "unsuspend";

export function curate(kind: CurationKind, id: string, action: CurationAction, note?: string): Promise<CurationItem> {
  const path = `/api/admin/curation/${kind}/${encodeURIComponent(id)}/${action}`;
  const noted = action !== "feature" && action !== "unfeature";
  return api<CurationItem>(path, { method: "POST", body: noted && note ? { note } : undefined });
}

/** 409 FEATURED_CHANGED when `ids` is no longer the featured set (another curator changed it). */
export function reorderFeatured(kind: CurationKind, ids: readonly string[]): Promise<FeaturedList> {
  return api<FeaturedList>(`/api/admin/curation/${kind}/featured-order`, { method: "PUT", body: { ids } });
}

function useRefreshAfter(uid: string) {
  const queryClient = useQueryClient();
  return () => {
    // Also after a failure: a 409 or 404 means the lists no longer show what is there.
    void queryClient.invalidateQueries({ queryKey: adminKey(uid) });
    for (const key of [productsKey, storiesKey, creatorsKey]) void queryClient.invalidateQueries({ queryKey: key });
  };
}

export function useCurate(uid: string) {
  const refresh = useRefreshAfter(uid);
  return useMutation({
    mutationFn: ({ kind, id, action, note }: { kind: CurationKind; id: string; action: CurationAction; note?: string }) => curate(kind, id, action, note),
    onSettled: refresh,
  });
}

export function useReorderFeatured(uid: string) {
  const refresh = useRefreshAfter(uid);
  return useMutation({
    mutationFn: ({ kind, ids }: { kind: CurationKind; ids: readonly string[] }) => reorderFeatured(kind, ids),
    onSettled: refresh,
  });
}
