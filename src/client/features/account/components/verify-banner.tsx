/**
 * The reminder for an address not confirmed yet (decision 0020), and its 'Resend', which Settings
 * shows too. It imports nothing but React, and the request comes from its owner: the signed-in
 * header loads it for unconfirmed accounts only, and every chunk it would name counts in the
 * header's budget (docs/decisions/0013).
 */
import { useState } from "react";
import { createPortal } from "react-dom";

/** POST /api/me/verification-email: the server's sentence, or an error carrying it (lib/api.ts). */
export type ResendRequest = () => Promise<{ message: string }>;

export const BANNER_TEXT = {
  label: "Email confirmation",
  message: "Please confirm your email address.",
  resend: "Resend",
  resending: "Sending...",
  dismiss: "Later",
  failed: "Something went wrong. Please try again.",
} as const;

/**
 * 'Resend': a new link by e-mail, and the server's answer in a live region (sent, already
 * confirmed, or the rate limit's "try again later").
 */
export function ResendVerification({ resend, label = BANNER_TEXT.resend }: { resend: ResendRequest; label?: string }) {
  const [pending, setPending] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);

  async function onResend() {
    setAnswer(null);
    setPending(true);
    try {
      setAnswer({ ok: true, text: (await resend()).message });
    } catch (error) {
      // An ApiError's message is the server's sentence (rate limit, already confirmed, offline).
      setAnswer({ ok: false, text: error instanceof Error && error.message ? error.message : BANNER_TEXT.failed });
    } finally {
      setPending(false);
    }
  }

  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <button
        type="button"
        onClick={() => void onResend()}
        disabled={pending}
        aria-busy={pending || undefined}
        className="link-ink inline-flex min-h-6 items-center font-bold disabled:cursor-not-allowed disabled:opacity-70"
      >
        {pending ? BANNER_TEXT.resending : label}
      </button>
      <span role="status" className={`text-sm font-semibold ${answer && !answer.ok ? "text-danger" : ""}`}>
        {answer?.text}
      </span>
    </span>
  );
}

/**
 * The banner sits at the very end of the page and sticks to the bottom of the viewport: it arrives
 * after /api/me without moving anything already on screen (layout shift, docs/decisions/0013), and
 * keeps its own room at the end of the page, so it never hides the page's last lines. 'Later'
 * hides it until the next visit. Its buttons are at least 24 px tall (WCAG 2.5.8, target size),
 * though they read as links.
 */
export function VerifyBanner({ resend }: { resend: ResendRequest }) {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return createPortal(
    <aside aria-label={BANNER_TEXT.label} className="sticky bottom-0 z-20 border-t-[3px] border-ink bg-yellow-soft print:hidden">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 text-sm sm:px-6">
        <p className="font-bold">{BANNER_TEXT.message}</p>
        <ResendVerification resend={resend} />
        <button type="button" onClick={() => setDismissed(true)} className="link-ink ml-auto inline-flex min-h-6 items-center font-bold">
          {BANNER_TEXT.dismiss}
        </button>
      </div>
    </aside>,
    document.body,
  );
}
