import { ForgotPasswordPage } from "../../features/auth/components/forgot-password-page";

/** /forgot-password: open to everyone (a signed-in user may have forgotten it too). */
export function ForgotPasswordRoute() {
  return <ForgotPasswordPage />;
}
