/**
 * The stats' tables: the days behind the chart, the top items and the top sources. Each scrolls
 * sideways on its own on a narrow screen, in a box a keyboard can reach and a screen reader names.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatCents } from "../../../common/money";
import { STATS_LABELS as L } from "../../../common/stats";
import { creatorPath, paths, storyPath } from "../../config/paths";
import type { StatsDay, StatsItem, StatsSource } from "./stats-api";
import type { ChartChoice } from "./stats-charts";
import { formatCount, formatDay, KIND_LABELS, STATS_TEXT } from "./stats-texts";

const TH = "p-3 font-heavy whitespace-nowrap";
const NUM = "p-3 text-right tabular-nums whitespace-nowrap";

/** A table's box: scrolls sideways when the table is wider, reachable by Tab to do so. */
export function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-lg border-[3px] border-ink bg-white shadow-hard">
      {children}
    </div>
  );
}

function Head({ columns, numeric }: { columns: readonly string[]; numeric: number }) {
  return (
    <thead className="border-b-[3px] border-ink bg-yellow-soft">
      <tr>
        {columns.map((name, i) => (
          <th key={name} scope="col" className={i >= columns.length - numeric ? `${TH} text-right` : `${TH} text-left`}>
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The chart's numbers, a row a day. */
export function DayTable({ days, chart }: { days: readonly StatsDay[]; chart: ChartChoice }) {
  const value = chart.money ? formatCents : formatCount;
  return (
    <TableBox label={STATS_TEXT.byDay(chart.label)}>
      <table className="w-full min-w-[20rem]">
        <caption className="sr-only">{STATS_TEXT.byDay(chart.label)}</caption>
        <Head columns={[STATS_TEXT.day, ...chart.lines.map((line) => line.label)]} numeric={chart.lines.length} />
        <tbody className="divide-y-2 divide-ink/15">
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row" className="p-3 text-left font-bold whitespace-nowrap">
                {formatDay(day.day)}
              </th>
              {chart.lines.map((line) => (
                <td key={line.metric} className={NUM}>
                  {value(day[line.metric])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}

/** Where an item is on the site: a page's id is its path; a track has no page of its own. */
function itemHref(item: StatsItem): string | null {
  switch (item.kind) {
    case "story":
      return storyPath(item.id);
    case "creator":
      return creatorPath(item.id);
    case "product":
      return `${paths.store}?productId=${encodeURIComponent(item.id)}`;
    case "page":
      return item.id.startsWith("/") && !item.id.startsWith("//") ? item.id : null;
    case "track":
      return null;
  }
}

const ITEM_COLUMNS = [STATS_TEXT.kind, STATS_TEXT.title, L.views, L.visitors, STATS_TEXT.plays, L.favorites, L.comments, L.units, L.revenue_cents, L.signups];

export function ItemsTable({ items, caption }: { items: readonly StatsItem[]; caption: string }) {
  return (
    <TableBox label={caption}>
      <table className="w-full min-w-[52rem]">
        <caption className="sr-only">{caption}</caption>
        <Head columns={ITEM_COLUMNS} numeric={ITEM_COLUMNS.length - 2} />
        <tbody className="divide-y-2 divide-ink/15">
          {items.map((item) => {
            const href = itemHref(item);
            return (
              <tr key={`${item.kind}:${item.id}`}>
                <td className="p-3 whitespace-nowrap">{KIND_LABELS[item.kind]}</td>
                <th scope="row" className="min-w-48 p-3 text-left font-bold break-words">
                  {href ? (
                    <Link to={href} className="link-ink">
                      {item.title}
                    </Link>
                  ) : (
                    item.title
                  )}
                </th>
                <td className={NUM}>{formatCount(item.views)}</td>
                <td className={NUM}>{formatCount(item.visitors)}</td>
                <td className={NUM}>{formatCount(item.plays_complete + item.plays_partial + item.plays_skipped)}</td>
                <td className={NUM}>{formatCount(item.favorites)}</td>
                <td className={NUM}>{formatCount(item.comments)}</td>
                <td className={NUM}>{formatCount(item.units)}</td>
                <td className={NUM}>{formatCents(item.revenue_cents)}</td>
                <td className={NUM}>{formatCount(item.signups)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableBox>
  );
}

const SOURCE_COLUMNS = [STATS_TEXT.source, L.views, L.visitors, L.signups];

export function SourcesTable({ sources, caption }: { sources: readonly StatsSource[]; caption: string }) {
  return (
    <TableBox label={caption}>
      <table className="w-full min-w-[24rem]">
        <caption className="sr-only">{caption}</caption>
        <Head columns={SOURCE_COLUMNS} numeric={3} />
        <tbody className="divide-y-2 divide-ink/15">
          {sources.map((source) => (
            <tr key={source.source}>
              <th scope="row" className="min-w-48 p-3 text-left font-bold break-words">
                {source.source === "" ? STATS_TEXT.direct : source.source}
              </th>
              <td className={NUM}>{formatCount(source.views)}</td>
              <td className={NUM}>{formatCount(source.visitors)}</td>
              <td className={NUM}>{formatCount(source.signups)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}
