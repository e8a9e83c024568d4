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

/** How long 'Later' keeps the reminder away, in this browser, for this account. */
export const LATER_DAYS = 7;
const laterKey = (uid: string) => `maybe.verify-reminder-later.${uid}`;

function laterUntil(uid: string): number {
  try {
    return Number(window.localStorage.getItem(laterKey(uid))) || 0;
  } catch {
    // Storage switched off: 'Later' lasts until the page is left.
    return 0;
  }
}

function remindLater(uid: string): void {
  try {
    window.localStorage.setItem(laterKey(uid), String(Date.now() + LATER_DAYS * 24 * 60 * 60 * 1000));
  } catch {
    // As above: nothing kept.
  }
}

/**
 * The banner is the last thing on the page, after the footer, in the page's flow: it arrives
 * after /api/me without moving anything already on screen (layout shift, docs/decisions/0013),
 * and it never covers anything. It used to stick to the bottom of the screen, over the studio's
 * own sticky Save/Publish bar and the lowest controls of any page (WCAG 2.4.11 and 2.5.8;
 * decision 0020). 'Later' hides it for LATER_DAYS in this browser. Its buttons are at least 24 px
 * tall (WCAG 2.5.8, target size), though they read as links.
 */
export function VerifyBanner({ uid, resend }: { uid: string; resend: ResendRequest }) {
  const [dismissed, setDismissed] = useState(() => laterUntil(uid) > Date.now());
  if (dismissed) return null;
  return createPortal(
    <aside aria-label={BANNER_TEXT.label} className="border-t-[3px] border-ink bg-yellow-soft print:hidden">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 text-sm sm:px-6">
        <p className="font-bold">{BANNER_TEXT.message}</p>
        <ResendVerification resend={resend} />
        <button
          type="button"
          onClick={() => {
            remindLater(uid);
            setDismissed(true);
          }}
          className="link-ink ml-auto inline-flex min-h-6 items-center font-bold"
        >
          {BANNER_TEXT.dismiss}
        </button>
      </div>
    </aside>,
    document.body,
  );
}
