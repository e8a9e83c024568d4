import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { failureMessage } from "../../../lib/api";
import { updatePreferences, type Profile } from "../api/account";
import { SETTINGS_TEXT } from "../lib/texts";
import { SavedStatus, SettingsSection } from "./settings-section";

const TEXT = SETTINGS_TEXT.preferences;

/** The newsletter state, when the profile carries it (the newsletter list is keyed by address). */
export function newsletterOf(profile: Profile): boolean {
  return "newsletter" in profile && profile.newsletter === true;
}

/** The optional e-mails: a switch saved as soon as it changes. */
export function PreferencesSection({ profile, onProfile }: { profile: Profile; onProfile: (profile: Profile) => void }) {
  const id = useId();
  const save = useMutation({ mutationFn: updatePreferences, onSuccess: onProfile });
  const [checked, setChecked] = useState(() => newsletterOf(profile));
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onToggle(next: boolean) {
    setChecked(next);
    setSaved(false);
    setError(null);
    try {
      const profileNow = await save.mutateAsync({ newsletter: next });
      setChecked(newsletterOf(profileNow) || next);
      setSaved(true);
    } catch (failure) {
      setChecked(!next);
      setError(failureMessage(failure, SETTINGS_TEXT.failed));
    }
  }

  return (
    <SettingsSection id="preferences" title={TEXT.title}>
      {error && <Alert>{error}</Alert>}
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={save.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(event) => void onToggle(event.currentTarget.checked)}
          className="mt-0.5 size-6 shrink-0 cursor-pointer accent-ink disabled:cursor-not-allowed"
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="cursor-pointer font-bold">
            {TEXT.newsletter}
          </label>
          <p id={`${id}-hint`} className="text-sm text-muted">
            {TEXT.hint}
          </p>
        </div>
      </div>
      <SavedStatus text={saved ? TEXT.saved : null} />
    </SettingsSection>
  );
}
