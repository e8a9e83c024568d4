/**
 * Audio analysis benchmark (issue 34; `npx tsx bench/audio.bench.ts`). A generated 5-minute stereo
 * MP3 (44.1 kHz, 128 kbps, lamejs: tones from 110 Hz to 3.5 kHz at levels from -30 to -12 dBFS,
 * with low-passed noise and silences between) through analyseAudioFile as an upload goes: the
 * header checks here, the decoding and measuring in the analysis child. One warm-up (it forks the
 * child and compiles the decoders), then RUNS timed runs: the median against the 3 s target, the
 * child's CPU time and peak RSS, and the measured loudness and true peak against the references
 * measured from the generated signal before encoding (the difference is mostly the codec's).
 *
 * lamejs encodes at about 20× real time here, so one minute is encoded and its frames repeated
 * five times: lamejs uses no bit reservoir, every frame stands alone, and the file decodes as five
 * minutes (each repeat with the encoder's delay and padding, about 50 ms, at its start and end).
 * The reference meters are fed the minute five times over, as one signal.
 *
 * About 15 s on 2 cores with nothing else running.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { WAVEFORM_POINTS } from "../src/common/radio.js";
import { analyseAudioFile, audioWorkerPid, stopAudioAnalysis, type AudioAnalysis } from "../src/server/audio/analyse.js";
import { WORKER_NICENESS } from "../src/server/audio/analysis-child.js";
import { encodeMp3, mix, signal, type Pcm, type Section } from "../src/server/audio/audio.fixtures.js";
import { LoudnessMeter } from "../src/server/audio/loudness.js";
import { TruePeakMeter, amplitudeToDb } from "../src/server/audio/true-peak.js";
import { loadLine, percentile, runBench } from "./run.js";

const RUNS = 3;
const RATE = 44_100;
const KBPS = 128;
const MINUTES = 5;
const TARGET_S = 3;
const WATCHDOG_MS = 5 * 60_000;

const dir = mkdtempSync(join(tmpdir(), "maybe-audio-bench-"));
const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }) : "-");

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** Peak resident memory (VmHWM) of a process, MB. */
function peakRssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmHWM:"));
  return Number(/(\d+)/.exec(line ?? "")?.[1] ?? NaN) / 1024;
}

/** CPU time (user + system) a process has used so far, seconds. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A minute of ten-second sections: a tone at a level, and under it low-passed noise or silence by turns. */
function minute(): Pcm {
  const tones: Section[] = [];
  const noise: Section[] = [];
  const hz = [110, 220, 440, 880, 1760, 3520];
  const db = [-12, -18, -24, -30, -15, -21];
  for (let i = 0; i < 6; i++) {
    tones.push({ seconds: 10, db: db[i % db.length]!, hz: hz[i % hz.length]! });
    noise.push(i % 3 === 2 ? { seconds: 10, silence: true } : { seconds: 10, db: -24, noise: true });
  }
  return mix(signal(RATE, tones), signal(RATE, noise, 7));
}

/** The references: the generated signal, `repeats` times over, measured before encoding. */
function reference(pcm: Pcm, repeats: number): { lufs: number; dbtp: number } {
  const length = pcm.channels[0].length;
  const loudness = new LoudnessMeter(pcm.rate, 2);
  const peak = new TruePeakMeter(2);
  for (let i = 0; i < repeats; i++) {
    loudness.add(pcm.channels, length);
    peak.add(pcm.channels, length);
  }
  return { lufs: loudness.integrated(), dbtp: amplitudeToDb(peak.peak) };
}

async function main() {
  const loadBefore = loadavg()[0]!;
  const started = performance.now();

  const generating = performance.now();
  const pcm = minute();
  const ref = reference(pcm, MINUTES);
  const oneMinute = encodeMp3(pcm, KBPS);
  const mp3 = Buffer.concat(Array.from({ length: MINUTES }, () => oneMinute));
  const signalSeconds = (MINUTES * pcm.channels[0].length) / RATE;
  const path = join(dir, "five-minutes.mp3");
  writeFileSync(path, mp3);
  const generateS = (performance.now() - generating) / 1000;

  // Warm-up: forks the child (it stays for the runs: they come within its idle time).
  let timed = performance.now();
  let analysis: AudioAnalysis = await analyseAudioFile(path);
  const warmupS = (performance.now() - timed) / 1000;
  const pid = audioWorkerPid()!;

  const rows: string[][] = [["warm-up (fork, compile)", fmt(warmupS, 2), "-"]];
  const seconds: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const cpuBefore = cpuSeconds(pid);
    timed = performance.now();
    analysis = await analyseAudioFile(path);
    seconds.push((performance.now() - timed) / 1000);
    rows.push([`run ${run}`, fmt(seconds.at(-1)!, 2), fmt(cpuSeconds(pid) - cpuBefore, 2)]);
  }
  if (audioWorkerPid() !== pid) throw new Error("the analysis child was replaced during the runs");
  const peakMb = peakRssMb(pid);
  const median = percentile(seconds, 0.5);

  // ---- 2. Ten concurrent uploads vs. other requests: to be added with the upload route (the
  // server bundle on a loopback port, an open-loop load of cached and uncached reads measured
  // alone and while 10 creators upload tracks at once, as bench/media.bench.ts does for images).

  await stopAudioAnalysis();
  const lines = [
    `MAYBE audio analysis benchmark: Node ${process.version}; ${availableParallelism()} cores, ${cpus()[0]?.model ?? "unknown CPU"}; ` +
      `one analysis child at niceness ${WORKER_NICENESS}, one track at a time.`,
    "",
    `Track: ${MINUTES} min stereo MP3 (a minute's frames ${MINUTES} times), ${RATE / 1000} kHz, ${KBPS} kbps, ${fmt(mp3.length / 1024 / 1024, 1)} MB ` +
      `(generated and encoded in ${fmt(generateS, 1)} s).`,
    "",
    table(["analysis", "wall s", "child CPU s"], rows),
    "",
    `median ${fmt(median, 2)} s over ${RUNS} runs = ${fmt(median / TARGET_S, 2)} of the ${TARGET_S} s target (${median < TARGET_S ? "met" : "NOT met"})`,
    `analysis child peak RSS (VmHWM): ${fmt(peakMb)} MB`,
    "",
    table(
      ["measure", "analysed", "reference", "difference"],
      [
        ["duration (s)", fmt(analysis.durationMs / 1000, 3), fmt(signalSeconds, 3), fmt((analysis.durationMs / 1000 - signalSeconds) * 1000, 0) + " ms (codec delay, padding)"],
        ["integrated loudness (LUFS)", fmt(analysis.loudnessLufs, 2), fmt(ref.lufs, 2), fmt(analysis.loudnessLufs - ref.lufs, 2) + " LU"],
        ["true peak (dBTP)", fmt(analysis.truePeakDbtp, 2), fmt(ref.dbtp, 2), fmt(analysis.truePeakDbtp - ref.dbtp, 2) + " dB"],
        ["playback gain (dB)", fmt(analysis.gainDb, 2), "-", "-"],
        [`waveform (${WAVEFORM_POINTS} points)`, `${fmt(Math.min(...analysis.waveform), 3)}..${fmt(Math.max(...analysis.waveform), 3)}`, "-", "-"],
      ],
    ),
    "(the loudness and peak differences are lamejs's at 128 kbps, not the meters': the analysis measures what the file holds)",
    loadLine(started, loadBefore),
  ];
  console.log(lines.join("\n"));
}

function cleanUp() {
  void stopAudioAnalysis();
  rmSync(dir, { recursive: true, force: true });
}

runBench(main, { watchdogMs: WATCHDOG_MS, cleanUp });
