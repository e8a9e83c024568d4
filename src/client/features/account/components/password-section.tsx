import { useState } from "react";
import type { ChangePasswordInput } from "../../../../common/account-schemas";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { changePassword, useSessionsWrite } from "../api/account";
import { useSettingsForm } from "../hooks/use-settings-form";
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
  const submitting = change.isPending;
  const { form, errors, field, generalError, clearGeneralError, showError } = useSettingsForm<Values, Values>({
    resolver,
    defaultValues: EMPTY,
    fields: FIELDS,
    busy: submitting,
    fieldOf: { WRONG_PASSWORD: "currentPassword" },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    clearGeneralError();
    setDone(null);
    try {
      setDone((await change.mutateAsync(values)).message);
      form.reset(EMPTY);
    } catch (error) {
      showError(error);
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
