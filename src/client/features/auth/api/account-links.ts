/**
 * The e-mailed links of issue 20 (decision 0020): asking for a password reset, choosing the new
 * password, and confirming an e-mail address. Each answers Done, a sentence to show.
 */
import { useMutation } from "@tanstack/react-query";
import type { ForgotPasswordInput, ResetPasswordInput, VerifyEmailInput } from "../../../../common/account-schemas";
import type { Done } from "../../../../common/api/account";
import { api, isApiError } from "../../../lib/api";

/** The API's codes of these endpoints, some newer than the client's list: compared as text. */
export function hasCode(error: unknown, code: string): boolean {
  return isApiError(error) && String(error.code) === code;
}

export function forgotPassword(body: ForgotPasswordInput): Promise<Done> {
  return api<Done>("/api/auth/forgot-password", { method: "POST", body });
}

export function resetPassword(body: ResetPasswordInput): Promise<Done> {
  return api<Done>("/api/auth/reset-password", { method: "POST", body });
}

export function verifyEmail(body: VerifyEmailInput): Promise<Done> {
  return api<Done>("/api/auth/verify-email", { method: "POST", body });
}

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
