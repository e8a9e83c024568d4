/**
 * Settings' endpoints (issue 20, decision 0020): the signed-in user's profile, e-mail, password,
 * devices, preferences, deletion and export. Each answers Done (a sentence to show)
 * or the signed-in profile; errors are the API's usual shape (lib/api.ts).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ChangeEmailInput,
  ChangePasswordInput,
  DeleteAccountInput,
  PreferencesInput,
  ProfileUpdateInput,
} from "../../../../common/account-schemas";
import type { Done, DeviceSessionList } from "../../../../common/api/account";
import type { Profile } from "../../../../common/api/profile";
import { api } from "../../../lib/api";
import { userKey } from "../../../lib/query-client";

export type { Done, Profile };

/** Where Download my data points: the browser saves the answer (Content-Disposition: attachment). */
export const EXPORT_URL = "/api/me/export";

const post = <T>(path: string, body: unknown) => api<T>(path, { method: "POST", body });

export const resendVerification = () => post<Done>("/api/me/verification-email", {});
export const updateProfile = (body: ProfileUpdateInput) => api<Profile>("/api/me/profile", { method: "PATCH", body });
export const updatePreferences = (body: PreferencesInput) => api<Profile>("/api/me/preferences", { method: "PUT", body });
export const changeEmail = (body: ChangeEmailInput) => post<Done>("/api/me/email", body);
export const changePassword = (body: ChangePasswordInput) => post<Done>("/api/me/password", body);
export const signOutSession = (id: string) => api<Done>(`/api/me/sessions/${encodeURIComponent(id)}`, { method: "DELETE" });
export const signOutOtherSessions = () => post<Done>("/api/me/sessions/sign-out-others", {});
export const deleteAccount = (body: DeleteAccountInput) => post<Done>("/api/me/delete", body);

export const sessionsKey = (uid: string) => userKey(uid, "sessions");

export function sessionsQueryOptions(uid: string) {
  return queryOptions({
    queryKey: sessionsKey(uid),
    queryFn: ({ signal }) => api<DeviceSessionList>("/api/me/sessions", { signal }),
  });
}

export function useDeviceSessions(uid: string) {
  return useQuery(sessionsQueryOptions(uid));
}

/** A write that changes the device list (sign out one, sign out the others, a new password). */
export function useSessionsWrite<Input>(uid: string, write: (input: Input) => Promise<Done>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey(uid) }),
  });
}
