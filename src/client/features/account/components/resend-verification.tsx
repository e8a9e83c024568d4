import { useMutation } from "@tanstack/react-query";
import { clsx } from "clsx";
import { useState } from "react";
import { isApiError } from "../../../lib/api";
import { resendVerification } from "../api/account";
import { SETTINGS_TEXT } from "../lib/texts";

/**
 * 'Resend' for an unconfirmed address: a new link by e-mail, and the server's answer in a live
 * region (sent, already confirmed, or the rate limit's "try again later").
 */
export function ResendVerification({ label = SETTINGS_TEXT.email.resend, compact = false }: { label?: string; compact?: boolean }) {
  const resend = useMutation({ mutationFn: resendVerification });
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);

  async function onResend() {
    setAnswer(null);
    try {
      setAnswer({ ok: true, text: (await resend.mutateAsync()).message });
    } catch (error) {
      setAnswer({ ok: false, text: isApiError(error) ? error.message : SETTINGS_TEXT.failed });
    }
  }

  return (
    <span className={clsx("flex flex-wrap items-center", compact ? "gap-x-3 gap-y-1" : "gap-3")}>
      <button
        type="button"
        onClick={() => void onResend()}
        disabled={resend.isPending}
        aria-busy={resend.isPending || undefined}
        className="link-ink font-bold disabled:cursor-not-allowed disabled:opacity-70"
      >
        {resend.isPending ? SETTINGS_TEXT.email.resending : label}
      </button>
      <span role="status" className={clsx("text-sm font-semibold", answer && !answer.ok && "text-danger")}>
        {answer?.text}
      </span>
    </span>
  );
}
