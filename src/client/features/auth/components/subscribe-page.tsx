import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import type { SubscribeSchema } from "../../../../common/auth-schemas";
import { AUTH_MESSAGES } from "../../../../common/errors";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { paths } from "../../../config/paths";
import { useDocumentTitle } from "../../../hooks/use-document-title";
import { isApiError } from "../../../lib/api";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { RETURN_PARAM, safeReturnPath, withReturnPath } from "../../../lib/return-path";
import { useSignUp } from "../api/sign-up";
import { AuthCard } from "./auth-card";
import { useSiteForm } from "../../../hooks/use-site-form";

type Values = z.input<typeof SubscribeSchema>;
type Output = z.output<typeof SubscribeSchema>;

/** zod and the schema load when the browser is idle after the page renders, or on the first submit. */
const resolver = lazyZodResolver<Values, Output>(() => import("../../../../common/auth-schemas").then((m) => m.SubscribeSchema));
type FieldName = keyof Values;

const FIELD_NAMES: readonly FieldName[] = ["username", "email", "phone", "password", "confirmPassword"];
export const REDIRECT_AFTER_SIGN_UP_MS = 2000;

/** Said instead of spec §2's 'Redirecting to home page...' when the visitor came from somewhere to return to. */
export const RETURNING_TEXT = "Account created successfully! Taking you back...";

/**
 * Subscribe (spec §2): create an account, then on to /home after 2 s, or back to where the
 * visitor came from when the link says so (`?next=`, a path on this site only: lib/return-path.ts).
 */
export function SubscribePage() {
  useDocumentTitle("Subscribe");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get(RETURN_PARAM));
  const signUp = useSignUp();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);

  const submitting = signUp.isPending;
  const { handleSubmit, formState, field, showFieldErrors } = useSiteForm<Values, Output>({
    resolver,
    defaultValues: { username: "", email: "", phone: "", password: "", confirmPassword: "" },
    serverFields: FIELD_NAMES,
    submitting,
  });
  const { errors } = formState;

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => void navigate(next ?? paths.home), REDIRECT_AFTER_SIGN_UP_MS);
    return () => clearTimeout(timer);
  }, [succeeded, navigate, next]);


  const onSubmit = handleSubmit(async (values) => {
    setGeneralError(null);
    try {
      await signUp.mutateAsync(values);
      setSucceeded(true);
    } catch (error) {
      if (isApiError(error)) {
        // Spec §8 words a taken email itself; any other field messages are the server's.
        if (showFieldErrors(error.code === "EMAIL_TAKEN" ? { email: AUTH_MESSAGES.emailTaken } : error)) return;
        // Only messages written for people are passed on; a server fault reads as spec §8's text.
        const tellTheTruth = error.code === "RATE_LIMITED" || error.code === "NETWORK_ERROR";
        setGeneralError(tellTheTruth ? error.message : AUTH_MESSAGES.registrationFailed);
        return;
      }
      setGeneralError(AUTH_MESSAGES.registrationFailed);
    }
  });

  const label = succeeded ? "Success!" : submitting ? "Creating Account..." : "Subscribe";

  return (
    <AuthCard
      title="SUBSCRIBE"
      subtitle="Join the party, maybe?"
      accent="pink"
      footer={
        <p>
          <Link to={withReturnPath(paths.login, next)} className="link-ink">
            Already have an account? Sign in
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} aria-busy={submitting || undefined}>
        <fieldset disabled={submitting || succeeded} className="m-0 flex min-w-0 flex-col gap-5 border-0 p-0">
          {generalError && <Alert>{generalError}</Alert>}
          {succeeded && <Alert tone="success">{next ? RETURNING_TEXT : "Account created successfully! Redirecting to home page..."}</Alert>}
          <TextField label="Username" autoComplete="username" required error={errors.username?.message} {...field("username")} />
          <TextField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...field("email")} />
          <TextField label="Phone" type="tel" autoComplete="tel" required error={errors.phone?.message} {...field("phone")} />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            hint="At least 6 characters."
            error={errors.password?.message}
            {...field("password")}
          />
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            required
            error={errors.confirmPassword?.message}
            {...field("confirmPassword")}
          />
          <Button type="submit" variant={succeeded ? "success" : "primary"} size="lg" block className="mt-1">
            {label}
          </Button>
        </fieldset>
      </form>
    </AuthCard>
  );
}
