import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { paths } from "../../config/paths";
import { meQueryKey, type Profile } from "../../features/auth/api/get-me";
import { SettingsPage } from "../../features/account/components/settings-page";
import { useDocumentTitle } from "../../hooks/use-document-title";
import { USER_SCOPE } from "../../lib/query-client";
import { SignedIn } from "./signed-in";

/** What the landing page shows after a deletion (location state, so a reload does not repeat it). */
export interface LandingNotice {
  notice: string;
}

/** /settings: the signed-in user's account (docs/decisions/0020). */
export function SettingsRoute() {
  useDocumentTitle("Settings");
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  function onProfile(profile: Profile) {
    queryClient.setQueryData(meQueryKey, profile);
  }

  async function onDeleted(message: string) {
    // To the landing page first (it shows the sentence instead of sending a signed-in visitor on to
    // /home), then the caches: dropped first, this page's gate would send the visitor to login.
    const state: LandingNotice = { notice: message };
    await navigate(paths.landing, { replace: true, state });
    queryClient.setQueryData(meQueryKey, null);
    queryClient.removeQueries({ queryKey: [USER_SCOPE] });
  }

  return (
    <SignedIn>
      {(profile) => <SettingsPage profile={profile} onProfile={onProfile} onDeleted={(message) => void onDeleted(message)} />}
    </SignedIn>
  );
}
