import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** Public settings of GET /api/config. */
export interface SiteConfig {
  contactEmail: string;
  instagramUrl: string;
  showBackendBanner: boolean;
}

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
