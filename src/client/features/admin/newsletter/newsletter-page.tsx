/**
 * The back office's Newsletter (admins; issue 32, docs/decisions/0031): how many are on the list
 * and how many sign-ups wait for their confirmation, and the issues, newest first, each with its
 * status and how far its sending has come. "New issue" opens the editor (issue-page.tsx).
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import type { NewsletterIssueSummary, NewsletterOverview } from "../../../../common/api/admin-newsletter";
import { buttonClasses } from "../../../components/ui/button";
import { adminNewsletterIssuePath, NEW_ISSUE } from "../../../config/admin-paths";
import { api } from "../../../lib/api";
import { countOf, formatWhen } from "../shared/format";
import { adminKey } from "../shared/keys";
import { ListEmpty, ListFailed, ListLoading } from "../shared/list-parts";
import { NEWSLETTER_TEXT, StatusBadge } from "./newsletter-parts";

function when(issue: NewsletterIssueSummary): string {
  if (issue.status === "draft") return `Edited ${formatWhen(issue.updated_at)}`;
  if (issue.status === "scheduled") return `Goes ${formatWhen(issue.send_at!)}`;
  return `${issue.status === "sent" ? "Sent" : "Sending since"} ${formatWhen(issue.send_at!)} · ${countOf(issue.progress.sent, "e-mail")} sent`;
}

export function NewsletterPage({ uid }: { uid: string }) {
  const overview = useQuery({
    queryKey: adminKey(uid, "newsletter"),
    queryFn: ({ signal }) => api<NewsletterOverview>("/api/admin/newsletter", { signal }),
    staleTime: 0,
  });
  if (overview.isPending) return <ListLoading text={NEWSLETTER_TEXT.loading} />;
  if (overview.isError) return <ListFailed text={NEWSLETTER_TEXT.failed} onRetry={() => void overview.refetch()} />;
  const { subscribers, issues } = overview.data;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <dl className="grid grid-cols-2 gap-4 sm:min-w-96">
          {[
            [NEWSLETTER_TEXT.confirmed, subscribers.confirmed],
            [NEWSLETTER_TEXT.waiting, subscribers.waiting],
          ].map(([label, n]) => (
            <div key={label} className="rounded-xl border-[3px] border-ink bg-white p-4 shadow-hard-sm">
              <dt className="text-sm font-bold text-muted">{label}</dt>
              <dd className="font-heavy text-3xl">{Number(n).toLocaleString("en-US")}</dd>
            </div>
          ))}
        </dl>
        <Link to={adminNewsletterIssuePath(NEW_ISSUE)} className={buttonClasses({ variant: "primary" })}>
          {NEWSLETTER_TEXT.newIssue}
        </Link>
      </div>
      {issues.length === 0 ? (
        <ListEmpty>{NEWSLETTER_TEXT.empty}</ListEmpty>
      ) : (
        <ul aria-label="Newsletter issues" className="flex flex-col gap-3">
          {issues.map((issue) => (
            <li key={issue.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border-[3px] border-ink bg-white p-4 shadow-hard-sm">
              <div className="flex min-w-0 flex-col gap-1">
                <Link to={adminNewsletterIssuePath(issue.id)} className="link-ink font-bold break-words">
                  {issue.subject}
                </Link>
                <p className="text-sm text-muted">{when(issue)}</p>
              </div>
              <StatusBadge status={issue.status} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
