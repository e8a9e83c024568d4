/**
 * The back office's Mail (admins; issue 32, docs/decisions/0030): how many e-mails wait in the
 * outbox, how many were given up after their last attempt, and those given up, newest first, each
 * with its error and a Retry that sends it again from its first attempt (audited).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { MailOverview, UndeliveredMail } from "../../../../common/api/admin-mail";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { api, failureMessage } from "../../../lib/api";
import { formatWhen } from "../shared/format";
import { adminKey } from "../shared/keys";
import { ListEmpty, ListFailed, ListLoading } from "../shared/list-parts";

export const MAIL_TEXT = {
  loading: "Loading the outbox...",
  failed: "The outbox could not be loaded.",
  empty: "Every e-mail was delivered or is still being tried. Nothing was given up.",
  queued: "Waiting to be sent",
  givenUp: "Given up",
  retry: "Retry",
  retried: (to: string) => `Queued again for ${to}.`,
  retryFailed: "That did not work. Please try again.",
  attempts: (n: number) => `${n} ${n === 1 ? "attempt" : "attempts"}`,
} as const;

export function MailPage({ uid }: { uid: string }) {
  const key = adminKey(uid, "mail");
  const queryClient = useQueryClient();
  const overview = useQuery({ queryKey: key, queryFn: ({ signal }) => api<MailOverview>("/api/admin/mail", { signal }), staleTime: 0 });
  const [notice, setNotice] = useState<{ text: string; error?: true } | null>(null);
  const retry = useMutation({
    mutationFn: (mail: UndeliveredMail) => api<{ recipient: string }>(`/api/admin/mail/${encodeURIComponent(mail.id)}/retry`, { method: "POST" }),
    onSuccess: (done) => {
      setNotice({ text: MAIL_TEXT.retried(done.recipient) });
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => setNotice({ text: failureMessage(error, MAIL_TEXT.retryFailed), error: true }),
  });

  if (overview.isPending) return <ListLoading text={MAIL_TEXT.loading} />;
  if (overview.isError) return <ListFailed text={MAIL_TEXT.failed} onRetry={() => void overview.refetch()} />;
  const { queued, failed, items } = overview.data;
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-2 gap-4 sm:max-w-md">
        {[
          [MAIL_TEXT.queued, queued],
          [MAIL_TEXT.givenUp, failed],
        ].map(([label, n]) => (
          <div key={label} className="rounded-xl border-[3px] border-ink bg-white p-4 shadow-hard-sm">
            <dt className="text-sm font-bold text-muted">{label}</dt>
            <dd className="font-heavy text-3xl">{Number(n).toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>
      <div role="status">{notice && <Alert tone={notice.error ? "error" : "success"}>{notice.text}</Alert>}</div>
      {items.length === 0 ? (
        <ListEmpty>{MAIL_TEXT.empty}</ListEmpty>
      ) : (
        <ul aria-label="E-mails given up" className="flex flex-col gap-3">
          {items.map((mail) => (
            <li key={mail.id} className="flex flex-wrap items-start justify-between gap-3 rounded-xl border-[3px] border-ink bg-white p-4 shadow-hard-sm">
              <div className="flex min-w-0 flex-col gap-1">
                <p className="font-bold break-all">{mail.recipient}</p>
                <p className="text-sm text-muted">
                  {mail.template} · {MAIL_TEXT.attempts(mail.attempts)} · {formatWhen(mail.failed_at)}
                </p>
                {mail.last_error && <p className="text-sm break-words">{mail.last_error}</p>}
              </div>
              <Button variant="secondary" size="sm" disabled={retry.isPending} onClick={() => retry.mutate(mail)} aria-label={`${MAIL_TEXT.retry} the e-mail to ${mail.recipient}`}>
                {MAIL_TEXT.retry}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
