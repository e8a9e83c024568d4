import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SiteConfig } from "../../../../common/api/site";
import { api } from "../../../lib/api";

export type { SiteConfig };

export function getConfig(signal?: AbortSignal): Promise<SiteConfig> {
  return api<SiteConfig>("/api/config", { signal });
}

export function configQueryOptions() {
  return queryOptions({
    queryKey: ["config"] as const,
    queryFn: ({ signal }) => getConfig(signal),
    staleTime: 5 * 60_000,
  });
}

export function useSiteConfig() {
  return useQuery(configQueryOptions());
}
