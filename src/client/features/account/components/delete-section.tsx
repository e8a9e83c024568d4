import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { DeleteAccountInput } from "../../../../common/account-schemas";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { TextField } from "../../../components/ui/field";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { deleteAccount } from "../api/account";
import { useSettingsForm } from "../hooks/use-settings-form";
import { SETTINGS_TEXT } from "../lib/texts";
import { SettingsSection } from "./settings-section";

type Values = DeleteAccountInput;
const resolver = lazyZodResolver<Values, { password: string; confirmation: string }>(() =>
  import("../../../../common/account-schemas").then((m) => m.DeleteAccountSchema),
);
const FIELDS = ["password", "confirmation"] as const;
const TEXT = SETTINGS_TEXT.remove;

/**
 * Delete account: the password and DELETE typed, checked first, then one more "are you sure?".
 * `onDeleted` gets the server's sentence; the route signs the browser out and leaves.
 */
export function DeleteSection({ onDeleted }: { onDeleted: (message: string) => void }) {
  const remove = useMutation({ mutationFn: deleteAccount });
  const [confirming, setConfirming] = useState<Values | null>(null);
  const submitting = remove.isPending;
  const { form, errors, field, generalError, clearGeneralError, showError } = useSettingsForm<Values, { password: string; confirmation: string }>({
    resolver,
    defaultValues: { password: "", confirmation: "" },
    fields: FIELDS,
    busy: submitting || confirming !== null,
    fieldOf: { WRONG_PASSWORD: "password" },
  });

  const onSubmit = form.handleSubmit((values) => {
    clearGeneralError();
    setConfirming(values);
  });

  async function onConfirm() {
    if (!confirming) return;
    try {
      const done = await remove.mutateAsync(confirming);
      onDeleted(done.message);
    } catch (error) {
      setConfirming(null);
      showError(error);
    }
  }

  return (
    <SettingsSection id="delete" title={TEXT.title}>
      <p>{TEXT.body}</p>
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={submitting || undefined}>
        <fieldset disabled={submitting} className="m-0 flex min-w-0 flex-col gap-5 border-0 p-0">
          {generalError && <Alert>{generalError}</Alert>}
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Password" type="password" autoComplete="current-password" required error={errors.password?.message} {...field("password")} />
            <TextField label={TEXT.confirmLabel} autoComplete="off" spellCheck={false} required error={errors.confirmation?.message} {...field("confirmation")} />
          </div>
          <Button type="submit" variant="dark" className="w-full sm:w-fit">
            {TEXT.submit}
          </Button>
        </fieldset>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={TEXT.dialogTitle}
        confirmLabel={TEXT.confirm}
        busyLabel={TEXT.deleting}
        busy={submitting}
        onConfirm={() => void onConfirm()}
        onClose={() => setConfirming(null)}
      >
        <p>{TEXT.dialogBody}</p>
      </ConfirmDialog>
    </SettingsSection>
  );
}
