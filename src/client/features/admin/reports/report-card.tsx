/**
 * One report in the queue: the item (linked to where the site shows it), the reason and note, who
 * reported it and when, how many open reports the item has, and, once closed, who resolved it and
 * why. Open ones offer Hide Item and Dismiss.
 */
import { EyeOff, MessageSquareOff, TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { count } from "../shared/count";
import type { AdminReport } from "./list-reports";
import type { ResolveAction } from "./resolve-report";

const WHEN = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

const KIND_LABELS = { story: "Story", product: "Product", creator: "Creator", comment: "Comment" } as const;

export const REPORT_CARD_TEXT = {
  gone: "No longer on the site",
  itemHidden: "Item hidden",
  reportedBy: (email: string | null, when: string) => `Reported by ${email ?? "a deleted account"} · ${when}`,
  openReports: (n: number) => `${count(n, "open report", "open reports")} of this item`,
  resolved: (status: "hidden" | "dismissed", by: string | null, when: string) =>
    `${status === "hidden" ? "Item hidden" : "Dismissed"} by ${by ?? "a former curator"} · ${when}`,
  hide: "Hide Item",
  dismiss: "Dismiss",
} as const;

function Badge({ children, tone = "plain" }: { children: string; tone?: "plain" | "warn" }) {
  return (
    <span
      className={
        tone === "warn"
          ? "rounded-sm border-2 border-ink bg-pink-soft px-2 py-0.5 text-xs font-black tracking-wide uppercase"
          : "rounded-sm border-2 border-ink bg-white px-2 py-0.5 text-xs font-black tracking-wide uppercase"
      }
    >
      {children}
    </span>
  );
}

export function ReportCard({ report, onResolve }: { report: AdminReport; onResolve: (action: ResolveAction) => void }) {
  const headingId = `report-${report.id}`;
  const { item } = report;
  const open = report.status === "open";
  const name = item.title ?? REPORT_CARD_TEXT.gone;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="admin-report"
      className="flex flex-col gap-4 rounded-lg border-[3px] border-ink bg-white p-4 shadow-hard sm:p-5 lg:flex-row lg:items-start"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge>{KIND_LABELS[item.kind]}</Badge>
          <span className="inline-flex items-center gap-1.5 text-sm font-bold">
            <TriangleAlert aria-hidden="true" className="size-4 shrink-0" strokeWidth={2.75} />
            {report.reason_label}
          </span>
          {open && item.hidden && <Badge tone="warn">{REPORT_CARD_TEXT.itemHidden}</Badge>}
        </div>
        <h3 id={headingId} className="font-heavy text-lg leading-tight [overflow-wrap:anywhere] sm:text-2xl">
          {item.title === null ? (
            <span className="text-muted">{name}</span>
          ) : (
            <Link to={item.path} className="decoration-pink decoration-[3px] underline-offset-4 hover:underline">
              {name}
            </Link>
          )}
        </h3>
        {report.note && (
          <blockquote className="border-l-4 border-ink/30 pl-3 text-base whitespace-pre-line [overflow-wrap:anywhere]">{report.note}</blockquote>
        )}
        <p className="text-sm text-muted [overflow-wrap:anywhere]">
          {REPORT_CARD_TEXT.reportedBy(report.reporter_email, WHEN.format(new Date(report.created_at)))}
        </p>
        {open ? (
          <p className={report.open_reports > 1 ? "text-sm font-black" : "text-sm font-bold"}>{REPORT_CARD_TEXT.openReports(report.open_reports)}</p>
        ) : (
          <div className="flex flex-col gap-1 border-t-2 border-ink/15 pt-2">
            <p className="text-sm font-bold [overflow-wrap:anywhere]">
              {REPORT_CARD_TEXT.resolved(report.status as "hidden" | "dismissed", report.resolver_email, WHEN.format(new Date(report.resolved_at ?? report.created_at)))}
            </p>
            {report.resolution_note && <p className="text-sm whitespace-pre-line [overflow-wrap:anywhere]">{report.resolution_note}</p>}
          </div>
        )}
      </div>
      {open && (
        <div className="flex flex-wrap gap-2 lg:shrink-0 lg:justify-end">
          {item.title !== null && (
            <Button variant="dark" size="sm" aria-label={`${REPORT_CARD_TEXT.hide}: ${name}`} onClick={() => onResolve("hide")}>
              <EyeOff aria-hidden="true" className="size-4" strokeWidth={2.75} />
              {REPORT_CARD_TEXT.hide}
            </Button>
          )}
          <Button variant="secondary" size="sm" aria-label={`${REPORT_CARD_TEXT.dismiss} the reports of ${name}`} onClick={() => onResolve("dismiss")}>
            <MessageSquareOff aria-hidden="true" className="size-4" strokeWidth={2.75} />
            {REPORT_CARD_TEXT.dismiss}
          </Button>
        </div>
      )}
    </article>
  );
}
