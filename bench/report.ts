/**
 * What every benchmark reports besides its own tables: the machine it ran on, printed first, and
 * its figures as JSON, so that two runs can be compared row by row (`npm run bench:compare a.json
 * b.json`, bench/compare.ts). A figure measured on another machine, another Node or a busy host is
 * not the same figure: the file carries all three beside the numbers.
 *
 * A row's key is a stable, human-readable name ending with its unit ("store first page @ 1,000
 * products p99 ms", "ingest SQLite, 20,000 visitors events/s"): compare matches rows by key, so a
 * key that changes between runs is a row lost. `better` says which way is an improvement.
 */
import { writeFile, mkdir } from "node:fs/promises";
import { availableParallelism, cpus, loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export interface Machine {
  /** Cores this process may run on (what `nproc` prints). */
  nproc: number;
  cpu: string;
  node: string;
  /** 1, 5 and 15 minutes, when the run began: above 1 on two cores, other work shared them. */
  loadavg: [number, number, number];
}

export interface FigureRow {
  key: string;
  /** null when the run could not measure it (a NaN in the bench). */
  value: number | null;
  unit: string;
  better: "higher" | "lower";
}

export interface FiguresFile {
  bench: string;
  date: string;
  machine: Machine;
  rows: FigureRow[];
}

/** When and where a run happens: taken once, at its start, for both the header and the JSON. */
export interface RunStamp {
  date: string;
  machine: Machine;
}

export function machineNow(): Machine {
  const [one, five, fifteen] = loadavg() as [number, number, number];
  return { nproc: availableParallelism(), cpu: cpus()[0]?.model ?? "unknown CPU", node: process.version, loadavg: [one, five, fifteen] };
}

const two = (n: number) => n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "machine: nproc 2, <CPU>, Node v20.19.0, load average 0.12 0.30 0.41 (1/5/15 min)" */
export function machineLine(machine: Machine): string {
  return `machine: nproc ${machine.nproc}, ${machine.cpu}, Node ${machine.node}, load average ${machine.loadavg.map(two).join(" ")} (1/5/15 min)`;
}

/** The lines every benchmark prints first: its name and date, then the machine. */
export function machineLines(title: string, stamp: RunStamp = { date: new Date().toISOString(), machine: machineNow() }): string[] {
  return [`${title}, ${stamp.date}`, machineLine(stamp.machine)];
}

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** 2026-11-30T17:58:29.123Z → 20261130-175829 (UTC, as the date in the file). */
const fileStamp = (iso: string) => iso.slice(0, 19).replace(/[-:]/g, "").replace("T", "-");

export interface Figures extends RunStamp {
  readonly bench: string;
  readonly rows: readonly FigureRow[];
  /** Records one figure; a key used twice is a mistake in the bench (compare could not tell the rows apart): a warning, the first kept. */
  add(key: string, value: number, options: { unit: string; better: "higher" | "lower" }): void;
  /**
   * Writes the JSON to BENCH_JSON, or to bench/results/<bench>-<YYYYMMDD-HHMMSS>.json, prints
   * "figures written to <path>" and returns the path. Called once the run has succeeded: a failed
   * run's figures are not comparable.
   */
  write(): Promise<string>;
}

/** The figures of one run of `bench` ("api", "stats", …: the file's name starts with it), stamped now. */
export function createFigures(bench: string): Figures {
  const stamp: RunStamp = { date: new Date().toISOString(), machine: machineNow() };
  const rows: FigureRow[] = [];
  return {
    bench,
    ...stamp,
    rows,
    add(key, value, { unit, better }) {
      // Said, not thrown: a reporting slip must not cost a long run its printed figures.
      if (rows.some((row) => row.key === key)) return void console.error(`WARNING: figure "${key}" recorded twice; the JSON keeps the first value`);
      rows.push({ key, value: Number.isFinite(value) ? value : null, unit, better });
    },
    async write() {
      const file: FiguresFile = { bench, date: stamp.date, machine: stamp.machine, rows };
      const text = `${JSON.stringify(file, null, 2)}\n`;
      const chosen = process.env.BENCH_JSON;
      let path = chosen ? resolve(chosen) : join(root, "bench/results", `${bench}-${fileStamp(stamp.date)}.json`);
      await mkdir(dirname(path), { recursive: true });
      if (chosen) await writeFile(path, text);
      else {
        // Two runs started in the same second keep both files: "wx" refuses to replace one.
        for (let n = 2; ; n++) {
          try {
            await writeFile(path, text, { flag: "wx" });
            break;
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
            path = join(root, "bench/results", `${bench}-${fileStamp(stamp.date)}-${n}.json`);
          }
        }
      }
      console.log(`figures written to ${path}`);
      return path;
    },
  };
}
