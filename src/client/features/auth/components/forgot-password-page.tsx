import { useState } from "react";
import { Link } from "react-router";
import type { ForgotPasswordInput } from "../../../../common/account-schemas";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { paths } from "../../../config/paths";
import { useSiteForm } from "../../../hooks/use-site-form";
import { useDocumentTitle } from "../../../hooks/use-document-title";
import { failureMessage, isApiError } from "../../../lib/api";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { useForgotPassword } from "../api/account-links";
import { AuthCard } from "./auth-card";

type Values = ForgotPasswordInput;
type Output = { email: string };

const resolver = lazyZodResolver<Values, Output>(() => import("../../../../common/account-schemas").then((m) => m.ForgotPasswordSchema));
const FIELDS = ["email"] as const;
const FAILED = "Something went wrong. Please try again.";

/**
 * Forgot password: the address, then always the same answer, whether or not it has an account
 * (no enumeration). The e-mail's link opens the reset page.
 */
export function ForgotPasswordPage() {
  useDocumentTitle("Forgot password");
  const request = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const [generalError, setGeneralError] = useState<string | null>(null);

  const submitting = request.isPending;
  const { handleSubmit, formState, field, showFieldErrors } = useSiteForm<Values, Output>({
    resolver,
    defaultValues: { email: "" },
    serverFields: FIELDS,
    submitting,
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setGeneralError(null);
    try {
      setSent((await request.mutateAsync(values)).message);
    } catch (error) {
      if (isApiError(error) && error.code === "VALIDATION_FAILED" && showFieldErrors(error)) return;
      // A rate limit or a lost connection says what happened; anything else is a plain failure.
      setGeneralError(isApiError(error) && error.code === "NETWORK_ERROR" ? error.message : failureMessage(error, FAILED));
    }
  });

  return (
    <AuthCard
      title="Forgot password?"
      subtitle="Enter your email and we will send you a link to choose a new password."
      accent="blue"
      footer={
        <p>
          <Link to={paths.login} className="link-ink">
            Remembered it? Sign in
          </Link>
        </p>
      }
    >
      {sent ? (
        <Alert tone="success">{sent}</Alert>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={submitting || undefined}>
          <fieldset disabled={submitting} className="m-0 flex min-w-0 flex-col gap-5 border-0 p-0">
            {generalError && <Alert>{generalError}</Alert>}
            <TextField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...field("email")} />
            <Button type="submit" size="lg" block className="mt-1">
              {submitting ? "Sending..." : "Send reset link"}
            </Button>
          </fieldset>
        </form>
      )}
    </AuthCard>
  );
}
