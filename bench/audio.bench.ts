/**
 * Audio benchmark (issue 34; `npm run bench:audio`). 1. Analysis: A generated 5-minute stereo
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
 * 2. The site while 10 creators upload a 5-minute track at once: the production server bundle
 *    under an open-loop load of reads (bench/site-under-load.ts, as bench:media does for images),
 *    alone and then during the uploads; p99 of each read against 100 ms beside the baseline, every
 *    upload's answer time, the server's and the audio worker's peak RSS.
 *
 * About a minute on 2 cores with nothing else running. BENCH_PORT, BENCH_RATE, BENCH_DURATION_MS
 * change the load.
 */
import { writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg } from "node:os";
import { join } from "node:path";
import { WAVEFORM_POINTS } from "../src/common/radio.js";
import { analyseAudioFile, audioWorkerPid, stopAudioAnalysis, type AudioAnalysis } from "../src/server/audio/analyse.js";
import { WORKER_NICENESS } from "../src/server/audio/analysis-child.js";
import { encodeMp3, mix, signal, type Pcm, type Section } from "../src/server/audio/audio.fixtures.js";
import { LoudnessMeter } from "../src/server/audio/loudness.js";
import { TruePeakMeter, amplitudeToDb } from "../src/server/audio/true-peak.js";
import { createFigures, machineLines } from "./report.js";
import { benchChildren, loadLine, onCleanUp, percentile, refuseBusyPort, runBench, scratchDir } from "./run.js";
import { addUploadFigures, childPids, controlP99, cpuSeconds, fmt, HOST, LOAD_HEADER, loadRows, procStatus, quantile, root, sleep, startSite, table, worstSiteP99 } from "./site-under-load.js";

const RUNS = 3;
const RATE = 44_100;
const KBPS = 128;
const MINUTES = 5;
const TARGET_S = 3;
const WATCHDOG_MS = 8 * 60_000;
const PORT = Number(process.env.BENCH_PORT ?? 4393);
const UPLOADS = 10;
const LOAD_RATE = Number(process.env.BENCH_RATE ?? 200);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const TARGET_P99_MS = 100;
const figures = createFigures("audio");

const dir = scratchDir("maybe-audio-bench-");
// The analysis child of part 1 runs in this process's module graph: stopped however the run ends.
onCleanUp(stopAudioAnalysis);
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
  console.log(machineLines("bench:audio", figures).join("\n"));
  const loadBefore = loadavg()[0]!;
  await refuseBusyPort(HOST, PORT);
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
  const peakMb = procStatus(pid, "VmHWM");
  const median = percentile(seconds, 0.5);

  await stopAudioAnalysis();
  figures.add("analysis median s", median, { unit: "s", better: "lower" });
  figures.add(`analysis median of the ${TARGET_S} s target`, median / TARGET_S, { unit: "x", better: "lower" });
  figures.add("analysis child peak RSS MB", peakMb, { unit: "MB", better: "lower" });
  figures.add("loudness difference to the reference LU (absolute)", Math.abs(analysis.loudnessLufs - ref.lufs), { unit: "LU", better: "lower" });
  figures.add("true peak difference to the reference dB (absolute)", Math.abs(analysis.truePeakDbtp - ref.dbtp), { unit: "dB", better: "lower" });
  const site = await siteUnderUploads(mp3);
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
    "",
    ...site,
    loadLine(started, loadBefore),
  ];
  console.log(lines.join("\n"));
  await figures.write();
}

/** The same track with an ID3v2 tag of `n` bytes of padding in front: another content hash, the same audio. */
function variantOf(mp3: Buffer, n: number): Buffer {
  const size = 16 + n;
  const header = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
  return Buffer.concat([header, Buffer.alloc(size), mp3]);
}

async function upload(origin: string, cookie: string, bytes: Buffer, n: number): Promise<{ status: number; ms: number }> {
  const form = new FormData();
  form.append("title", `Bench track ${n}`);
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "audio/mpeg" }), `track-${n}.mp3`);
  const begun = performance.now();
  const res = await fetch(`${origin}/api/studio/tracks`, { method: "POST", headers: { origin, cookie }, body: form });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - begun };
}

/**
 * 2. The site while UPLOADS creators' 5-minute tracks arrive at once (bench/site-under-load.ts):
 * the production server under an open-loop load of cached, uncached signed-in and control reads,
 * alone and then while the uploads are streamed in and measured one at a time by the audio worker.
 */
async function siteUnderUploads(mp3: Buffer): Promise<string[]> {
  const { buildServerIfNeeded } = (await import(join(root, "scripts/build-server.mjs"))) as { buildServerIfNeeded: () => Promise<string> };
  await buildServerIfNeeded();
  const server = await startSite({ dir, port: PORT, children: benchChildren });
  try {
    const cookie = await server.creatorSession();
    const controlPort = await server.startControl();
    await server.pacedLoad(cookie, controlPort, 2_000, LOAD_RATE);
    const baseline = await server.pacedLoad(cookie, controlPort, DURATION_MS, LOAD_RATE);
    const rssBaseline = procStatus(server.child.pid!, "VmHWM");
    const uploadsStarted = performance.now();
    const uploads = Promise.all(Array.from({ length: UPLOADS }, (_, n) => upload(server.origin, cookie, variantOf(mp3, n), n)));
    await sleep(300);
    const loaded = await server.pacedLoad(cookie, controlPort, DURATION_MS, LOAD_RATE);
    const answered = await uploads;
    const uploadsSeconds = (performance.now() - uploadsStarted) / 1000;
    const peakRss = procStatus(server.child.pid!, "VmHWM");
    const workers = childPids(server.child.pid!);
    const workerPeak = workers.length ? procStatus(workers[0]!, "VmHWM") : NaN;
    const statuses = answered.map((a) => a.status);
    if (statuses.some((s) => s !== 201)) throw new Error(`uploads answered ${statuses.join(", ")}`);
    const uploadMs = answered.map((a) => a.ms).sort((a, b) => a - b);
    const worst = worstSiteP99(loaded);
    addUploadFigures(figures, { baseline, loaded, allAnsweredS: uploadsSeconds, answerMs: uploadMs, peakRssMb: peakRss, worker: "audio", workerPeakMb: workerPeak });
    return [
      `2. The site at ${LOAD_RATE} req/s (open loop), ${DURATION_MS / 1000} s alone, then while ${UPLOADS} creators upload a ${MINUTES}-minute track at once (ms):`,
      table(LOAD_HEADER, loadRows(baseline, loaded)),
      `   the site's p99 under uploads ${fmt(worst, 1)} ms: the ${TARGET_P99_MS} ms bar is ${worst < TARGET_P99_MS ? "met" : "NOT met"} ` +
        `(the control's p99 in the same seconds: ${fmt(controlP99(loaded), 1)} ms).`,
      `   the ${UPLOADS} uploads: all 201 after ${fmt(uploadsSeconds, 1)} s; answer times p50 ${fmt(quantile(uploadMs, 0.5) / 1000, 1)} s, max ${fmt(uploadMs.at(-1)! / 1000, 1)} s ` +
        "(streamed to disk as they arrive, measured one at a time)",
      `   server RSS: peak ${fmt(rssBaseline)} MB under reads alone, ${fmt(peakRss)} MB with the uploads; the audio worker's peak ${fmt(workerPeak)} MB`,
    ];
  } finally {
    await server.stop();
  }
}

runBench("bench:audio", main, { watchdogMs: WATCHDOG_MS });
