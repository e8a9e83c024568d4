import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { meQueryKey } from "../../features/auth/api/get-me";
import { ForgotPasswordPage } from "../../features/auth/components/forgot-password-page";
import { ResetPasswordPage } from "../../features/auth/components/reset-password-page";
import { VerifyEmailPage } from "../../features/auth/components/verify-email-page";
import { useSession } from "../../features/auth/hooks/use-session";
import { LoginPage } from "../../features/auth/components/login-page";
import { GuestOnly } from "./guest-only";

export function LoginRoute() {
  return (
    <GuestOnly>
      <LoginPage />
    </GuestOnly>
  );
}

/*
 * The pages the account e-mails link to (docs/decisions/0020): asking for a password reset (from
 * this page's 'Forgot password?'), choosing the new password, confirming an address. They live in
 * the login route's module: the entry, which every visitor loads, names no extra chunk for them.
 */
/** The profile is read again: a reset signs every session out, a confirmation changes `email_verified`. */
function useRefreshProfile() {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: meQueryKey }), [queryClient]);
}

/** /forgot-password: open to everyone (a signed-in user may have forgotten it too). */
export function ForgotPasswordRoute() {
  return <ForgotPasswordPage />;
}

/** /reset-password?token=…: the e-mailed link. */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  return <ResetPasswordPage token={params.get("token") ?? ""} onReset={useRefreshProfile()} />;
}

/** /verify-email?token=…: the e-mailed confirmation link. */
export function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const session = useSession();
  return <VerifyEmailPage token={params.get("token") ?? ""} signedIn={session.status === "signed-in"} onVerified={useRefreshProfile()} />;
}
