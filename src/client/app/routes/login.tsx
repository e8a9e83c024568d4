import { LoginPage } from "../../features/auth/components/login-page";
import { GuestOnly } from "./guest-only";

export function LoginRoute() {
  return (
    <GuestOnly>
      <LoginPage />
    </GuestOnly>
  );
}
