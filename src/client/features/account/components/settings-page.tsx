/**
 * /settings (issue 20, decision 0020): the account's own page, replacing the spec's placeholder
 * modal. Each section is its own form with its own answer; the route supplies the profile and
 * what happens to the session's cache.
 */
import type { ReactNode } from "react";
import { PageIntro } from "../../../components/layout/page-intro";
import type { Profile } from "../api/account";
import { SETTINGS_TEXT } from "../lib/texts";
import { DataSection } from "./data-section";
import { DeleteSection } from "./delete-section";
import { EmailSection } from "./email-section";
import { PasswordSection } from "./password-section";
import { PreferencesSection } from "./preferences-section";
import { ProfileSection } from "./profile-section";
import { SessionsSection } from "./sessions-section";
import { SettingsSection } from "./settings-section";

export interface SettingsPageProps {
  profile: Profile;
  /** A write answered with the new profile: the session's copy is replaced. */
  onProfile: (profile: Profile) => void;
  /** The account is gone: sign the browser out and leave, showing the sentence. */
  onDeleted: (message: string) => void;
  /** The Following section's content (the creators feature's, composed by the route). */
  following: ReactNode;
}

export function SettingsPage({ profile, onProfile, onDeleted, following }: SettingsPageProps) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-10 sm:px-6 sm:py-14">
      <PageIntro title={SETTINGS_TEXT.title}>
        <p>{SETTINGS_TEXT.intro}</p>
      </PageIntro>
      <ProfileSection profile={profile} onProfile={onProfile} />
      <EmailSection profile={profile} />
      <PasswordSection uid={profile.uid} />
      <SessionsSection uid={profile.uid} />
      <PreferencesSection profile={profile} onProfile={onProfile} />
      <SettingsSection id="following" title={SETTINGS_TEXT.following.title}>
        {following}
      </SettingsSection>
      <DataSection />
      <DeleteSection onDeleted={onDeleted} />
    </div>
  );
}
