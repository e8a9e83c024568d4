/**
 * What the chart can show, one choice at a time: each choice's lines, drawn by the chart (a lazy
 * chunk) and listed, day by day, in the table behind it, so both always hold the same numbers.
 */
import { STATS_LABELS, type StatsMetric } from "../../../common/stats";

export interface ChartLine {
  metric: StatsMetric;
  label: string;
  /** Lines on white: each at least 3:1 against it; the second and third also dashed, not told by colour alone. */
  color: string;
  dash?: number[];
}

export interface ChartChoice {
  id: string;
  label: string;
  lines: readonly ChartLine[];
  /** Cents, written as money. */
  money?: true;
}

const INK = "#111111";
const PINK_DARK = "#c2185b";
const BLUE = "#3d5afe";

const line = (metric: StatsMetric, color = INK, dash?: number[]): ChartLine => ({ metric, label: STATS_LABELS[metric], color, dash });
const single = (metric: StatsMetric): ChartChoice => ({ id: metric, label: STATS_LABELS[metric], lines: [line(metric)] });

export const CHARTS: readonly ChartChoice[] = [
  { id: "views", label: "Views and visitors", lines: [line("views"), line("visitors", PINK_DARK, [8, 5])] },
  { id: "plays", label: "Plays", lines: [line("plays_complete"), line("plays_partial", BLUE, [8, 5]), line("plays_skipped", PINK_DARK, [2, 4])] },
  single("favorites"),
  single("followers"),
  single("comments"),
  single("units"),
  { ...single("revenue_cents"), money: true },
  single("signups"),
];
