import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import type { LoginSchema } from "../../../../common/auth-schemas";
import { AUTH_MESSAGES } from "../../../../common/errors";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { paths } from "../../../config/paths";
import { useDocumentTitle } from "../../../hooks/use-document-title";
import { isApiError } from "../../../lib/api";
import { lazyZodResolver } from "../../../lib/lazy-resolver";
import { RETURN_PARAM, safeReturnPath, withReturnPath } from "../../../lib/return-path";
import { useSignIn } from "../api/sign-in";
import { AuthCard } from "./auth-card";
import { useSiteForm } from "../../../hooks/use-site-form";

type Values = z.input<typeof LoginSchema>;
type Output = z.output<typeof LoginSchema>;

/** zod and the schema load when the browser is idle after the page renders, or on the first submit. */
const resolver = lazyZodResolver<Values, Output>(() => import("../../../../common/auth-schemas").then((m) => m.LoginSchema));
const FIELD_NAMES: readonly (keyof Values)[] = ["email", "password"];

/**
 * Login (spec §2, §8): wrong credentials of any kind read 'Incorrect username or password'. On to
 * /home, or back to where the visitor came from when the link says so (`?next=`, lib/return-path.ts).
 */
export function LoginPage() {
  useDocumentTitle("Login");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get(RETURN_PARAM));
  const signIn = useSignIn();
  const [generalError, setGeneralError] = useState<string | null>(null);

  const submitting = signIn.isPending;
  const { handleSubmit, formState, field, showFieldErrors } = useSiteForm<Values, Output>({
    resolver,
    defaultValues: { email: "", password: "" },
    serverFields: FIELD_NAMES,
    submitting,
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setGeneralError(null);
    try {
      await signIn.mutateAsync(values);
      await navigate(next ?? paths.home);
    } catch (error) {
      if (!isApiError(error)) {
        setGeneralError(AUTH_MESSAGES.invalidCredentials);
        return;
      }
      if (error.code === "INVALID_EMAIL") {
        showFieldErrors({ email: AUTH_MESSAGES.invalidEmail });
        return;
      }
      if (error.code === "VALIDATION_FAILED" && showFieldErrors(error)) return;
      const tellTheTruth = error.code === "RATE_LIMITED" || error.code === "NETWORK_ERROR";
      setGeneralError(tellTheTruth ? error.message : AUTH_MESSAGES.invalidCredentials);
    }
  });

  return (
    <AuthCard
      title="Welcome Back"
      subtitle="Just fill in some info."
      accent="teal"
      footer={
        <p>
          <Link to={withReturnPath(paths.subscribe, next)} className="link-ink">
            Don&apos;t have an account? Subscribe
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} aria-busy={submitting || undefined}>
        <fieldset disabled={submitting} className="m-0 flex min-w-0 flex-col gap-5 border-0 p-0">
          {generalError && <Alert>{generalError}</Alert>}
          <TextField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...field("email")} />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...field("password")}
          />
          <Link to={paths.forgotPassword} className="link-ink -mt-2 w-fit self-end text-sm">
            Forgot password?
          </Link>
          <Button type="submit" size="lg" block className="mt-1">
            {submitting ? "Signing In..." : "Login"}
          </Button>
        </fieldset>
      </form>
    </AuthCard>
  );
}
