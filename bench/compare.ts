/**
 * Two runs of a benchmark side by side (`npm run bench:compare a.json b.json`, the files a bench
 * writes: bench/report.ts): when and where each ran, then every row of either file with a, b, the
 * ratio b/a and whether b is better, worse or the same (within 2%: a run's own noise) by the row's
 * `better`. A row only one run has shows "-" for the other. Bad input (a missing file, one that is
 * not a bench's JSON) ends with one line naming the file and exit code 1, never a stack trace.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { machineLine, type FigureRow, type FiguresFile } from "./report.js";

/** Differences smaller than this share of a are "same": two runs of one build move that much. */
export const SAME_WITHIN = 0.02;

export class FiguresError extends Error {}

/** A bench's JSON, checked field by field: a file that is not one is refused with what is wrong. */
export function parseFigures(text: string, name: string): FiguresFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new FiguresError(`${name} is not JSON (${(error as Error).message})`);
  }
  const fail = (what: string): never => {
    throw new FiguresError(`${name} is not a bench's figures: ${what}`);
  };
  if (typeof data !== "object" || data === null || Array.isArray(data)) fail("not an object");
  const file = data as Record<string, unknown>;
  if (typeof file.bench !== "string") fail('no "bench" name');
  if (typeof file.date !== "string") fail('no "date"');
  const machine = file.machine as Record<string, unknown> | undefined;
  if (typeof machine !== "object" || machine === null) fail('no "machine"');
  if (typeof machine!.nproc !== "number" || typeof machine!.cpu !== "string" || typeof machine!.node !== "string") fail('"machine" lacks nproc, cpu or node');
  if (!Array.isArray(machine!.loadavg) || machine!.loadavg.length !== 3 || !machine!.loadavg.every((n) => typeof n === "number")) fail('"machine.loadavg" is not three numbers');
  if (!Array.isArray(file.rows)) fail('no "rows"');
  const keys = new Set<string>();
  for (const [i, row] of (file.rows as unknown[]).entries()) {
    const r = row as Record<string, unknown>;
    if (typeof r !== "object" || r === null) fail(`row ${i + 1} is not an object`);
    if (typeof r.key !== "string") fail(`row ${i + 1} has no "key"`);
    if (r.value !== null && typeof r.value !== "number") fail(`row "${String(r.key)}" has no numeric "value"`);
    if (typeof r.unit !== "string") fail(`row "${String(r.key)}" has no "unit"`);
    if (r.better !== "higher" && r.better !== "lower") fail(`row "${String(r.key)}": "better" is neither "higher" nor "lower"`);
    if (keys.has(r.key as string)) fail(`row "${String(r.key)}" appears twice`);
    keys.add(r.key as string);
  }
  return data as FiguresFile;
}

const fmt = (n: number | null | undefined) => {
  if (n === null || n === undefined) return "-";
  const abs = Math.abs(n);
  return abs >= 100 ? n.toLocaleString("en-US", { maximumFractionDigits: 0 }) : n.toLocaleString("en-US", { maximumSignificantDigits: 3 });
};

/** better, worse or same for b against a; "-" when either is missing. */
export function verdict(a: number | null | undefined, b: number | null | undefined, better: FigureRow["better"]): string {
  if (a === null || a === undefined || b === null || b === undefined) return "-";
  if (a === b) return "same";
  // Relative to |a| so that the words hold for a negative figure too; a = 0 makes any change count.
  const change = a === 0 ? Math.sign(b) : (b - a) / Math.abs(a);
  if (Math.abs(change) <= SAME_WITHIN) return "same";
  return (change > 0) === (better === "higher") ? "better" : "worse";
}

/** The table: one line per key of either run, a's order first, then the keys only b has. */
export function compareRows(a: readonly FigureRow[], b: readonly FigureRow[]): string[] {
  const inA = new Map(a.map((row) => [row.key, row]));
  const inB = new Map(b.map((row) => [row.key, row]));
  const keys = [...inA.keys(), ...[...inB.keys()].filter((key) => !inA.has(key))];
  const cells = keys.map((key) => {
    const x = inA.get(key);
    const y = inB.get(key);
    const ratio = x && y && x.value !== null && y.value !== null && x.value !== 0 ? (y.value / x.value).toFixed(3) : x?.value === 0 && y?.value === 0 ? "1.000" : "-";
    return [key, fmt(x?.value), fmt(y?.value), ratio, verdict(x?.value, y?.value, (y ?? x)!.better)];
  });
  const header = ["row", "a", "b", "b/a", "b is"];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((cell, i) => (i === 0 || i === 4 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ").trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...cells.map(line)];
}

/** Both runs' date and machine, with a note where they differ in a way that moves the figures. */
export function describeRuns(a: FiguresFile, b: FiguresFile, names: [string, string]): string[] {
  const lines: string[] = [];
  for (const [label, file, name] of [["a", a, names[0]], ["b", b, names[1]]] as const) {
    lines.push(`${label}: ${name}: ${file.bench}, ${file.date}`, `   ${machineLine(file.machine)}`);
  }
  if (a.bench !== b.bench) lines.push(`NOTE: two different benches (${a.bench}, ${b.bench}): few rows will match`);
  const differ = (["nproc", "cpu", "node"] as const).filter((field) => a.machine[field] !== b.machine[field]);
  if (differ.length) lines.push(`NOTE: the machines differ (${differ.join(", ")}): a ratio mixes the change with the machine`);
  for (const [label, file] of [["a", a], ["b", b]] as const) {
    if (file.machine.loadavg[0] > 1) lines.push(`NOTE: ${label} began with a 1-min load average of ${file.machine.loadavg[0].toFixed(2)}: other work was running`);
  }
  return lines;
}

function read(path: string): FiguresFile {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new FiguresError(code === "ENOENT" ? `${path}: no such file` : `${path} cannot be read (${code ?? (error as Error).message})`);
  }
  return parseFigures(text, path);
}

function main(args: string[]): number {
  if (args.length !== 2) {
    console.error("usage: npm run bench:compare a.json b.json (two files a bench wrote, bench/results/*.json or BENCH_JSON)");
    return 1;
  }
  try {
    const [a, b] = [read(args[0]!), read(args[1]!)];
    console.log([...describeRuns(a, b, [args[0]!, args[1]!]), "", ...compareRows(a.rows, b.rows)].join("\n"));
    return 0;
  } catch (error) {
    if (!(error instanceof FiguresError)) throw error;
    console.error(`bench:compare: ${error.message}`);
    return 1;
  }
}

// Run as a script (not when a test imports the functions above).
if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) process.exitCode = main(process.argv.slice(2));
