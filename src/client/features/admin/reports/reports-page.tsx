/**
 * The reports queue (docs/decisions/0019): Open, Hidden and Dismissed lists (the status is in the
 * URL), each report with its item, reason, note, reporter and how many open reports the item has.
 * An open report is resolved by hiding its item or dismissing it, with an optional note; both
 * close every open report of the item. Another curator's earlier resolution (409) is said on the
 * page and the lists refresh.
 */
import { clsx } from "clsx";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { REPORT_STATUSES, type ReportStatus } from "../../../../common/reports";
import { Alert } from "../../../components/ui/alert";
import { useAnnounce } from "../../../components/ui/announcer";
import { Button } from "../../../components/ui/button";
import { failureMessage, isApiError } from "../../../lib/api";
import { count } from "../shared/count";
import { useAdminReports, type AdminReport } from "./list-reports";
import { useResolveReport, type ResolveAction } from "./resolve-report";
import { ReportCard } from "./report-card";
import { ResolveDialog } from "./resolve-dialog";

export const STATUS_PARAM = "status";

export const REPORTS_TEXT = {
  tabs: { open: "Open", hidden: "Hidden", dismissed: "Dismissed" } satisfies Record<ReportStatus, string>,
  tabsLabel: "Reports by status",
  loading: "Loading reports...",
  loadFailed: "The reports could not be loaded.",
  resolveFailed: "The report could not be resolved. Check your connection and try again.",
  retry: "Try again",
  more: "Load more",
  loadingMore: "Loading...",
  empty: {
    open: "No open reports. The queue is clear.",
    hidden: "No item has been hidden for a report yet.",
    dismissed: "No report has been dismissed yet.",
  } satisfies Record<ReportStatus, string>,
  hidden: (title: string, closed: number) => `“${title}” is hidden. ${count(closed, "report", "reports")} closed.`,
  dismissed: (closed: number) => `${count(closed, "report", "reports")} dismissed. The item stays on the site.`,
} as const;

function statusOf(value: string | null): ReportStatus {
  return REPORT_STATUSES.find((s) => s === value) ?? "open";
}

export function ReportsPage({ uid }: { uid: string }) {
  const [searchParams] = useSearchParams();
  const status = statusOf(searchParams.get(STATUS_PARAM));
  const reports = useAdminReports(uid, status);
  const resolve = useResolveReport(uid);
  const announce = useAnnounce();
  const [resolving, setResolving] = useState<{ report: AdminReport; action: ResolveAction } | null>(null);
  const [dialogError, setDialogError] = useState<{ note?: string; form?: string }>({});
  const [conflict, setConflict] = useState<string | null>(null);
  // The resolved card leaves the list, and the focus with it: it goes to the list's heading, or to
  // the conflict's message, once the dialog has closed (its effect runs first, as a child's does).
  const [focusNext, setFocusNext] = useState<"heading" | "conflict" | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const conflictRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusNext === null) return;
    (focusNext === "heading" ? headingRef : conflictRef).current?.focus();
    setFocusNext(null);
  }, [focusNext]);

  async function confirm(note: string) {
    if (!resolving) return;
    const { report, action } = resolving;
    setDialogError({});
    try {
      const done = await resolve.mutateAsync({ id: report.id, action, note });
      setResolving(null);
      setConflict(null);
      setFocusNext("heading");
      const closed = done.resolved_ids.length;
      announce(action === "hide" ? REPORTS_TEXT.hidden(report.item.title ?? "The item", closed) : REPORTS_TEXT.dismissed(closed));
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        // Someone else resolved it: the dialog closes, the page says so, and the lists refresh.
        setResolving(null);
        setConflict(error.message);
        setFocusNext("conflict");
        return;
      }
      if (isApiError(error) && error.fields.note) setDialogError({ note: error.fields.note });
      else setDialogError({ form: failureMessage(error, REPORTS_TEXT.resolveFailed) });
    }
  }

  const items = reports.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="reports-list" className="flex flex-col gap-6">
      <nav aria-label={REPORTS_TEXT.tabsLabel}>
        <ul className="flex flex-wrap gap-2">
          {REPORT_STATUSES.map((s) => (
            <li key={s}>
              <Link
                to={{ search: s === "open" ? "" : `?${STATUS_PARAM}=${s}` }}
                aria-current={s === status ? "page" : undefined}
                onClick={() => setConflict(null)}
                className={clsx(
                  "inline-flex min-h-10 items-center rounded-full border-[3px] border-ink px-4 text-sm font-black tracking-wide uppercase no-underline",
                  s === status ? "bg-ink text-paper" : "bg-white text-ink hover:bg-yellow-soft",
                )}
              >
                {REPORTS_TEXT.tabs[s]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <h2 id="reports-list" ref={headingRef} tabIndex={-1} className="sr-only">
        {`${REPORTS_TEXT.tabs[status]} reports`}
      </h2>

      {conflict && (
        <div ref={conflictRef} tabIndex={-1} className="[overflow-wrap:anywhere]">
          <Alert>{conflict}</Alert>
        </div>
      )}

      {reports.isPending ? (
        <p role="status" className="py-10 text-center text-lg font-bold">
          {REPORTS_TEXT.loading}
        </p>
      ) : reports.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert>{REPORTS_TEXT.loadFailed}</Alert>
          <Button variant="secondary" onClick={() => void reports.refetch()}>
            {REPORTS_TEXT.retry}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-xl border-[3px] border-dashed border-ink bg-white px-6 py-12 text-center text-lg font-bold">
          {REPORTS_TEXT.empty[status]}
        </p>
      ) : (
        <ul className="flex flex-col gap-4" aria-labelledby="reports-list">
          {items.map((report) => (
            <li key={report.id}>
              <ReportCard
                report={report}
                onResolve={(action) => {
                  setDialogError({});
                  setResolving({ report, action });
                }}
              />
            </li>
          ))}
        </ul>
      )}

      {reports.hasNextPage && (
        <Button
          variant="secondary"
          className="self-center"
          disabled={reports.isFetchingNextPage}
          onClick={() => void reports.fetchNextPage()}
        >
          {reports.isFetchingNextPage ? REPORTS_TEXT.loadingMore : REPORTS_TEXT.more}
        </Button>
      )}

      <ResolveDialog
        request={resolving}
        busy={resolve.isPending}
        errors={dialogError}
        onConfirm={(note) => void confirm(note)}
        onClose={() => setResolving(null)}
      />
    </section>
  );
}
