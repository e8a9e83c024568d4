import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AddressPrefill } from "../../../../common/api/orders";
import { api } from "../../../lib/api";
import { userKey } from "../../../lib/query-client";

/** GET /api/me/address: the last order's details, else the account's email and phone. */
export function getAddress(signal?: AbortSignal): Promise<AddressPrefill> {
  return api<AddressPrefill>("/api/me/address", { signal });
}

export function addressQueryOptions(uid: string) {
  return queryOptions({
    queryKey: userKey(uid, "address"),
    queryFn: ({ signal }) => getAddress(signal),
    staleTime: 0,
  });
}

/** Loaded only while the checkout is open. */
export function useAddress(uid: string, enabled: boolean) {
  return useQuery({ ...addressQueryOptions(uid), enabled });
}
