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

/** The optional e-mails, and what each is on the profile and in PUT /api/me/preferences. */
const PREFERENCES = [
  { key: "newsletter", label: TEXT.newsletter, hint: TEXT.hint, of: newsletterOf },
  { key: "comments", label: TEXT.comments, hint: TEXT.commentsHint, of: (profile: Profile) => profile.comment_mail === true },
] as const;

type Preference = (typeof PREFERENCES)[number]["key"];

/** The optional e-mails: switches, each saved as soon as it changes. */
export function PreferencesSection({ profile, onProfile }: { profile: Profile; onProfile: (profile: Profile) => void }) {
  const id = useId();
  const save = useMutation({ mutationFn: updatePreferences, onSuccess: onProfile });
  const [checked, setChecked] = useState(() => Object.fromEntries(PREFERENCES.map((p) => [p.key, p.of(profile)])) as Record<Preference, boolean>);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onToggle(key: Preference, next: boolean) {
    const preference = PREFERENCES.find((p) => p.key === key)!;
    setChecked((now) => ({ ...now, [key]: next }));
    setSaved(false);
    setError(null);
    try {
      const profileNow = await save.mutateAsync({ [key]: next });
      setChecked((now) => ({ ...now, [key]: preference.of(profileNow) || next }));
      setSaved(true);
    } catch (failure) {
      setChecked((now) => ({ ...now, [key]: !next }));
      setError(failureMessage(failure, SETTINGS_TEXT.failed));
    }
  }

  return (
    <SettingsSection id="preferences" title={TEXT.title}>
      {error && <Alert>{error}</Alert>}
      {PREFERENCES.map(({ key, label, hint }) => (
        <div key={key} className="flex items-start gap-3">
          <input
            id={`${id}-${key}`}
            type="checkbox"
            role="switch"
            checked={checked[key]}
            disabled={save.isPending}
            aria-describedby={`${id}-${key}-hint`}
            onChange={(event) => void onToggle(key, event.currentTarget.checked)}
            className="mt-0.5 size-6 shrink-0 cursor-pointer accent-ink disabled:cursor-not-allowed"
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-${key}`} className="cursor-pointer font-bold">
              {label}
            </label>
            <p id={`${id}-${key}-hint`} className="text-sm text-muted">
              {hint}
            </p>
          </div>
        </div>
      ))}
      <SavedStatus text={saved ? TEXT.saved : null} />
    </SettingsSection>
  );
}
