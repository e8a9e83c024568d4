/**
 * Image pipeline benchmark (`npm run bench:media`, docs/decisions/0018). Two measurements:
 *
 * 1. Processing: a generated 12-megapixel photo-like JPEG (4000 × 3000, smooth shapes and grain,
 *    ~3 MB) through the upload pipeline (server/media/process.ts: decode, orient, 12 encodes, a
 *    ThumbHash) in this process, once to warm up and then RUNS times; the median against the 2 s
 *    target.
 * 2. The site while images are processed (bench/site-under-load.ts): the production server on a
 *    loopback port under an open-loop load of RATE req/s taking turns between a cached public
 *    read (GET /api/stories), an uncached signed-in read (GET /api/me/cart) and a bare node:http
 *    control answering the same bytes. Measured alone (the baseline),
 *    then while UPLOADS different 12 MP JPEGs are uploaded at once by a creator; p99 of each
 *    against 100 ms, the ratio to the baseline, every upload's answer time and the server's peak RSS.
 *
 * About a minute and a half on 2 cores. BENCH_PORT, BENCH_RATE, BENCH_DURATION_MS change the load.
 */
import { availableParallelism, cpus, loadavg } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { createFigures, machineLines } from "./report.js";
import { benchChildren, loadLine, onCleanUp, refuseBusyPort, runBench, scratchDir } from "./run.js";
import { addUploadFigures, childPids, controlP99, cpuSeconds, fmt, HOST, LOAD_HEADER, loadRows, median, procStatus, quantile, root, sleep, startSite, table, worstSiteP99 } from "./site-under-load.js";
import { contentHash, ENCODE_LANES, IMAGES_AT_ONCE, imageWorkerPid, processImage, stopImageWorker, WORKER_NICENESS } from "../src/server/media/process.js";

const PORT = Number(process.env.BENCH_PORT ?? 4392);
const RUNS = 5;
const UPLOADS = 20;
const RATE = Number(process.env.BENCH_RATE ?? 200);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const WARMUP_MS = 2_000;
const WATCHDOG_MS = 6 * 60_000;
const TARGET = { processS: 2, p99Ms: 100 };

const dir = scratchDir("maybe-media-bench-");
const figures = createFigures("media");
// Part 1's image worker is a child of this process (it would stop a minute after its last image): stopped however the run ends.
onCleanUp(stopImageWorker);

/** A photo-like 12 MP JPEG: smooth colour fields (a blown-up noise field) with fine grain over them. */
async function photo12mp(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const field = await sharp({ create: { width: 200, height: 150, channels: 3, background: "#888", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();
  const smooth = await sharp(field).resize(width, height, { kernel: "cubic" }).raw().toBuffer();
  const grain = await sharp({ create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 12 } } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return sharp(smooth, { raw: { width, height, channels: 3 } }).composite([{ input: grain, blend: "soft-light" }]).jpeg({ quality: 90 }).toBuffer();
}

/** The same picture with a JPEG comment of its own after the start marker: another content hash, nothing else changed. */
function variantOf(jpeg: Buffer, n: number): Buffer {
  const text = Buffer.from(`bench upload ${n} ${process.pid}`);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, text, jpeg.subarray(2)]);
}

/** Through processImage, as an upload goes: the image worker (a child process) does the work. */
async function measureProcessing(jpeg: Buffer) {
  await processImage(variantOf(jpeg, -1), contentHash(variantOf(jpeg, -1)));
  const worker = imageWorkerPid()!;
  const seconds: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const input = variantOf(jpeg, i);
    const cpuBefore = cpuSeconds(worker);
    const started = performance.now();
    const out = await processImage(input, contentHash(input));
    seconds.push((performance.now() - started) / 1000);
    cpu.push(cpuSeconds(worker) - cpuBefore);
    bytes = out.variants.reduce((sum, v) => sum + v.bytes.length, 0);
  }
  if (imageWorkerPid() !== worker) throw new Error("the image worker was replaced during the runs");
  return { seconds, cpu, bytes };
}

async function upload(origin: string, cookie: string, bytes: Buffer, n: number): Promise<{ status: number; ms: number }> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), `photo-${n}.jpg`);
  const started = performance.now();
  const res = await fetch(`${origin}/api/studio/media`, { method: "POST", headers: { origin, cookie }, body: form });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

async function main() {
  console.log(machineLines("bench:media", figures).join("\n"));
  const started = performance.now();
  const loadBefore = loadavg()[0]!;
  await refuseBusyPort(HOST, PORT);
  const { buildServerIfNeeded } = (await import(join(root, "scripts/build-server.mjs"))) as { buildServerIfNeeded: () => Promise<string> };
  await buildServerIfNeeded();

  const jpeg = await photo12mp();
  const meta = await sharp(jpeg).metadata();
  process.stdout.write(`generated a ${meta.width} × ${meta.height} JPEG of ${fmt(jpeg.length / 1024 / 1024, 1)} MB; processing`);
  const processing = await measureProcessing(jpeg);
  process.stdout.write(" done; the site");

  const server = await startSite({ dir, port: PORT, children: benchChildren });
  const lines: string[] = [];
  try {
    const cookie = await server.creatorSession();
    const controlPort = await server.startControl();
    const rssStart = procStatus(server.child.pid!, "VmRSS");
    await server.pacedLoad(cookie, controlPort, WARMUP_MS, RATE);
    const baseline = await server.pacedLoad(cookie, controlPort, DURATION_MS, RATE);
    const rssBaseline = procStatus(server.child.pid!, "VmHWM");
    process.stdout.write(" alone,");

    const uploadsStarted = performance.now();
    const uploads = Promise.all(Array.from({ length: UPLOADS }, (_, n) => upload(server.origin, cookie, variantOf(jpeg, 1000 + n), n)));
    // Measured while every upload is in flight: received, waiting its turn, or processed.
    await sleep(500);
    const loaded = await server.pacedLoad(cookie, controlPort, DURATION_MS, RATE);
    process.stdout.write(" under uploads,");
    const answered = await uploads;
    const uploadsSeconds = (performance.now() - uploadsStarted) / 1000;
    const peakRss = procStatus(server.child.pid!, "VmHWM");
    // The server's image worker (its one child), still running: it stops a minute after the last image.
    const workerPids = childPids(server.child.pid!);
    const workerPeak = workerPids.length ? procStatus(workerPids[0]!, "VmHWM") : NaN;
    process.stdout.write(" done\n");

    const statuses = answered.map((a) => a.status);
    if (statuses.some((s) => s !== 201)) throw new Error(`uploads answered ${statuses.join(", ")}`);
    const uploadMs = answered.map((a) => a.ms).sort((a, b) => a - b);
    const processMedian = median(processing.seconds);

    const rows = loadRows(baseline, loaded);
    const worstP99 = worstSiteP99(loaded);
    figures.add("processing median s", processMedian, { unit: "s", better: "lower" });
    figures.add(`processing median of the ${TARGET.processS} s target`, processMedian / TARGET.processS, { unit: "x", better: "lower" });
    figures.add("processing worker CPU median s", median(processing.cpu), { unit: "s", better: "lower" });
    addUploadFigures(figures, { baseline, loaded, allAnsweredS: uploadsSeconds, answerMs: uploadMs, peakRssMb: peakRss, worker: "image", workerPeakMb: workerPeak });
    lines.push(
      "",
      `MAYBE media benchmark: Node ${process.version}; ${availableParallelism()} cores, ${cpus()[0]?.model ?? "unknown CPU"}; ` +
        `pipeline: an image worker process at niceness ${WORKER_NICENESS}, ${IMAGES_AT_ONCE} image at a time, ${ENCODE_LANES} encode at once, one libvips thread.`,
      "",
      `1. Processing a ${meta.width} × ${meta.height} JPEG (${fmt(jpeg.length / 1024 / 1024, 1)} MB) into 12 variants + a placeholder, ${RUNS} runs after one warm-up:`,
      `   wall ${processing.seconds.map((s) => fmt(s, 2)).join(", ")} s; median ${fmt(processMedian, 2)} s = ${fmt(processMedian / TARGET.processS, 2)} of the ${TARGET.processS} s target ` +
        `(${processMedian < TARGET.processS ? "met" : "NOT met"})`,
      `   worker CPU ${processing.cpu.map((s) => fmt(s, 2)).join(", ")} s; median ${fmt(median(processing.cpu), 2)} s (what the wall time would be with a core to itself); variants total ${fmt(processing.bytes / 1024)} KB`,
      "",
      `2. The site at ${RATE} req/s (open loop, taking turns between the three reads), ${DURATION_MS / 1000} s alone, then ${DURATION_MS / 1000} s while ${UPLOADS} different 12 MP JPEGs are uploaded at once (ms):`,
      table(LOAD_HEADER, rows),
      `   the site's p99 under uploads ${fmt(worstP99, 1)} ms: the ${TARGET.p99Ms} ms bar is ${worstP99 < TARGET.p99Ms ? "met" : "NOT met"}` +
        ` (the control's p99 in the same seconds: ${fmt(controlP99(loaded), 1)} ms).`,
      `   the ${UPLOADS} uploads: all 201 after ${fmt(uploadsSeconds, 1)} s (${fmt(uploadsSeconds / UPLOADS, 2)} s an image); ` +
        `answer times p50 ${fmt(quantile(uploadMs, 0.5) / 1000, 1)} s, max ${fmt(uploadMs.at(-1)! / 1000, 1)} s`,
      `   server RSS: ${fmt(rssStart)} MB at start, peak ${fmt(rssBaseline)} MB under reads alone, peak ${fmt(peakRss)} MB with the uploads; ` +
        `the image worker's peak ${fmt(workerPeak)} MB (given back when it stops)`,
    );
  } finally {
    await server.stop();
  }
  lines.push(loadLine(started, loadBefore));
  console.log(lines.join("\n"));
  await figures.write();
}

runBench("bench:media", main, { watchdogMs: WATCHDOG_MS });
