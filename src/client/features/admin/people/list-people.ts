/** GET /api/admin/people: every account with its role, newest first, a page at a time. */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { PeoplePage, Person } from "../../../../common/api/admin";
import type { Role } from "../../../../common/roles";
import { api } from "../../../lib/api";
import { adminKey, queryString } from "../shared/keys";

export type { Person };

export interface PeopleFilter {
  q: string;
  role: Role | "";
}

export function listPeople(filter: PeopleFilter, cursor: string | null, signal?: AbortSignal): Promise<PeoplePage> {
  return api<PeoplePage>(`/api/admin/people${queryString({ q: filter.q.trim(), role: filter.role, cursor })}`, { signal });
}

export const peopleKey = (uid: string) => adminKey(uid, "people");

export function peopleQueryOptions(uid: string, filter: PeopleFilter) {
  return infiniteQueryOptions({
    queryKey: [...peopleKey(uid), filter.q.trim(), filter.role] as const,
    queryFn: ({ signal, pageParam }) => listPeople(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 0,
  });
}

export function usePeople(uid: string, filter: PeopleFilter) {
  return useInfiniteQuery({ ...peopleQueryOptions(uid, filter), placeholderData: keepPreviousData });
}
