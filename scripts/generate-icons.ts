/**
 * Renders the site's icons from the logo (src/client/public/favicon.svg) into the same folder,
 * which Vite copies into dist/client:
 *
 * - favicon.ico: 16, 32 and 48 px PNG images in one ICO container, for browsers and tools that
 *   ask for /favicon.ico and do not take the SVG;
 * - apple-touch-icon.png: 180 px, opaque on the site's paper colour (iOS fills transparency
 *   with black and rounds the corners itself);
 * - icon-192.png, icon-512.png: the logo as it is, transparent, for the web app manifest;
 * - icon-maskable-512.png: the logo inside the maskable safe zone (the centred circle of 80%
 *   of the width) on the paper colour, for launchers that crop icons to their own shape.
 *
 * Deterministic: re-running changes nothing unless the logo or this file does.
 * Run with `npx tsx scripts/generate-icons.ts` (or `npm run assets:icons`).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const PUBLIC_DIR = join(ROOT, "src", "client", "public");
/** The site's background (--color-paper in src/client/styles.css, theme-color in index.html). */
const PAPER = "#faf7f2";
/** The logo's viewBox is 64 units square. */
const VIEWBOX = 64;
/** The sizes of the images in favicon.ico. */
const ICO_SIZES = [16, 32, 48] as const;
/**
 * The logo's width on the apple-touch icon: iOS rounds about a fifth off each corner, so the
 * logo keeps a margin of about a tenth of the width.
 */
const APPLE_LOGO = 144 / 180;
/**
 * The logo's width on the maskable icon. The farthest point of its drawing (the outer edge of the
 * pink square's rounded top-left corner, 40.5 units from the centre) must stay inside the safe
 * circle of radius 0.4 × width: 40.5 / 32 × 0.6 / 2 = 0.38.
 */
const MASKABLE_LOGO = 0.6;

const svg = readFileSync(join(PUBLIC_DIR, "favicon.svg"));

/** The logo as a transparent PNG `size` px square, rasterised at that size (not scaled down). */
function logo(size: number): Promise<Buffer> {
  return sharp(svg, { density: (72 * size) / VIEWBOX })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** The logo `logoSize` px wide, centred on an opaque square of the paper colour. */
async function onPaper(size: number, logoSize: number): Promise<Buffer> {
  const offset = Math.round((size - logoSize) / 2);
  return sharp({ create: { width: size, height: size, channels: 3, background: PAPER } })
    .composite([{ input: await logo(logoSize), left: offset, top: offset }])
    .flatten({ background: PAPER })
    .removeAlpha()
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * An ICO file holding PNG images: a 6-byte header (reserved 0, type 1 = icon, count), one
 * 16-byte directory entry per image (width and height, 0 meaning 256; colour count 0; reserved
 * 0; 1 plane; 32 bits per pixel; byte length; offset from the start of the file), then the PNGs.
 */
function icoOf(images: readonly { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    if (size < 1 || size > 256) throw new Error(`An ICO image is 1 to 256 px wide, not ${size}`);
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size === 256 ? 0 : size, 0);
    entry.writeUInt8(size === 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

async function main(): Promise<void> {
  const files: [name: string, data: Buffer][] = [
    ["favicon.ico", icoOf(await Promise.all(ICO_SIZES.map(async (size) => ({ size, png: await logo(size) }))))],
    ["apple-touch-icon.png", await onPaper(180, Math.round(180 * APPLE_LOGO))],
    ["icon-192.png", await logo(192)],
    ["icon-512.png", await logo(512)],
    ["icon-maskable-512.png", await onPaper(512, Math.round(512 * MASKABLE_LOGO))],
  ];
  for (const [name, data] of files) {
    writeFileSync(join(PUBLIC_DIR, name), data);
    console.log(`${name.padEnd(22)} ${data.length.toLocaleString("en")} bytes`);
  }
}

await main();
