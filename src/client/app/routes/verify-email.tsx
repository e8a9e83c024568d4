import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { meQueryKey } from "../../features/auth/api/get-me";
import { VerifyEmailPage } from "../../features/auth/components/verify-email-page";
import { useSession } from "../../features/auth/hooks/use-session";

/** /verify-email?token=…: the e-mailed confirmation link; the profile then says the address is confirmed. */
export function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const session = useSession();
  const queryClient = useQueryClient();
  const onVerified = useCallback(() => void queryClient.invalidateQueries({ queryKey: meQueryKey }), [queryClient]);
  return <VerifyEmailPage token={params.get("token") ?? ""} signedIn={session.status === "signed-in"} onVerified={onVerified} />;
}
