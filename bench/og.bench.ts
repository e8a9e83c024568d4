/**
 * Share card rendering (`npm run bench:og`, docs/decisions/0021), in this process, one card at a
 * time, as the /og router renders them:
 *
 * - cold: the first card of the process (reading the fonts, starting satori's layout engine);
 * - warm: ROUNDS renders of each kind, with the sample content's pictures and a photo-like
 *   1024 × 640 JPEG upload: min / median / p95 of the whole (picture + layout + rasterising), and
 *   min / median of the layout alone (satori, on the main thread: what holds the event loop);
 *   on a shared machine the minimum is the cost, the rest is waiting for a core;
 * - the event loop's delay during the warm renders (perf_hooks' monitorEventLoopDelay, 1 ms
 *   resolution), beside that of an idle loop over 3 s (what the machine's other work costs): satori
 *   lays out on the main thread; resvg rasterises, sharp crops the picture and encodes the PNG on
 *   libuv's pool;
 * - an answer from memory (the LRU of og-images.ts).
 */
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import sharp from "sharp";
import { createFigures, machineLines } from "./report.js";
import { loadLine, runBench } from "./run.js";
import type { MediaStore, StoredObject } from "../src/server/media/store.js";
import { ogCardSvg, ogImageBox, renderOgCard, type OgCard } from "../src/server/og/og-card.js";
import { loadCardImage } from "../src/server/og/og-image-source.js";
import { createOgImages } from "../src/server/og/og-images.js";
import { creatorOgCard, productOgCard, siteOgCard, storyOgCard } from "../src/server/og/og-items.js";

const ROUNDS = 20;
const WATCHDOG_MS = 10 * 60_000;
const figures = createFigures("og");
const UPLOAD_KEY = "0123456789abcdef0123456789abcdef/1024.jpg";

const fmt = (n: number, digits = 1) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function photoLike(): Promise<Buffer> {
  const { width, height } = { width: 1024, height: 640 };
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const grain = await sharp(noise, { raw: { width, height, channels: 3 } }).blur(3).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: "#d9822b" } })
    .composite([{ input: grain, blend: "overlay" }])
    .jpeg({ quality: 78 })
    .toBuffer();
}

async function main() {
  console.log(machineLines("bench:og", figures).join("\n"));
  const started = performance.now();
  const loadBefore = loadavg()[0]!;
  const upload = await photoLike();
  const media: MediaStore = {
    get: async (key: string): Promise<StoredObject | undefined> =>
      key === UPLOAD_KEY ? { body: new Blob([new Uint8Array(upload)]).stream(), size: upload.length, contentType: "image/jpeg" } : undefined,
    head: async () => undefined,
    put: async () => {},
    putFile: async () => {},
    delete: async () => {},
    close: () => {},
  };
  const options = { media, seedDir: resolve("media") };
  const cards: Record<string, OgCard> = {
    "story (sample SVG)": storyOgCard({ title: "The Neon Bakery After Midnight", city: "Chicago", image_url: "/media/stories/story-neon-bakery.svg", creator: { id: "maya_lopez", artist_name: "Maya Lopez" } }),
    "story (uploaded JPEG)": storyOgCard({ title: "Night shift at the print shop", city: "Detroit", image_url: `/media/u/${UPLOAD_KEY}`, creator: { id: "maya_lopez", artist_name: "Maya Lopez" } }),
    "creator (sample SVG)": creatorOgCard({ artist_name: "Maya Lopez", disciplines: ["visual_art", "music"], city: "Chicago", state: "IL", avatar: null, profile_image_url: "/media/creators/maya_lopez.svg" }),
    "product (sample SVG)": productOgCard({ title: "Café Señora Enamel Mug", price: "$24.00", category: "other", image_url: "/media/products/prod-cafe-senora-mug.svg", creator: null, story: { id: "s", title: "Café Señora" }, stock: 5 }),
    "site (no picture)": siteOgCard(),
  };
  const picture = (card: OgCard) => (card.image ? loadCardImage(card.image, ogImageBox(card.kind), options) : Promise.resolve(undefined));
  const render = async (card: OgCard) => renderOgCard({ ...card, imageBytes: await picture(card) });

  const first = Object.values(cards)[0]!;
  let t0 = performance.now();
  await render(first);
  const cold = performance.now() - t0;
  figures.add("first card of the process ms", cold, { unit: "ms", better: "lower" });

  // The machine's own noise: the event loop's delay over 3 s of doing nothing.
  const idle = monitorEventLoopDelay({ resolution: 1 });
  idle.enable();
  await new Promise((r) => setTimeout(r, 3_000));
  idle.disable();

  const delay = monitorEventLoopDelay({ resolution: 1 });
  const rows: string[] = [];
  delay.enable();
  const quantiles = (times: number[]) => {
    times.sort((a, b) => a - b);
    return (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  };
  for (const [label, card] of Object.entries(cards)) {
    const whole: number[] = [];
    const layout: number[] = [];
    let bytes = 0;
    for (let i = 0; i < ROUNDS; i++) {
      t0 = performance.now();
      bytes = (await render(card)).byteLength;
      whole.push(performance.now() - t0);
    }
    const imageBytes = await picture(card);
    for (let i = 0; i < ROUNDS; i++) {
      t0 = performance.now();
      await ogCardSvg({ ...card, imageBytes });
      layout.push(performance.now() - t0);
    }
    const w = quantiles(whole);
    const l = quantiles(layout);
    const cells = [w(0), w(0.5), w(0.95), l(0), l(0.5)].map((n) => fmt(n).padStart(7));
    rows.push(`| ${label.padEnd(22)} | ${cells.join(" | ")} | ${fmt(bytes / 1024, 0).padStart(6)} |`);
    figures.add(`${label} whole render min ms`, w(0), { unit: "ms", better: "lower" });
    figures.add(`${label} whole render median ms`, w(0.5), { unit: "ms", better: "lower" });
    figures.add(`${label} whole render p95 ms`, w(0.95), { unit: "ms", better: "lower" });
    figures.add(`${label} layout min ms`, l(0), { unit: "ms", better: "lower" });
    figures.add(`${label} layout median ms`, l(0.5), { unit: "ms", better: "lower" });
  }
  delay.disable();

  const images = createOgImages({ ...options });
  await images.png("k", first);
  t0 = performance.now();
  for (let i = 0; i < 1000; i++) await images.png("k", first);
  const hit = (performance.now() - t0) / 1000;

  console.log(`\nShare cards, ${ROUNDS} renders of each, one at a time (ms)\n`);
  console.log(`first card of the process (fonts, layout engine): ${fmt(cold)} ms\n`);
  console.log("|                        |            whole render     |   layout (main)   |        |");
  console.log("| card                   |     min |  median |     p95 |     min |  median |     KB |");
  console.log("|------------------------|---------|---------|---------|---------|---------|--------|");
  for (const row of rows) console.log(row);
  console.log(`\nevent-loop delay during the warm renders: p99 ${fmt(delay.percentile(99) / 1e6)} ms, max ${fmt(delay.max / 1e6)} ms`);
  console.log(`event-loop delay of an idle loop on this machine (3 s): p99 ${fmt(idle.percentile(99) / 1e6)} ms, max ${fmt(idle.max / 1e6)} ms`);
  console.log(`answer from memory: ${fmt(hit * 1000, 2)} µs`);
  console.log(loadLine(started, loadBefore));
  figures.add("event-loop delay during the warm renders p99 ms", delay.percentile(99) / 1e6, { unit: "ms", better: "lower" });
  figures.add("event-loop delay during the warm renders max ms", delay.max / 1e6, { unit: "ms", better: "lower" });
  figures.add("event-loop delay of an idle loop p99 ms", idle.percentile(99) / 1e6, { unit: "ms", better: "lower" });
  figures.add("answer from memory µs", hit * 1000, { unit: "µs", better: "lower" });
  await figures.write();
}

runBench("bench:og", main, { watchdogMs: WATCHDOG_MS });
