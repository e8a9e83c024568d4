import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { meQueryKey } from "../../features/auth/api/get-me";
import { ResetPasswordPage } from "../../features/auth/components/reset-password-page";

/** /reset-password?token=…: the e-mailed link. A reset ends every session, this browser's too. */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const onReset = useCallback(() => void queryClient.invalidateQueries({ queryKey: meQueryKey }), [queryClient]);
  return <ResetPasswordPage token={params.get("token") ?? ""} onReset={onReset} />;
}
