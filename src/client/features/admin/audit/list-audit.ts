/** GET /api/admin/audit: the audit log, newest first, filtered, a page at a time. */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { AuditEntry, AuditPage } from "../../../../common/api/admin";
import { api } from "../../../lib/api";
import { adminKey, queryString } from "../shared/keys";

export type { AuditEntry };

export interface AuditFilter {
  action: string;
  target_kind: string;
  target_id: string;
  actor: string;
}

export function listAudit(filter: AuditFilter, cursor: string | null, signal?: AbortSignal): Promise<AuditPage> {
  const trimmed = Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, v.trim()]));
  return api<AuditPage>(`/api/admin/audit${queryString({ ...trimmed, cursor })}`, { signal });
}

export function auditQueryOptions(uid: string, filter: AuditFilter) {
  return infiniteQueryOptions({
    queryKey: [...adminKey(uid, "audit"), filter.action, filter.target_kind, filter.target_id, filter.actor] as const,
    queryFn: ({ signal, pageParam }) => listAudit(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 0,
  });
}

export function useAudit(uid: string, filter: AuditFilter) {
  return useInfiniteQuery({ ...auditQueryOptions(uid, filter), placeholderData: keepPreviousData });
}
