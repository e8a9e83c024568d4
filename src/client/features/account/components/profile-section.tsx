import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { ProfileUpdateInput } from "../../../../common/account-schemas";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { useClearingRegister } from "../../../hooks/use-clearing-register";
import { useServerFieldErrors } from "../../../hooks/use-server-field-errors";
import { isApiError } from "../../../lib/api";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { whenIdle } from "../../../lib/when-idle";
import { useMutation } from "@tanstack/react-query";
import { updateProfile, type Profile } from "../api/account";
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
  const [generalError, setGeneralError] = useState<string | null>(null);

  useEffect(() => whenIdle(resolver.prefetch), []);
  const form = useForm<Values, unknown, Values>({
    resolver,
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    defaultValues: { username: profile.username, phone: profile.phone },
  });
  const { handleSubmit, setError, setFocus, reset, formState } = form;
  const { errors } = formState;
  const submitting = update.isPending;
  const field = useClearingRegister<Values>(form);
  const showFieldErrors = useServerFieldErrors<Values>({ setError, setFocus }, FIELDS, submitting);

  const onSubmit = handleSubmit(async (values) => {
    setGeneralError(null);
    setSaved(false);
    try {
      const next = await update.mutateAsync(values);
      reset({ username: next.username, phone: next.phone });
      setSaved(true);
    } catch (error) {
      if (isApiError(error) && showFieldErrors(error)) return;
      setGeneralError(isApiError(error) && error.code === "RATE_LIMITED" ? error.message : SETTINGS_TEXT.failed);
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
