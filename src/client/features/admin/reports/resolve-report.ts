/**
 * Resolving a report (POST /api/admin/reports/{id}/hide or /dismiss). Either way every list of the
 * queue is refreshed (the item's other reports closed too, or another curator got there first);
 * hiding also refreshes the public reads this browser keeps, which the item has left.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReportResolution } from "../../../../common/api/reports";
import { api } from "../../../lib/api";
import { creatorsKey, productsKey, storiesKey } from "../../../lib/query-client";
import { adminReportsKey } from "./list-reports";

export type ResolveAction = "hide" | "dismiss";

export interface ResolveRequest {
  id: string;
  action: ResolveAction;
  note: string;
}

export function resolveReport({ id, action, note }: ResolveRequest): Promise<ReportResolution> {
  return api<ReportResolution>(`/api/admin/reports/${encodeURIComponent(id)}/${action}`, { method: "POST", body: { note } });
}

export function useResolveReport(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    onSettled: (_data, _error, request) => {
      void queryClient.invalidateQueries({ queryKey: adminReportsKey(uid) });
      if (request.action === "hide") {
        for (const key of [storiesKey, productsKey, creatorsKey]) void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}
