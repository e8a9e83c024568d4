import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { ChangePasswordInput } from "../../../../common/account-schemas";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { useClearingRegister } from "../../../hooks/use-clearing-register";
import { useServerFieldErrors } from "../../../hooks/use-server-field-errors";
import { isApiError } from "../../../lib/api";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { whenIdle } from "../../../lib/when-idle";
import { changePassword, useSessionsWrite } from "../api/account";
import { SETTINGS_TEXT } from "../lib/texts";
import { SettingsSection } from "./settings-section";

type Values = ChangePasswordInput;
const resolver = lazyZodResolver<Values, Values>(() => import("../../../../common/account-schemas").then((m) => m.ChangePasswordSchema));
const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;
const EMPTY: Values = { currentPassword: "", newPassword: "", confirmPassword: "" };
const TEXT = SETTINGS_TEXT.password;

/** The current password, then the new one twice; the other devices are signed out (the list refreshes). */
export function PasswordSection({ uid }: { uid: string }) {
  const change = useSessionsWrite(uid, changePassword);
  const [done, setDone] = useState<string | null>(null);
  const [generalError, setGeneralError] = useState<string | null>(null);

  useEffect(() => whenIdle(resolver.prefetch), []);
  const form = useForm<Values, unknown, Values>({ resolver, mode: "onSubmit", reValidateMode: "onSubmit", defaultValues: EMPTY });
  const { handleSubmit, setError, setFocus, reset, formState } = form;
  const { errors } = formState;
  const submitting = change.isPending;
  const field = useClearingRegister<Values>(form);
  const showFieldErrors = useServerFieldErrors<Values>({ setError, setFocus }, FIELDS, submitting);

  const onSubmit = handleSubmit(async (values) => {
    setGeneralError(null);
    setDone(null);
    try {
      setDone((await change.mutateAsync(values)).message);
      reset(EMPTY);
    } catch (error) {
      // WRONG_PASSWORD comes with fields.currentPassword; the message alone goes there otherwise.
      if (isApiError(error) && showFieldErrors(error)) return;
      if (isApiError(error) && String(error.code) === "WRONG_PASSWORD") {
        showFieldErrors({ currentPassword: error.message });
        return;
      }
      setGeneralError(isApiError(error) && error.code === "RATE_LIMITED" ? error.message : SETTINGS_TEXT.failed);
    }
  });

  return (
    <SettingsSection id="password" title={TEXT.title}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={submitting || undefined}>
        <fieldset disabled={submitting} className="m-0 flex min-w-0 flex-col gap-5 border-0 p-0">
          {generalError && <Alert>{generalError}</Alert>}
          {done && <Alert tone="success">{done}</Alert>}
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            error={errors.currentPassword?.message}
            {...field("currentPassword")}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              required
              hint={TEXT.hint}
              error={errors.newPassword?.message}
              {...field("newPassword")}
            />
            <TextField
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              required
              error={errors.confirmPassword?.message}
              {...field("confirmPassword")}
            />
          </div>
          <Button type="submit" variant="secondary" className="w-full sm:w-fit">
            {submitting ? TEXT.submitting : TEXT.submit}
          </Button>
        </fieldset>
      </form>
    </SettingsSection>
  );
}
