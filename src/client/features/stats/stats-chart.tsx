/**
 * The stats' line chart, a chunk of its own (uPlot, about 23 KB gzipped, and its stylesheet): the
 * page and its tables paint without it, and nothing else loads it. One day a point, the days in
 * UTC as the server counts them. It fills the box the page reserved for it and follows that box's
 * width; a screen reader gets the table behind it instead (stats-page.tsx).
 */
import { useLayoutEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { formatCents } from "../../../common/money";
import type { StatsDay } from "./stats-api";
import type { ChartChoice } from "./stats-charts";
import { formatCount, formatDay, STATS_TEXT } from "./stats-texts";

const INK = "#111111";
const GRID = "rgba(17, 17, 17, 0.12)";
const FONT = "600 12px system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";
const DAY_SECONDS = 86_400;
const SHORT_DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

// Whole days along the bottom (never noon), whole counts up the side (never 2.5 views).
const DAY_STEPS = [1, 2, 7, 14, 28, 56, 91, 182].map((n) => n * DAY_SECONDS);
const COUNT_STEPS = Array.from({ length: 10 }, (_, e) => [1, 2, 5].map((n) => n * 10 ** e)).flat();

/** An axis as wide as its longest label, so "$12,345" is not cut off at the left. */
function axisSize(plot: uPlot, values: string[] | null, axisIdx: number, cycleNum: number): number {
  const axis = plot.axes[axisIdx]!;
  if (cycleNum > 1) return (axis as { _size?: number })._size ?? 50;
  const longest = (values ?? []).reduce((a, b) => (b.length > a.length ? b : a), "");
  plot.ctx.font = FONT;
  return Math.ceil((axis.ticks?.size ?? 10) + (axis.gap ?? 5) + plot.ctx.measureText(longest).width / devicePixelRatio) + 8;
}

function options(chart: ChartChoice, width: number, height: number): uPlot.Options {
  const money = chart.money === true;
  const value = money ? formatCents : formatCount;
  const axisValue = money ? (cents: number) => `$${(cents / 100).toLocaleString("en-US")}` : formatCount;
  const axis = { stroke: INK, font: FONT, grid: { stroke: GRID, width: 1 }, ticks: { stroke: GRID, width: 1 } };
  return {
    width,
    height,
    // The days are UTC days: drawn as such wherever the viewer is.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
    scales: {
      x: { time: true },
      y: { range: (_plot, _min, max) => [0, max > 0 ? Math.ceil(max * 1.1) : 1] },
    },
    axes: [
      { ...axis, incrs: DAY_STEPS, values: (_plot, splits) => splits.map((ts) => SHORT_DAY.format(new Date(ts * 1000))) },
      { ...axis, incrs: money ? COUNT_STEPS.filter((n) => n >= 100) : COUNT_STEPS, size: axisSize, values: (_plot, splits) => splits.map(axisValue) },
    ],
    series: [
      { label: STATS_TEXT.day, value: (_plot, ts) => (ts == null ? "" : formatDay(new Date(ts * 1000).toISOString().slice(0, 10))) },
      ...chart.lines.map((line) => ({
        label: line.label,
        stroke: line.color,
        width: 2.5,
        dash: line.dash,
        points: { size: 7, fill: line.color, stroke: line.color },
        value: (_plot: uPlot, v: number | null) => (v == null ? "–" : value(v)),
      })),
    ],
    // A reading aid only: no zooming by dragging, which a touch screen would trip over.
    cursor: { drag: { x: false, y: false, setScale: false }, points: { size: 9 } },
    legend: { live: true },
  };
}

export function StatsChart({ days, chart }: { days: readonly StatsDay[]; chart: ChartChoice }) {
  const box = useRef<HTMLDivElement>(null);

  // Before the browser paints: the plot is first drawn at its final size, legend and all.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const data: uPlot.AlignedData = [days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000), ...chart.lines.map((line) => days.map((d) => d[line.metric]))];
    // The legend sits under the plot, inside the same reserved box: the plot takes what it leaves.
    // Measured once uPlot has laid itself out, still before the first paint (a microtask after its
    // `ready`: a new size asked for within `ready` is not drawn), and whenever the box changes width.
    const fit = (plot: uPlot) => {
      const legend = plot.root.querySelector<HTMLElement>(".u-legend")?.offsetHeight ?? 0;
      const size = { width: el.clientWidth, height: Math.max(120, el.clientHeight - legend) };
      if (size.width !== plot.width || size.height !== plot.height) plot.setSize(size);
    };
    const plot = new uPlot({ ...options(chart, el.clientWidth, el.clientHeight), hooks: { ready: [(u) => queueMicrotask(() => fit(u))] } }, data, el);
    const observer = new ResizeObserver(() => fit(plot));
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [days, chart]);

  return <div ref={box} className="size-full overflow-hidden" />;
}
