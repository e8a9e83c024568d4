/**
 * Draws the sample media: one flat, poster-like SVG for every image_url in the seed content,
 * into media/stories (16:10), media/products (4:5) and media/creators (1:1, initials).
 * Deterministic: shapes and colours come from a hash of the id, so re-running changes nothing.
 * Run with `npx tsx scripts/generate-media.ts` (or `npm run assets`).
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CREATORS, PRODUCTS, STORIES, isPublishedSeed } from "../src/server/db/seed/content.js";
import { BLUE, INK, PAPER, PINK, TEAL, YELLOW } from "../src/common/brand-colors.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const MEDIA_DIR = join(ROOT, "media");
const FONT = "system-ui, sans-serif";
/** Average advance of a heavy system-ui glyph, in em. */
const CHAR_WIDTH = 0.62;

const PALETTE = [PINK, YELLOW, BLUE, TEAL, INK, PAPER];
const DARK = new Set([INK, BLUE]);

/** 32-bit FNV-1a. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny seeded generator, so each id always draws the same poster. */
function rng(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
type Rng = ReturnType<typeof rng>;

const n = (v: number) => String(Math.round(v));

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

function textOn(background: string): string {
  return DARK.has(background) ? PAPER : INK;
}

/** Greedy word wrap to about `width` characters per line. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

// ---- Shapes: each draws one bold element inside the box (x, y, w, h). ------------------------

type Box = { x: number; y: number; w: number; h: number };
type Shape = (r: Rng, box: Box, fill: string) => string;

const SHAPES: Shape[] = [
  // Big disc.
  (r, b, f) => {
    const rad = Math.min(b.w, b.h) * (0.25 + r.next() * 0.2);
    return `<circle cx="${n(b.x + rad + r.next() * (b.w - 2 * rad))}" cy="${n(b.y + rad + r.next() * (b.h - 2 * rad))}" r="${n(rad)}" fill="${f}"/>`;
  },
  // Tilted slab.
  (r, b, f) => {
    const w = b.w * (0.45 + r.next() * 0.3);
    const h = b.h * (0.2 + r.next() * 0.2);
    const cx = b.x + b.w * (0.3 + r.next() * 0.4);
    const cy = b.y + b.h * (0.3 + r.next() * 0.4);
    return `<rect x="${n(cx - w / 2)}" y="${n(cy - h / 2)}" width="${n(w)}" height="${n(h)}" fill="${f}" transform="rotate(${r.int(-35, 35)} ${n(cx)} ${n(cy)})"/>`;
  },
  // Triangle.
  (r, b, f) => {
    const pts = [
      [b.x + r.next() * b.w * 0.3, b.y + b.h * (0.7 + r.next() * 0.3)],
      [b.x + b.w * (0.3 + r.next() * 0.4), b.y + r.next() * b.h * 0.2],
      [b.x + b.w * (0.7 + r.next() * 0.3), b.y + b.h * (0.6 + r.next() * 0.4)],
    ];
    return `<polygon points="${pts.map(([x, y]) => `${n(x!)},${n(y!)}`).join(" ")}" fill="${f}"/>`;
  },
  // Diagonal stripes.
  (r, b, f) => {
    const count = r.int(4, 7);
    const gap = b.w / count;
    const rise = b.h * (0.3 + r.next() * 0.4);
    const top = b.y + r.next() * (b.h - rise);
    const d = Array.from({ length: count }, (_, i) => `M${n(b.x + i * gap + gap / 2)} ${n(top + rise)}l${n(gap * 0.8)} ${n(-rise)}`).join("");
    return `<path d="${d}" stroke="${f}" stroke-width="${n(gap * 0.32)}" stroke-linecap="square" fill="none"/>`;
  },
  // Zigzag.
  (r, b, f) => {
    const teeth = r.int(4, 8);
    const amp = b.h * (0.08 + r.next() * 0.08);
    const y = b.y + amp + r.next() * (b.h - 2 * amp);
    const step = b.w / teeth;
    const pts = Array.from({ length: teeth + 1 }, (_, i) => `${n(b.x + i * step)},${n(y + (i % 2 ? -amp : amp))}`);
    return `<polyline points="${pts.join(" ")}" stroke="${f}" stroke-width="${n(Math.max(18, amp * 0.6))}" stroke-linejoin="miter" fill="none"/>`;
  },
  // Concentric rings.
  (r, b, f) => {
    const rad = Math.min(b.w, b.h) * (0.2 + r.next() * 0.15);
    const cx = b.x + rad + r.next() * (b.w - 2 * rad);
    const cy = b.y + rad + r.next() * (b.h - 2 * rad);
    const sw = rad / 7;
    return [1, 0.66, 0.33]
      .map((k) => `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rad * k - sw / 2)}" stroke="${f}" stroke-width="${n(sw)}" fill="none"/>`)
      .join("");
  },
  // Starburst sticker.
  (r, b, f) => {
    const spikes = r.int(10, 16);
    const outer = Math.min(b.w, b.h) * (0.2 + r.next() * 0.12);
    const inner = outer * 0.72;
    const cx = b.x + outer + r.next() * (b.w - 2 * outer);
    const cy = b.y + outer + r.next() * (b.h - 2 * outer);
    const pts = Array.from({ length: spikes * 2 }, (_, i) => {
      const a = (Math.PI * i) / spikes;
      const rad = i % 2 ? inner : outer;
      return `${n(cx + Math.cos(a) * rad)},${n(cy + Math.sin(a) * rad)}`;
    });
    return `<polygon points="${pts.join(" ")}" fill="${f}"/>`;
  },
  // Half moon.
  (r, b, f) => {
    const rad = Math.min(b.w, b.h) * (0.25 + r.next() * 0.15);
    const cx = b.x + rad + r.next() * (b.w - 2 * rad);
    const cy = b.y + rad + r.next() * (b.h - 2 * rad);
    const rot = r.int(0, 3) * 90;
    return `<path d="M${n(cx - rad)} ${n(cy)}a${n(rad)} ${n(rad)} 0 0 1 ${n(2 * rad)} 0z" fill="${f}" transform="rotate(${rot} ${n(cx)} ${n(cy)})"/>`;
  },
  // Dot grid.
  (r, b, f) => {
    const cols = r.int(4, 6);
    const rows = r.int(3, 4);
    const step = Math.min(b.w / (cols + 1), b.h / (rows + 1));
    const x0 = b.x + (b.w - step * (cols - 1)) * r.next();
    const y0 = b.y + step / 2 + (b.h - step * rows) * r.next();
    const d: string[] = [];
    for (let i = 0; i < cols; i++) for (let j = 0; j < rows; j++) d.push(`M${n(x0 + i * step)} ${n(y0 + j * step)}h0`);
    return `<path d="${d.join("")}" stroke="${f}" stroke-width="${n(step * 0.4)}" stroke-linecap="round"/>`;
  },
];

function shapeColors(r: Rng, background: string, count: number): string[] {
  const others = PALETTE.filter((c) => c !== background);
  const colors: string[] = [];
  for (let i = 0; i < count; i++) {
    const choices = others.filter((c) => c !== colors[i - 1]);
    colors.push(r.pick(choices));
  }
  return colors;
}

function drawShapes(r: Rng, box: Box, background: string, count: number): string {
  const first = r.int(0, SHAPES.length - 1);
  const step = r.int(1, SHAPES.length - 1);
  const colors = shapeColors(r, background, count);
  return colors.map((color, i) => SHAPES[(first + i * step) % SHAPES.length]!(r, box, color)).join("");
}

/** Title lines, left-aligned from (x, baseline of the last line); long lines are squeezed to fit. */
function titleText(lines: string[], x: number, lastBaseline: number, size: number, maxWidth: number): string {
  const lead = size * 1.02;
  return lines
    .map((line, i) => {
      const y = lastBaseline - (lines.length - 1 - i) * lead;
      const estimate = line.length * size * CHAR_WIDTH;
      // System fonts differ: squeeze lines that come close to the edge so none can overflow.
      const fit = estimate > maxWidth * 0.95 ? ` textLength="${n(maxWidth)}" lengthAdjust="spacingAndGlyphs"` : "";
      return `<text x="${n(x)}" y="${n(y)}" font-size="${n(size)}"${fit}>${escapeXml(line)}</text>`;
    })
    .join("");
}

function svg(width: number, height: number, title: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img">` +
    `<title>${escapeXml(title)}</title>${body}</svg>\n`
  );
}

/** A poster: flat background, bold shapes above, a solid band with the title below. */
function poster(opts: { id: string; title: string; kicker: string; width: number; height: number; wrapAt: number; maxSize: number }): string {
  const { id, title, kicker, width: W, height: H, wrapAt, maxSize } = opts;
  const r = rng(hash(id));
  const background = r.pick(PALETTE);
  const band = DARK.has(background) ? r.pick([PAPER, YELLOW]) : r.pick([INK, PAPER === background ? BLUE : INK]);
  const pad = Math.round(W * 0.06);
  const lines = wrap(title, wrapAt);
  const longest = Math.max(...lines.map((l) => l.length));
  const size = Math.min(maxSize, (W - 2 * pad) / (longest * CHAR_WIDTH));
  const bandHeight = pad * 2 + size * 1.02 * lines.length + size * 0.35;
  const bandTop = H - bandHeight;
  const shapes = drawShapes(r, { x: 0, y: 0, w: W, h: bandTop + pad }, background, r.int(2, 3));
  const kickerSize = Math.round(W * 0.028);
  const kickerWidth = kicker.length * kickerSize * 0.8; // bold caps plus letter-spacing, generously
  const tilt = r.int(-3, 3);
  return svg(
    W,
    H,
    title,
    `<rect width="${W}" height="${H}" fill="${background}"/>${shapes}` +
      `<g font-family="${FONT}" font-weight="900">` +
      `<rect x="${-pad}" y="${n(bandTop)}" width="${W + 2 * pad}" height="${n(bandHeight + pad)}" fill="${band}" transform="rotate(${tilt} ${W / 2} ${n(bandTop)})"/>` +
      `<rect x="${n(pad - kickerSize * 0.6)}" y="${n(pad - kickerSize * 0.5)}" width="${n(kickerWidth + kickerSize * 1.2)}" height="${n(kickerSize * 2)}" fill="${background}"/>` +
      `<text x="${pad}" y="${n(pad + kickerSize)}" font-size="${kickerSize}" letter-spacing="${n(kickerSize * 0.15)}" fill="${textOn(background)}">${escapeXml(kicker)}</text>` +
      `<g fill="${textOn(band)}">${titleText(lines, pad, H - pad - size * 0.2, size, W - 2 * pad)}</g>` +
      `</g>`,
  );
}

function portrait(id: string, name: string): string {
  const S = 800;
  const r = rng(hash(id));
  const background = r.pick(PALETTE);
  const disc = r.pick(PALETTE.filter((c) => c !== background));
  const initials = name
    .split(/\s+/)
    .map((part) => part[0]?.toUpperCase() ?? "")
    .join("")
    .slice(0, 2);
  const shapes = drawShapes(r, { x: 0, y: 0, w: S, h: S }, background, 2);
  return svg(
    S,
    S,
    name,
    `<rect width="${S}" height="${S}" fill="${background}"/>${shapes}` +
      `<circle cx="400" cy="400" r="250" fill="${disc}" stroke="${INK}" stroke-width="12"/>` +
      `<text x="400" y="400" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="230" fill="${textOn(disc)}">${escapeXml(initials)}</text>`,
  );
}

// ---- Output -----------------------------------------------------------------------------------

const files = new Map<string, string>();

function add(url: string | null, content: () => string) {
  if (!url) return;
  const match = /^\/media\/((?:stories|products|creators)\/[a-z0-9_-]+\.svg)$/.exec(url);
  if (!match) throw new Error(`unexpected image_url: ${url}`);
  files.set(match[1]!, content());
}

for (const story of STORIES) {
  const year = story.date ? new Date(story.date).getUTCFullYear() : "SOMEDAY";
  add(story.image_url, () =>
    poster({ id: story.id, title: story.title, kicker: `MAYBE / ${story.city.toUpperCase()} / ${year}`, width: 1600, height: 1000, wrapAt: 20, maxSize: 130 }),
  );
}
// The pictures inside the published sample stories' bodies, drawn as the covers are.
for (const story of STORIES) {
  if (!isPublishedSeed(story)) continue;
  for (const picture of story.figures) {
    add(picture.image_url, () =>
      poster({ id: picture.image_url, title: picture.title, kicker: `MAYBE / ${story.city.toUpperCase()}`, width: 1600, height: 1000, wrapAt: 20, maxSize: 110 }),
    );
  }
}
for (const product of PRODUCTS) {
  add(product.image_url, () =>
    poster({ id: product.id, title: product.title, kicker: `MAYBE / ${product.category.toUpperCase()}`, width: 800, height: 1000, wrapAt: 11, maxSize: 110 }),
  );
}
for (const creator of CREATORS) {
  add(creator.image_url || null, () => portrait(creator.id, `${creator.first_name} ${creator.last_name}`));
}

for (const dir of ["stories", "products", "creators"]) {
  const full = join(MEDIA_DIR, dir);
  mkdirSync(full, { recursive: true });
  // Drop posters of content that no longer exists.
  for (const name of readdirSync(full)) {
    if (name.endsWith(".svg") && !files.has(`${dir}/${name}`)) rmSync(join(full, name));
  }
}
let bytes = 0;
for (const [path, content] of files) {
  writeFileSync(join(MEDIA_DIR, path), content);
  bytes += Buffer.byteLength(content);
}
console.log(`Wrote ${files.size} SVG files (${(bytes / 1024).toFixed(1)} KB) under ${MEDIA_DIR}`);
