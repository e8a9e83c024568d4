/** The creator's own profile in the studio (GET and PUT /api/studio/profile). */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { StudioProfile } from "../../../../common/api/studio";
import type { CreatorProfileInput } from "../../../../common/creator-schemas";
import { api } from "../../../lib/api";
import { creatorsKey, storiesKey, userKey } from "../../../lib/query-client";

export type { StudioProfile };

export const studioProfileKey = (uid: string) => userKey(uid, "studio", "profile");

/** 401 when signed out, 403 NOT_CREATOR for an account that is not a creator. */
export function getStudioProfile(signal?: AbortSignal): Promise<StudioProfile> {
  return api<StudioProfile>("/api/studio/profile", { signal });
}

export function updateStudioProfile(profile: CreatorProfileInput): Promise<StudioProfile> {
  return api<StudioProfile>("/api/studio/profile", { method: "PUT", body: profile });
}

export function studioProfileQueryOptions(uid: string) {
  return queryOptions({
    queryKey: studioProfileKey(uid),
    queryFn: ({ signal }) => getStudioProfile(signal),
    refetchOnWindowFocus: false,
  });
}

export function useStudioProfile(uid: string) {
  return useQuery(studioProfileQueryOptions(uid));
}

/** Saves the profile; the directory, the creator's page and the stories naming them are refreshed. */
export function useUpdateStudioProfile(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStudioProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(studioProfileKey(uid), profile);
      void queryClient.invalidateQueries({ queryKey: creatorsKey });
      void queryClient.invalidateQueries({ queryKey: storiesKey });
    },
  });
}
