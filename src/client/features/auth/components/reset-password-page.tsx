import { useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { paths } from "../../../config/paths";
import { useSiteForm } from "../../../hooks/use-site-form";
import { useDocumentTitle } from "../../../hooks/use-document-title";
import { isApiError } from "../../../lib/api";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { useAccountMessage, useResetPassword } from "../api/account-links";
import { AuthCard } from "./auth-card";

interface Values {
  token: string;
  password: string;
  confirmPassword: string;
}

const resolver = lazyZodResolver<Values, Values>(() => import("../../../../common/account-schemas").then((m) => m.ResetPasswordSchema));
const FIELDS = ["password", "confirmPassword"] as const;
const FAILED = "Something went wrong. Please try again.";

/** An invalid link carries the server's sentence; without one (no token at all) the page loads it. */
type Outcome = { kind: "done"; message: string } | { kind: "invalid"; message?: string } | null;

/**
 * The e-mailed reset link lands here: the new password twice. A link that is unknown, used or
 * expired says so and offers to ask again. Every session of the account ends on the server.
 */
export function ResetPasswordPage({ token, onReset }: { token: string; onReset: () => void }) {
  useDocumentTitle("Choose a new password");
  const reset = useResetPassword();
  const [outcome, setOutcome] = useState<Outcome>(token ? null : { kind: "invalid" });
  const [generalError, setGeneralError] = useState<string | null>(null);
  const invalidText = useAccountMessage("invalidResetLink", outcome?.kind === "invalid" && !outcome.message);

  const submitting = reset.isPending;
  const { handleSubmit, formState, field, showFieldErrors } = useSiteForm<Values>({
    resolver,
    defaultValues: { token, password: "", confirmPassword: "" },
    serverFields: FIELDS,
    submitting,
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(
    async (values) => {
      setGeneralError(null);
      try {
        const done = await reset.mutateAsync(values);
        setOutcome({ kind: "done", message: done.message });
        onReset();
      } catch (error) {
        if (isApiError(error) && error.code === "INVALID_TOKEN") setOutcome({ kind: "invalid", message: error.message });
        else if (isApiError(error) && error.fields.token) setOutcome({ kind: "invalid", message: error.fields.token });
        else if (isApiError(error) && error.code === "VALIDATION_FAILED" && showFieldErrors(error)) return;
        else setGeneralError(isApiError(error) && error.code !== "INTERNAL" && error.code !== "UNKNOWN" ? error.message : FAILED);
      }
    },
    // The token is not a field the user can fix: a bad one is the invalid link.
    (invalid) => {
      if (invalid.token) setOutcome({ kind: "invalid", message: invalid.token.message });
    },
  );

  return (
    <AuthCard title="New password" subtitle="Choose a new password for your account." accent="teal">
      {outcome?.kind === "done" && (
        <div className="flex flex-col gap-5">
          <Alert tone="success">{outcome.message}</Alert>
          <Link to={paths.login} className="link-ink text-center text-lg">
            Sign in
          </Link>
        </div>
      )}
      {outcome?.kind === "invalid" && (
        <div className="flex flex-col gap-5">
          {/* Until the sentence has loaded, an empty alert would be announced: nothing instead. */}
          {(outcome.message ?? invalidText) && <Alert>{outcome.message ?? invalidText}</Alert>}
          <Link to={paths.forgotPassword} className="link-ink text-center text-lg">
            Ask for a new link
          </Link>
        </div>
      )}
      {outcome === null && (
        <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={submitting || undefined}>
          <fieldset disabled={submitting} className="m-0 flex min-w-0 flex-col gap-5 border-0 p-0">
            {generalError && <Alert>{generalError}</Alert>}
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              required
              hint="At least 6 characters."
              error={errors.password?.message}
              {...field("password")}
            />
            <TextField
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              required
              error={errors.confirmPassword?.message}
              {...field("confirmPassword")}
            />
            <Button type="submit" size="lg" block className="mt-1">
              {submitting ? "Saving..." : "Save new password"}
            </Button>
          </fieldset>
        </form>
      )}
    </AuthCard>
  );
}
