/**
 * The e-mailed links of issue 20 (decision 0020): asking for a password reset, choosing the new
 * password, and confirming an e-mail address. Each answers Done, a sentence to show.
 */
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { ForgotPasswordInput, ResetPasswordInput, VerifyEmailInput } from "../../../../common/account-schemas";
import type { Done } from "../../../../common/api/account";
import { api } from "../../../lib/api";

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

/**
 * The account answers' texts, with the schemas they live beside: loaded on demand (like the
 * forms' resolvers), only for a link found broken before any request (no token at all).
 */
export function useAccountMessage(key: "invalidResetLink" | "invalidVerifyLink", needed: boolean): string | null {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!needed || text !== null) return;
    let live = true;
    import("../../../../common/account-schemas").then(
      (m) => live && setText(m.ACCOUNT_MESSAGES[key]),
      () => live && setText(LINK_FALLBACK),
    );
    return () => {
      live = false;
    };
  }, [key, needed, text]);
  return text;
}

/** When even that load fails (connection lost). */
const LINK_FALLBACK = "This link is not valid. Please ask for a new one.";
