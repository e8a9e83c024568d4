import { clsx } from "clsx";
import { CircleAlert, CircleCheck } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";

export type NoticeTone = "success" | "error";

export interface NoticeMessage {
  /** A new id restarts the timer, even for the same text. */
  id: number;
  text: string;
  tone: NoticeTone;
}

/** How long a notice stays (spec §4 and §9: notices and toasts, 2.5 s). */
export const NOTICE_MS = 2500;

/**
 * A short-lived message: show(text) puts it up and it clears itself after `durationMs`. The owner
 * renders `message` with <Notice message={...} />.
 */
export function useTimedNotice(durationMs = NOTICE_MS) {
  const [message, setMessage] = useState<NoticeMessage | null>(null);
  const nextId = useRef(1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The timer starts with show() itself, so the notice lasts exactly durationMs from then.
  const show = useCallback(
    (text: string, tone: NoticeTone = "success") => {
      clearTimeout(timer.current);
      setMessage({ id: nextId.current++, text, tone });
      timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  return { message, show, clear };
}

export interface NoticeProps {
  /** What useTimedNotice().message holds; nothing shows while null. */
  message: NoticeMessage | null;
  className?: string;
}

/**
 * A toast at the bottom of the viewport inside a polite live region (role="status") that stays
 * in the page, so the text is announced when it appears. Render it inside an open modal
 * <dialog> while one is open: the rest of the page is inert then.
 */
export function Notice({ message: notice, className }: NoticeProps) {
  const Icon = notice?.tone === "error" ? CircleAlert : CircleCheck;
  return (
    <div
      role="status"
      className={clsx("pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4 sm:bottom-6", className)}
    >
      {notice && (
        <p
          key={notice.id}
          className={clsx(
            "flex max-w-md animate-pop items-center gap-2.5 rounded-md border-[3px] border-ink px-4 py-3 text-base font-bold text-ink shadow-hard",
            notice.tone === "error" ? "bg-pink-soft" : "bg-teal-soft",
          )}
        >
          <Icon aria-hidden="true" className={clsx("size-5 shrink-0", notice.tone === "error" && "text-danger")} strokeWidth={2.75} />
          <span>{notice.text}</span>
        </p>
      )}
    </div>
  );
}
