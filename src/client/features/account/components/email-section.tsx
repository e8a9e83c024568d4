import { useMutation } from "@tanstack/react-query";
import { clsx } from "clsx";
import { useState } from "react";
import type { ChangeEmailInput } from "../../../../common/account-schemas";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { changeEmail, resendVerification, type Profile } from "../api/account";
import { useSettingsForm } from "../hooks/use-settings-form";
import { SETTINGS_TEXT } from "../lib/texts";
import { ResendVerification } from "./verify-banner";
import { SettingsSection } from "./settings-section";

type Values = ChangeEmailInput;
const resolver = lazyZodResolver<Values, { email: string }>(() =>
  import("../../../../common/account-schemas").then((m) => m.ChangeEmailSchema),
);
const FIELDS = ["email"] as const;
const TEXT = SETTINGS_TEXT.email;

/** The current address and whether it is confirmed; a new one is confirmed by a link sent to it. */
export function EmailSection({ profile }: { profile: Profile }) {
  const change = useMutation({ mutationFn: changeEmail });
  const [sent, setSent] = useState<string | null>(null);
  const submitting = change.isPending;
  const { form, errors, field, generalError, clearGeneralError, showError } = useSettingsForm<Values, { email: string }>({
    resolver,
    defaultValues: { email: "" },
    fields: FIELDS,
    busy: submitting,
    // A taken address or the current one belongs to the field, worded by the server.
    fieldOf: { EMAIL_TAKEN: "email", SAME_EMAIL: "email" },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    clearGeneralError();
    setSent(null);
    try {
      setSent((await change.mutateAsync(values)).message);
      form.reset({ email: "" });
    } catch (error) {
      showError(error);
    }
  });

  return (
    <SettingsSection id="email" title={TEXT.title}>
      <div className="flex flex-col gap-3">
        <p className="text-sm font-bold tracking-wide uppercase">{TEXT.current}</p>
        <p className="flex flex-wrap items-center gap-2 text-lg">
          {/* A long address wraps anywhere rather than running out of the card on a phone. */}
          <span className="min-w-0 break-all">{profile.email}</span>
          <span
            className={clsx(
              "rounded-sm border-2 border-ink px-1.5 py-0.5 text-xs font-black tracking-wider uppercase",
              profile.email_verified ? "bg-teal-soft" : "bg-pink-soft",
            )}
          >
            {profile.email_verified ? TEXT.verified : TEXT.unverified}
          </span>
        </p>
        {!profile.email_verified && <ResendVerification resend={resendVerification} label={TEXT.resend} />}
      </div>
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={submitting || undefined}>
        <fieldset disabled={submitting} className="m-0 flex min-w-0 flex-col gap-5 border-0 p-0">
          {generalError && <Alert>{generalError}</Alert>}
          {sent && <Alert tone="success">{sent}</Alert>}
          <TextField label={TEXT.newEmail} type="email" autoComplete="email" required hint={TEXT.hint} error={errors.email?.message} {...field("email")} />
          <Button type="submit" variant="secondary" className="w-full sm:w-fit">
            {submitting ? TEXT.submitting : TEXT.submit}
          </Button>
        </fieldset>
      </form>
    </SettingsSection>
  );
}
