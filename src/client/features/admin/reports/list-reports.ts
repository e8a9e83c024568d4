/**
 * The reports queue (GET /api/admin/reports): one list per status, paged by the server's cursor.
 * Keyed under the signed-in curator (lib/query-client.ts), so signing out drops it.
 */
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { AdminReport, AdminReportPage } from "../../../../common/api/reports";
import type { ReportStatus } from "../../../../common/reports";
import { api } from "../../../lib/api";
import { userKey } from "../../../lib/query-client";

export type { AdminReport };

/** Every status's list: a resolution refreshes them all. */
export const adminReportsKey = (uid: string) => userKey(uid, "admin", "reports");

export function listAdminReports(status: ReportStatus, cursor: string | null, signal?: AbortSignal): Promise<AdminReportPage> {
  const query = new URLSearchParams({ status });
  if (cursor) query.set("cursor", cursor);
  return api<AdminReportPage>(`/api/admin/reports?${query}`, { signal });
}

export function adminReportsQueryOptions(uid: string, status: ReportStatus) {
  return infiniteQueryOptions({
    queryKey: [...adminReportsKey(uid), status],
    queryFn: ({ pageParam, signal }) => listAdminReports(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}

export function useAdminReports(uid: string, status: ReportStatus) {
  return useInfiniteQuery(adminReportsQueryOptions(uid, status));
}
