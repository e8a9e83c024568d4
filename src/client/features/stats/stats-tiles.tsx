/** The period's totals, a tile each, the number first and large. */
import { clsx } from "clsx";
import { formatCents } from "../../../common/money";
import { STATS_LABELS } from "../../../common/stats";
import type { Stats } from "./stats-api";
import { formatCount, STATS_TEXT } from "./stats-texts";

const TONES = ["bg-yellow-soft", "bg-teal-soft", "bg-pink-soft", "bg-blue-soft", "bg-white"];

export function StatsTiles({ totals }: { totals: Stats["totals"] }) {
  const plays = totals.plays_complete + totals.plays_partial + totals.plays_skipped;
  const tiles: { label: string; value: string; more?: string }[] = [
    { label: STATS_LABELS.views, value: formatCount(totals.views) },
    { label: STATS_LABELS.visitors, value: formatCount(totals.visitors) },
    { label: STATS_TEXT.plays, value: formatCount(plays), more: STATS_TEXT.playsBreakdown(totals.plays_complete, totals.plays_partial, totals.plays_skipped) },
    { label: STATS_LABELS.favorites, value: formatCount(totals.favorites) },
    { label: STATS_LABELS.followers, value: formatCount(totals.followers) },
    { label: STATS_LABELS.comments, value: formatCount(totals.comments) },
    { label: STATS_LABELS.units, value: formatCount(totals.units) },
    { label: STATS_LABELS.revenue_cents, value: formatCents(totals.revenue_cents) },
    { label: STATS_LABELS.signups, value: formatCount(totals.signups) },
  ];
  return (
    // Two to a row on a phone, the odd one out across both; three to a row from a tablet up.
    <dl
      aria-label={STATS_TEXT.totals}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 [&>div:last-child]:col-span-2 sm:[&>div:last-child]:col-span-1"
    >
      {tiles.map((tile, i) => (
        <div
          key={tile.label}
          data-testid="stats-tile"
          className={clsx("flex flex-col gap-1.5 rounded-lg border-[3px] border-ink p-3.5 shadow-hard sm:p-5", TONES[i % TONES.length])}
        >
          <dt className="text-sm font-bold sm:text-base">{tile.label}</dt>
          <dd className="order-first font-heavy text-2xl leading-none [overflow-wrap:anywhere] lg:text-4xl">{tile.value}</dd>
          {tile.more && <dd className="text-sm text-muted">{tile.more}</dd>}
        </div>
      ))}
    </dl>
  );
}
