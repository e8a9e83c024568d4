/**
 * The studio's "Write to your followers" (issue 32, docs/decisions/0030): a short Markdown
 * message, written or previewed (the site's own renderer, as a story's), sent after a confirm that
 * names how many followers it reaches; MAYBE e-mails it, so the creator never sees an address.
 * At most one a week: while the next is not allowed, the section says when it is.
 *
 * Nothing typed is lost: a refused send keeps the text and says the server's words; only a sent
 * message empties the box. Checked before sending by the schema the server uses
 * (CreatorMessageDraftSchema), loaded on the first send. Its own chunk, loaded beside the studio's
 * list (studio-stories.tsx): the studio's first paint does not wait for it.
 */
import { clsx } from "clsx";
import { Send } from "lucide-react";
import { Suspense, useId, useRef, useState } from "react";
import { CREATOR_MESSAGE_MAX, normalizeCreatorMessage } from "../../../../common/creator-message-fields";
import type { StudioMessage, StudioMessages } from "../../../../common/api/studio-messages";
import { LazyMarkdown } from "../../../components/markdown/lazy-markdown";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { TextAreaField } from "../../../components/ui/field";
import { failureMessage, isApiError, logFailure } from "../../../lib/api";
import { useSendMessage, useStudioMessages } from "../api/studio-messages";

const WHEN = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const COUNT = new Intl.NumberFormat("en-US");
/** The past messages shown before "Earlier messages". */
const RECENT = 3;

const followers = (n: number) => `${COUNT.format(n)} ${n === 1 ? "follower" : "followers"}`;

export const MESSAGE_TEXT = {
  heading: "Write to your followers",
  intro: "A short message by e-mail, at most once a week. MAYBE sends it for you: you never see your followers' addresses.",
  label: "Your message",
  hint: "Markdown works: **bold**, *italic*, [a link](https://…).",
  write: "Write",
  preview: "Preview",
  emptyPreview: "Your message shows here as your followers will read it.",
  loadingPreview: "Loading the preview...",
  send: "Send to followers",
  sending: "Sending...",
  confirmTitle: "Send this message?",
  confirm: "Send message",
  loading: "Loading your messages...",
  loadFailed: "Your messages could not be loaded. Check your connection and try again.",
  failed: "Your message could not be sent. Check your connection and try again.",
  nextAt: (when: string) => `You can write again on ${when}.`,
  offSite: "While the MAYBE team has your profile off the site, you cannot write to your followers.",
  nobody: "No one would get it yet: a message goes by e-mail to the people who follow you.",
  count: (n: number) => `${COUNT.format(n)} / ${COUNT.format(CREATOR_MESSAGE_MAX)}`,
  over: (n: number) => `${COUNT.format(n)} over the limit`,
  reaches: ({ followers: all, recipients }: Pick<StudioMessages, "followers" | "recipients">) =>
    recipients === all
      ? `It goes by e-mail to your ${followers(recipients)}.`
      : `It goes by e-mail to ${COUNT.format(recipients)} of your ${followers(all)}: the others chose not to get e-mails from creators they follow.`,
  afterwards: "You can write the next one in a week.",
  sent: (n: number) => `Sent to your ${followers(n)}.`,
  past: "Past messages",
  none: "You have not written to your followers yet.",
  earlier: (n: number) => `Earlier messages (${n})`,
  sentTo: (n: number) => `Sent to ${followers(n)}`,
  goingOut: "Going out now",
} as const;

export function FollowerMessages({ uid }: { uid: string }) {
  const ids = { heading: useId(), past: useId() };
  const messages = useStudioMessages(uid);
  const send = useSendMessage(uid);
  const [text, setText] = useState("");
  const [mode, setMode] = useState<"write" | "preview">("write");
  /** The schema's or the server's word on the text itself. */
  const [fieldError, setFieldError] = useState<string | null>(null);
  /** Any other refusal (once a week, off the site) or a failure to reach the server. */
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  const data = messages.data;
  const length = normalizeCreatorMessage(text).length;
  const over = length - CREATOR_MESSAGE_MAX;
  const nextAt = data?.next_at && new Date(data.next_at) > new Date() ? new Date(data.next_at) : null;
  const offSite = Boolean(data?.suspended || data?.hidden);
  const blocked = !data || offSite || nextAt !== null || data.recipients === 0;

  function edit(value: string) {
    setText(value);
    setFieldError(null);
    setSentTo(null);
  }

  function showField(message: string) {
    setFieldError(message);
    setMode("write");
    // After the textarea is back in the page.
    requestAnimationFrame(() => fieldRef.current?.focus());
  }

  /** Checks the text as the server will, then asks to confirm. */
  async function review() {
    if (blocked || send.isPending) return;
    setFailure(null);
    setSentTo(null);
    try {
      const { CreatorMessageDraftSchema } = await import("../../../../common/api/studio-messages");
      const parsed = CreatorMessageDraftSchema.safeParse({ body: text });
      if (!parsed.success) return showField(parsed.error.issues[0]?.message ?? MESSAGE_TEXT.failed);
      setConfirming(true);
    } catch (error) {
      // The schema's chunk did not load (the connection dropped): nothing was sent, the text stays.
      logFailure("message check failed to load", error);
      setFailure(MESSAGE_TEXT.failed);
    }
  }

  async function confirmSend() {
    try {
      const sent = await send.mutateAsync({ body: text });
      setConfirming(false);
      setText("");
      setMode("write");
      setSentTo(sent.recipients);
    } catch (error) {
      logFailure("message to followers failed", error);
      setConfirming(false);
      const onField = isApiError(error) ? error.fields.body : undefined;
      if (onField) showField(onField);
      else setFailure(failureMessage(error, MESSAGE_TEXT.failed));
    }
  }

  return (
    <section
      aria-labelledby={ids.heading}
      data-testid="follower-messages"
      className="flex flex-col gap-4 rounded-lg border-[3px] border-ink bg-white p-4 shadow-hard sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h3 id={ids.heading} className="font-heavy text-xl sm:text-2xl">
          {MESSAGE_TEXT.heading}
        </h3>
        <p className="text-sm text-muted">{MESSAGE_TEXT.intro}</p>
      </div>

      {!data ? (
        messages.isError ? (
          <div className="flex flex-col items-start gap-3">
            <Alert>{MESSAGE_TEXT.loadFailed}</Alert>
            <Button variant="secondary" size="sm" onClick={() => void messages.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <p role="status" className="text-sm font-bold">
            {MESSAGE_TEXT.loading}
          </p>
        )
      ) : (
        <>
          <div role="group" aria-label="Message view" className="flex gap-2">
            {(["write", "preview"] as const).map((option) => (
              <Button key={option} size="sm" variant={mode === option ? "dark" : "secondary"} aria-pressed={mode === option} onClick={() => setMode(option)}>
                {option === "write" ? MESSAGE_TEXT.write : MESSAGE_TEXT.preview}
              </Button>
            ))}
          </div>

          {mode === "write" ? (
            <TextAreaField
              ref={fieldRef}
              label={MESSAGE_TEXT.label}
              labelNote="(Markdown)"
              rows={6}
              hint={MESSAGE_TEXT.hint}
              error={fieldError ?? undefined}
              value={text}
              onChange={(event) => edit(event.target.value)}
              className="[&_textarea]:font-mono [&_textarea]:text-[0.95rem]"
            />
          ) : (
            <div className="flex flex-col gap-1.5">
              <p className="text-sm font-bold tracking-wide text-ink uppercase">{MESSAGE_TEXT.preview}</p>
              <div data-testid="message-preview" className="min-h-40 rounded-md border-[3px] border-dashed border-ink px-4 py-3 [overflow-wrap:anywhere] sm:px-5">
                {text.trim() === "" ? (
                  <p className="text-muted">{MESSAGE_TEXT.emptyPreview}</p>
                ) : (
                  <Suspense fallback={<p className="text-muted">{MESSAGE_TEXT.loadingPreview}</p>}>
                    <LazyMarkdown text={text} />
                  </Suspense>
                )}
              </div>
            </div>
          )}

          <div className="flex flex-wrap items-center justify-between gap-3">
            <p data-testid="message-count" className={clsx("text-sm font-bold tabular-nums", over > 0 ? "text-danger" : "text-muted")}>
              {MESSAGE_TEXT.count(length)}
              {over > 0 && <span>{` · ${MESSAGE_TEXT.over(over)}`}</span>}
            </p>
            <Button variant="primary" disabled={blocked} aria-busy={send.isPending || undefined} onClick={() => void review()}>
              <Send aria-hidden="true" className="size-4" strokeWidth={2.75} />
              {send.isPending ? MESSAGE_TEXT.sending : MESSAGE_TEXT.send}
            </Button>
          </div>

          {sentTo !== null && <Alert tone="success">{MESSAGE_TEXT.sent(sentTo)}</Alert>}
          {offSite ? (
            <p className="text-sm font-bold">{MESSAGE_TEXT.offSite}</p>
          ) : nextAt ? (
            <p className="text-sm font-bold" data-testid="next-message">
              {MESSAGE_TEXT.nextAt(WHEN.format(nextAt))}
            </p>
          ) : data.recipients === 0 ? (
            <p className="text-sm font-bold">{MESSAGE_TEXT.nobody}</p>
          ) : null}
          {failure && <Alert>{failure}</Alert>}

          <PastMessages headingId={ids.past} items={data.items} />
        </>
      )}

      <ConfirmDialog
        open={confirming}
        title={MESSAGE_TEXT.confirmTitle}
        confirmLabel={MESSAGE_TEXT.confirm}
        busyLabel={MESSAGE_TEXT.sending}
        busy={send.isPending}
        onConfirm={() => void confirmSend()}
        onClose={() => setConfirming(false)}
      >
        {data && (
          <p>
            {MESSAGE_TEXT.reaches(data)} {MESSAGE_TEXT.afterwards}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

function PastMessages({ headingId, items }: { headingId: string; items: StudioMessage[] }) {
  const recent = items.slice(0, RECENT);
  const earlier = items.slice(RECENT);
  return (
    <div className="flex flex-col gap-3 border-t-[3px] border-ink pt-4">
      <h4 id={headingId} className="font-heavy text-lg">
        {MESSAGE_TEXT.past}
      </h4>
      {items.length === 0 ? (
        <p className="text-sm text-muted">{MESSAGE_TEXT.none}</p>
      ) : (
        <>
          <MessageList items={recent} label={MESSAGE_TEXT.past} />
          {earlier.length > 0 && (
            <details>
              <summary className="cursor-pointer text-sm font-bold">{MESSAGE_TEXT.earlier(earlier.length)}</summary>
              <div className="mt-3">
                <MessageList items={earlier} label={MESSAGE_TEXT.earlier(earlier.length)} />
              </div>
            </details>
          )}
        </>
      )}
    </div>
  );
}

function MessageList({ items, label }: { items: StudioMessage[]; label: string }) {
  return (
    <ul className="flex flex-col gap-3" aria-label={label}>
      {items.map((message) => (
        <li key={message.id} data-testid="past-message" className="flex flex-col gap-1 rounded-md border-2 border-ink bg-paper px-3.5 py-3">
          <p className="text-sm font-bold">
            <time dateTime={message.created_at}>{WHEN.format(new Date(message.created_at))}</time>
            {` · ${message.sent_at ? MESSAGE_TEXT.sentTo(message.mail_count) : MESSAGE_TEXT.goingOut}`}
          </p>
          <p className="line-clamp-3 text-sm whitespace-pre-line [overflow-wrap:anywhere]">{message.body}</p>
        </li>
      ))}
    </ul>
  );
}
