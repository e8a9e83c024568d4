/**
 * One newsletter issue (admins; docs/decisions/0031). A draft, or a scheduled issue not yet begun:
 * the editor (subject, Markdown with its preview beside it, checked as the server checks), Save
 * draft, a test copy to oneself, then Send now or Schedule (both confirmed first). Once it goes:
 * its progress (recipients, queued, sent, failed), refreshed while it sends, and its failures.
 * What was typed stays in the form whatever the server answers.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Suspense, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import type { NewsletterIssue, NewsletterOverview } from "../../../../common/api/admin-newsletter";
import { NEWSLETTER_BODY_MAX, issueFieldErrors } from "../../../../common/newsletter-issue";
import { LazyMarkdown } from "../../../components/markdown/lazy-markdown";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { TextAreaField, TextField } from "../../../components/ui/field";
import { adminNewsletterIssuePath, adminPaths, NEW_ISSUE } from "../../../config/admin-paths";
import { api, failureMessage, isApiError } from "../../../lib/api";
import { formatWhen } from "../shared/format";
import { adminKey } from "../shared/keys";
import { ListFailed, ListLoading } from "../shared/list-parts";
import { NEWSLETTER_TEXT as T, StatusBadge } from "./newsletter-parts";

type Fields = Partial<Record<"subject" | "body" | "send_at", string>>;
type Notice = { text: string; error?: true } | null;

/**
 * `onCreated` is told a new issue's id before the page moves to its address, so the section keeps
 * this page (and the editor, with what was typed and its notice) instead of opening it afresh.
 */
export function IssuePage({ uid, issueId, onCreated }: { uid: string; issueId: string; onCreated: (id: string) => void }) {
  const isNew = issueId === NEW_ISSUE;
  const issue = useQuery({
    queryKey: adminKey(uid, "newsletter", issueId),
    queryFn: ({ signal }) => api<NewsletterIssue>(`/api/admin/newsletter/${encodeURIComponent(issueId)}`, { signal }),
    enabled: !isNew,
    staleTime: 0,
    // While it sends, its counts move: look again every two seconds until it is done.
    refetchInterval: (query) => (query.state.data?.status === "sending" ? 2_000 : false),
  });
  const back = (
    <Link to={adminPaths.newsletter} className="link-ink self-start font-bold">
      ← {T.back}
    </Link>
  );
  if (isNew)
    return (
      <div className="flex flex-col gap-6">
        {back}
        <Editor key="editor" uid={uid} issue={null} onCreated={onCreated} />
      </div>
    );
  if (issue.isPending) return <ListLoading text={T.loading} />;
  if (issue.isError) {
    if (isApiError(issue.error) && issue.error.status === 404) return <>{back}<Alert>{T.notFound}</Alert></>;
    return <ListFailed text={T.failed} onRetry={() => void issue.refetch()} />;
  }
  const data = issue.data;
  const editable = data.status === "draft" || data.status === "scheduled";
  return (
    <div className="flex flex-col gap-6">
      {back}
      <div className="flex flex-wrap items-center gap-3">
        <StatusBadge status={data.status} />
        {data.send_at && data.status !== "draft" && <span className="text-sm text-muted">{formatWhen(data.send_at)}</span>}
      </div>
      {editable ? <Editor key="editor" uid={uid} issue={data} onCreated={onCreated} /> : <Sent issue={data} />}
    </div>
  );
}

function Progress({ issue }: { issue: NewsletterIssue }) {
  const { recipients, queued, sent, failed } = issue.progress;
  return (
    <section aria-label={T.progress} className="flex flex-col gap-3">
      <h2 className="font-heavy text-xl">{T.progress}</h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          [T.recipients, recipients],
          [T.queued, queued],
          [T.sent, sent],
          [T.failedCount, failed],
        ].map(([label, n]) => (
          <div key={label} className="rounded-xl border-[3px] border-ink bg-white p-3 shadow-hard-sm" data-testid={`newsletter-${String(label).toLowerCase()}`}>
            <dt className="text-sm font-bold text-muted">{label}</dt>
            <dd className="font-heavy text-2xl">{Number(n).toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Sent({ issue }: { issue: NewsletterIssue }) {
  return (
    <div className="flex flex-col gap-6">
      <Progress issue={issue} />
      {issue.failures.length > 0 && (
        <section aria-label={T.failures} className="flex flex-col gap-2">
          <h2 className="font-heavy text-xl">{T.failures}</h2>
          <p className="text-sm text-muted">
            <Link to={adminPaths.mail} className="link-ink">
              {T.failuresHint}
            </Link>
          </p>
          <ul className="flex flex-col gap-2">
            {issue.failures.map((f) => (
              <li key={f.id} className="rounded-xl border-[3px] border-ink bg-white p-3">
                <p className="font-bold break-all">{f.recipient}</p>
                <p className="text-sm break-words text-muted">
                  {formatWhen(f.failed_at)}
                  {f.last_error ? ` · ${f.last_error}` : ""}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
      <article className="flex flex-col gap-3 rounded-xl border-[3px] border-ink bg-white p-4 sm:p-6">
        <h2 className="font-heavy text-2xl break-words">{issue.subject}</h2>
        <Suspense fallback={<p className="text-muted">{T.loading}</p>}>
          <LazyMarkdown text={issue.body} />
        </Suspense>
      </article>
    </div>
  );
}

/** A datetime-local value in the viewer's zone as an ISO time; "" when empty or not a time. */
function isoFromLocal(value: string): string {
  const at = value ? new Date(value) : null;
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : "";
}

function Editor({ uid, issue, onCreated }: { uid: string; issue: NewsletterIssue | null; onCreated: (id: string) => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState(issue?.subject ?? "");
  const [body, setBody] = useState(issue?.body ?? "");
  const [saved, setSaved] = useState({ subject: issue?.subject ?? "", body: issue?.body ?? "" });
  const [sendAt, setSendAt] = useState("");
  const [errors, setErrors] = useState<Fields>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [confirm, setConfirm] = useState<"now" | "later" | null>(null);
  // How many it would go to, for the confirmation (the list page's own query).
  const listed = useQuery({
    queryKey: adminKey(uid, "newsletter"),
    queryFn: ({ signal }) => api<NewsletterOverview>("/api/admin/newsletter", { signal }),
    staleTime: 30_000,
  });
  const dirty = subject !== saved.subject || body !== saved.body;

  const fail = (error: unknown) => {
    if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields as Fields);
    setNotice({ text: failureMessage(error, T.sendFailed), error: true });
  };
  const refresh = (next: NewsletterIssue) => {
    queryClient.setQueryData(adminKey(uid, "newsletter", next.id), next);
    void queryClient.invalidateQueries({ queryKey: adminKey(uid, "newsletter"), exact: true });
  };

  /** Saves what is typed when it changed (or was never saved); resolves with the issue's id. */
  async function persist(): Promise<string | null> {
    const found = issueFieldErrors(subject, body);
    setErrors(found);
    if (Object.keys(found).length > 0) return null;
    if (issue && !dirty) return issue.id;
    const input = { subject, body };
    const next = issue
      ? await api<NewsletterIssue>(`/api/admin/newsletter/${encodeURIComponent(issue.id)}`, { method: "PUT", body: input })
      : await api<NewsletterIssue>("/api/admin/newsletter", { method: "POST", body: input });
    setSaved({ subject: next.subject, body: next.body });
    refresh(next);
    if (!issue) {
      onCreated(next.id);
      void navigate(adminNewsletterIssuePath(next.id), { replace: true });
    }
    return next.id;
  }

  const save = useMutation({
    mutationFn: persist,
    onSuccess: (id) => id && setNotice({ text: T.saved }),
    onError: fail,
  });
  const test = useMutation({
    mutationFn: async () => {
      const id = await persist();
      return id ? api<{ to: string }>(`/api/admin/newsletter/${encodeURIComponent(id)}/test`, { method: "POST" }) : null;
    },
    onSuccess: (done) => done && setNotice({ text: T.tested(done.to) }),
    onError: fail,
  });
  const send = useMutation({
    mutationFn: async (when: "now" | "later") => {
      const id = await persist();
      if (!id) return null;
      const body = when === "later" ? { send_at: isoFromLocal(sendAt) } : {};
      return api<NewsletterIssue>(`/api/admin/newsletter/${encodeURIComponent(id)}/send`, { method: "POST", body });
    },
    onSuccess: (next) => {
      setConfirm(null);
      if (next) refresh(next);
    },
    onError: (error) => {
      setConfirm(null);
      fail(error);
    },
  });
  const unschedule = useMutation({
    mutationFn: () => api<NewsletterIssue>(`/api/admin/newsletter/${encodeURIComponent(issue!.id)}/unschedule`, { method: "POST" }),
    onSuccess: refresh,
    onError: fail,
  });
  const busy = save.isPending || test.isPending || send.isPending || unschedule.isPending;
  const scheduled = issue?.status === "scheduled";

  function askToSchedule() {
    const at = isoFromLocal(sendAt);
    if (!at || new Date(at) <= new Date()) {
      setErrors((e) => ({ ...e, send_at: "Choose a date and time in the future" }));
      return;
    }
    setConfirm("later");
  }

  return (
    <form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        save.mutate();
      }}
      className="flex flex-col gap-6"
    >
      {scheduled && issue.send_at && <Alert tone="success">{T.scheduledFor(formatWhen(issue.send_at))}</Alert>}
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-4">
          <TextField
            label={T.subject}
            value={subject}
            error={errors.subject}
            maxLength={300}
            onChange={(event) => {
              setSubject(event.target.value);
              setErrors(({ subject: _, ...rest }) => rest);
            }}
          />
          <TextAreaField
            label={T.body}
            value={body}
            error={errors.body}
            rows={16}
            hint={`${body.trim().length.toLocaleString("en-US")} / ${NEWSLETTER_BODY_MAX.toLocaleString("en-US")}`}
            onChange={(event) => {
              setBody(event.target.value);
              setErrors(({ body: _, ...rest }) => rest);
            }}
          />
        </div>
        <section aria-label={T.preview} className="flex min-w-0 flex-col gap-3 rounded-xl border-[3px] border-ink bg-white p-4 sm:p-6">
          <p className="text-sm font-bold text-muted">{T.preview}</p>
          <h2 className="font-heavy text-2xl break-words">{subject.trim() || T.subject}</h2>
          {body.trim() ? (
            <Suspense fallback={<p className="text-muted">{T.loading}</p>}>
              <LazyMarkdown text={body} />
            </Suspense>
          ) : (
            <p className="text-muted">{T.emptyPreview}</p>
          )}
        </section>
      </div>

      <div aria-live="polite">{notice && <Alert tone={notice.error ? "error" : "success"}>{notice.text}</Alert>}</div>

      <div role="group" aria-label="Issue actions" className="flex flex-col gap-4 border-t-[3px] border-ink pt-4">
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="secondary" disabled={busy}>
            {save.isPending ? T.saving : T.save}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => test.mutate()}>
            {T.test}
          </Button>
          {scheduled ? (
            <Button variant="secondary" disabled={busy} onClick={() => unschedule.mutate()}>
              {T.unschedule}
            </Button>
          ) : (
            <Button disabled={busy} onClick={() => setConfirm("now")}>
              {T.sendNow}
            </Button>
          )}
        </div>
        {!scheduled && (
          <div className="flex flex-wrap items-end gap-3">
            <TextField
              label={T.scheduleAt}
              type="datetime-local"
              value={sendAt}
              error={errors.send_at}
              onChange={(event) => {
                setSendAt(event.target.value);
                setErrors(({ send_at: _, ...rest }) => rest);
              }}
            />
            <Button variant="secondary" disabled={busy} onClick={askToSchedule} className="mb-0.5">
              {T.schedule}
            </Button>
          </div>
        )}
      </div>

      <ConfirmDialog
        open={confirm !== null}
        title={T.confirmTitle}
        confirmLabel={confirm === "later" ? T.schedule : T.sendNow}
        busy={send.isPending}
        onConfirm={() => confirm && send.mutate(confirm)}
        onClose={() => setConfirm(null)}
      >
        <p>{confirm === "later" ? T.confirmSchedule(formatWhen(isoFromLocal(sendAt) || new Date().toISOString())) : T.confirmSend(listed.data?.subscribers.confirmed ?? 0)}</p>
      </ConfirmDialog>
    </form>
  );
}
