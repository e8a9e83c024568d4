/**
 * Stats (issue 35): what the site counted over a period, for the studio (a creator's own stories,
 * products, tracks and page) and for the back office (the whole site), one page for both. The
 * period lives in the address (?days= or ?from=&to=), so a reload or a shared link opens the
 * same. The totals and tables paint first; the chart (uPlot) follows in a chunk of its own into a
 * box of its final size, and the table behind it has the same numbers for a screen reader.
 */
import { lazy, Suspense, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { Alert } from "../../components/ui/alert";
import { Button, buttonClasses } from "../../components/ui/button";
import { failureMessage, isApiError } from "../../lib/api";
import { ChartBoundary } from "./chart-boundary";
import { RangePicker } from "./range-picker";
import { rangeFromParams, rangeQuery, statsCsvHref, useStats, type Stats, type StatsRange, type StatsScope } from "./stats-api";
import { CHARTS } from "./stats-charts";
import { DayTable, ItemsTable, SourcesTable } from "./stats-tables";
import { STATS_TEXT } from "./stats-texts";
import { StatsTiles } from "./stats-tiles";

const StatsChart = lazy(() => import("./stats-chart").then((m) => ({ default: m.StatsChart })));

export interface StatsPageProps {
  uid: string;
  scope: StatsScope;
  /**
   * The studio's frame has its own h1 (Studio): the page says "Stats" in an h2 and its parts in
   * h3. The back office's frame's h1 is already "Stats": the parts are h2.
   */
  ownHeading?: boolean;
}

/** Nothing counted at all: every total zero, and so no item and no source. */
function isEmpty(stats: Stats): boolean {
  return Object.values(stats.totals).every((n) => n === 0) && stats.items.length === 0 && stats.sources.length === 0;
}

export function StatsPage({ uid, scope, ownHeading = false }: StatsPageProps) {
  const [params, setParams] = useSearchParams();
  const range = rangeFromParams(params);
  const stats = useStats(uid, scope, range);
  const error = stats.error;
  // A range the server refused (400, by field) is said by the picker's fields, in its words.
  const refusal = isApiError(error) && error.status === 400 && Object.keys(error.fields).length > 0 ? error.fields : null;
  const H = ownHeading ? "h3" : "h2";
  const headingId = useId();

  const choose = (next: StatsRange) => setParams(new URLSearchParams(rangeQuery(next)), { replace: true, preventScrollReset: true });

  return (
    <section aria-labelledby={ownHeading ? headingId : undefined} className="flex flex-col gap-8">
      {ownHeading && (
        <h2 id={headingId} className="font-heavy text-3xl sm:text-4xl">
          {STATS_TEXT.heading}
        </h2>
      )}
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <RangePicker range={range} answered={stats.data ?? null} refusal={refusal} onChange={choose} />
        {!refusal && (
          <a href={statsCsvHref(scope, range)} download className={buttonClasses({ variant: "secondary" }, "self-start lg:self-end")}>
            {STATS_TEXT.downloadCsv}
          </a>
        )}
      </div>

      {refusal ? null : stats.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert>{failureMessage(error, STATS_TEXT.failed)}</Alert>
          <Button variant="secondary" onClick={() => void stats.refetch()}>
            {STATS_TEXT.retry}
          </Button>
        </div>
      ) : stats.isPending ? (
        <p role="status" className="py-10 text-center text-lg font-bold">
          {STATS_TEXT.loading}
        </p>
      ) : (
        // While another period loads, the last one stays, dimmed and marked busy.
        <div aria-busy={stats.isPlaceholderData} className={stats.isPlaceholderData ? "flex flex-col gap-10 opacity-60" : "flex flex-col gap-10"}>
          <p className="font-bold text-muted">{STATS_TEXT.period(stats.data.from, stats.data.to)}</p>
          {isEmpty(stats.data) ? (
            <p className="rounded-xl border-[3px] border-dashed border-ink bg-white px-6 py-12 text-center text-lg font-bold">{STATS_TEXT.empty}</p>
          ) : (
            <StatsBody stats={stats.data} H={H} />
          )}
        </div>
      )}
    </section>
  );
}

function StatsBody({ stats, H }: { stats: Stats; H: "h2" | "h3" }) {
  const id = useId();
  const [chartId, setChartId] = useState(CHARTS[0]!.id);
  const chart = CHARTS.find((c) => c.id === chartId) ?? CHARTS[0]!;
  const heading = "font-heavy text-2xl sm:text-3xl";
  // The chart follows its box's width (ResizeObserver): without it, it is not fetched at all.
  const canChart = typeof ResizeObserver === "function";
  const chartFailed = <p className="p-4 font-bold text-muted">{STATS_TEXT.chartFailed}</p>;

  return (
    <>
      <StatsTiles totals={stats.totals} />

      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <H className={heading}>{STATS_TEXT.overTime}</H>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-chart`} className="font-bold">
              {STATS_TEXT.chart}
            </label>
            <select
              id={`${id}-chart`}
              value={chart.id}
              onChange={(e) => setChartId(e.target.value)}
              className="min-h-12 rounded-md border-[3px] border-ink bg-white px-3 text-base shadow-hard-sm"
            >
              {CHARTS.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        {/* The chart's box has its final height before the chart arrives, so nothing below moves.
            Hidden from screen readers: the table below holds the same numbers. */}
        <div aria-hidden="true" data-testid="stats-chart-box" className="h-72 rounded-lg border-[3px] border-ink bg-white p-2 shadow-hard sm:h-80">
          {canChart ? (
            <ChartBoundary fallback={chartFailed}>
              <Suspense fallback={null}>
                <StatsChart days={stats.days} chart={chart} />
              </Suspense>
            </ChartBoundary>
          ) : (
            chartFailed
          )}
        </div>
        <details>
          <summary className="link-ink w-fit cursor-pointer py-2">{STATS_TEXT.showTable}</summary>
          <div className="pt-3">
            <DayTable days={stats.days} chart={chart} />
          </div>
        </details>
      </div>

      <div className="flex flex-col gap-4">
        <H className={heading}>{STATS_TEXT.topItems}</H>
        {stats.items.length === 0 ? <p className="font-bold">{STATS_TEXT.noItems}</p> : <ItemsTable items={stats.items} caption={STATS_TEXT.topItems} />}
      </div>

      <div className="flex flex-col gap-4">
        <H className={heading}>{STATS_TEXT.topSources}</H>
        {stats.sources.length === 0 ? (
          <p className="font-bold">{STATS_TEXT.noSources}</p>
        ) : (
          <SourcesTable sources={stats.sources} caption={STATS_TEXT.topSources} />
        )}
      </div>
    </>
  );
}
