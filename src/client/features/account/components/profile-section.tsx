import { useState } from "react";
import type { ProfileUpdateInput } from "../../../../common/account-schemas";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { useMutation } from "@tanstack/react-query";
import { updateProfile, type Profile } from "../api/account";
import { useSettingsForm } from "../hooks/use-settings-form";
import { SETTINGS_TEXT } from "../lib/texts";
import { SavedStatus, SettingsSection } from "./settings-section";

type Values = ProfileUpdateInput;
const resolver = lazyZodResolver<Values, Values>(() => import("../../../../common/account-schemas").then((m) => m.ProfileUpdateSchema));
const FIELDS = ["username", "phone"] as const;
const TEXT = SETTINGS_TEXT.profile;

/** Username and phone, with Subscribe's rules and messages (the shared ProfileUpdateSchema). */
export function ProfileSection({ profile, onProfile }: { profile: Profile; onProfile: (profile: Profile) => void }) {
  const update = useMutation({ mutationFn: updateProfile, onSuccess: onProfile });
  const [saved, setSaved] = useState(false);
  const submitting = update.isPending;
  const { form, errors, field, generalError, clearGeneralError, showError } = useSettingsForm<Values, Values>({
    resolver,
    defaultValues: { username: profile.username, phone: profile.phone },
    fields: FIELDS,
    busy: submitting,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    clearGeneralError();
    setSaved(false);
    try {
      const next = await update.mutateAsync(values);
      form.reset({ username: next.username, phone: next.phone });
      setSaved(true);
    } catch (error) {
      showError(error);
    }
  });

  return (
    <SettingsSection id="profile" title={TEXT.title}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} onChange={() => setSaved(false)} aria-busy={submitting || undefined}>
        <fieldset disabled={submitting} className="m-0 flex min-w-0 flex-col gap-5 border-0 p-0">
          {generalError && <Alert>{generalError}</Alert>}
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Username" autoComplete="nickname" required error={errors.username?.message} {...field("username")} />
            <TextField label="Phone" type="tel" autoComplete="tel" required error={errors.phone?.message} {...field("phone")} />
          </div>
          <SavedStatus text={saved ? TEXT.saved : null} />
          <Button type="submit" className="w-full sm:w-fit">
            {submitting ? TEXT.saving : TEXT.save}
          </Button>
        </fieldset>
      </form>
    </SettingsSection>
  );
}
