import { useState } from "react";
import { createPortal } from "react-dom";
import { ResendVerification } from "./resend-verification";

export const BANNER_TEXT = {
  label: "Email confirmation",
  message: "Please confirm your email address.",
  resend: "Resend",
  dismiss: "Later",
} as const;

/**
 * The quiet reminder for an address not confirmed yet, with 'Resend'. It sits at the very end of
 * the page and sticks to the bottom of the viewport: it arrives after /api/me without moving
 * anything already on screen (layout shift, docs/decisions/0013), and keeps its own room at the
 * end of the page, so it never hides the page's last lines. 'Later' hides it until the next visit.
 */
export function VerifyBanner() {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return createPortal(
    <aside aria-label={BANNER_TEXT.label} className="sticky bottom-0 z-20 border-t-[3px] border-ink bg-yellow-soft print:hidden">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 text-sm sm:px-6">
        <p className="font-bold">{BANNER_TEXT.message}</p>
        <ResendVerification label={BANNER_TEXT.resend} compact />
        <button type="button" onClick={() => setDismissed(true)} className="link-ink ml-auto font-bold">
          {BANNER_TEXT.dismiss}
        </button>
      </div>
    </aside>,
    document.body,
  );
}
