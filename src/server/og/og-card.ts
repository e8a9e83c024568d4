/**
 * The share card of a story, a creator, a product or the site (the og:image of its page): a
 * 1200 × 630 PNG in the site's poster style — cream paper, thick ink frame, a yellow, pink or teal
 * badge, the MAYBE wordmark, the title in Archivo Black, and the item's picture on the right.
 *
 * renderOgCard() is a pure function of the card and the picture's bytes: laid out by satori into
 * SVG (on the main thread, a few ms), rasterised by resvg and encoded by sharp (both on libuv's
 * pool). ogVersion() names a card's content: the pages link `/og/<kind>/<id>.png?v=<version>`, so
 * a change to what the card shows is a new URL (docs/decisions/0021).
 */
import { createHash } from "node:crypto";
import type satoriFunction from "satori";
import { OG_FONT_FAMILY, ogFonts } from "./og-fonts.js";
import { BLUE, INK, PAPER, PINK, TEAL, YELLOW } from "../../common/brand-colors.js";

export const OG_KINDS = ["story", "creator", "product", "site"] as const;
export type OgKind = (typeof OG_KINDS)[number];

/** What a card shows. `image` is the site path of the item's picture (`/media/...`), its identity. */
export interface OgCard {
  kind: OgKind;
  title: string;
  /** A second line: the author, the disciplines, the seller. */
  subtitle?: string;
  /** A short fact in the card's tag: a city, a price and category. */
  detail?: string;
  image?: string;
}

/** The card and its picture, already a small JPEG or PNG (og-image-source.ts makes one). */
export interface OgCardInput extends OgCard {
  imageBytes?: Uint8Array;
}

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

/**
 * Raised when the template changes, so every card gets a new version (and URL) at the next deploy,
 * and the year-long cached images of the old template are no longer linked.
 */
const TEMPLATE_REVISION = 1;

const MUTED = "#4a4a4a";

// Borders are drawn outside an element's width and height (satori's boxes are content-box).
const FRAME = 14;
/** The right-hand panel, frame included: wider for stories, whose covers are mostly landscape. */
const panelWidth = (kind: OgKind) => (kind === "story" ? 560 : 470);
const INNER_HEIGHT = OG_HEIGHT - 2 * FRAME;
const AVATAR = 360;
const AVATAR_BORDER = 8;

export interface OgImageBox {
  width: number;
  height: number;
  /** `cover`: cropped to fill the box exactly; `inside`: scaled whole to fit within it. */
  fit: "cover" | "inside";
}

/**
 * Where the picture goes, in pixels: a round portrait (cropped) for creators; for stories and
 * products a framed print of the whole picture, as large as fits. The image source sizes it, and
 * the card draws it at the size it has, so nothing is stretched.
 */
export function ogImageBox(kind: OgKind): OgImageBox {
  if (kind === "creator") return { width: AVATAR - 2 * AVATAR_BORDER, height: AVATAR - 2 * AVATAR_BORDER, fit: "cover" };
  if (kind === "story") return { width: 470, height: 440, fit: "inside" };
  return { width: 340, height: 440, fit: "inside" };
}

const BADGE: Record<OgKind, { label: string; color: string }> = {
  story: { label: "STORY", color: PINK },
  creator: { label: "CREATOR", color: TEAL },
  product: { label: "SHOP", color: YELLOW },
  site: { label: "COMMUNITY", color: YELLOW },
};

/** The title drawn when none of the item's is drawable (a title all in a script the fonts lack). */
const UNTITLED: Record<OgKind, string> = {
  story: "A story on MAYBE",
  creator: "A creator on MAYBE",
  product: "From the MAYBE shop",
  site: "MAYBE",
};

/** A short, stable name of what the card shows (fields and picture), for `?v=` in its URL. */
export function ogVersion(card: OgCard): string {
  const fields = [TEMPLATE_REVISION, card.kind, card.title, card.subtitle ?? "", card.detail ?? "", card.image ?? ""];
  return createHash("sha256").update(JSON.stringify(fields)).digest("base64url").slice(0, 12);
}

// ------------------------------------------------------------------------------------- layout

type Style = Record<string, string | number>;
interface Node {
  type: string;
  props: { style?: Style; children?: Child | Child[]; src?: string; width?: number; height?: number };
}
type Child = Node | string | null;

/** An element as satori reads it (what JSX would make, without React). */
function h(type: string, style: Style, ...children: Child[]): Node {
  const kids = children.filter((c) => c !== null);
  return { type, props: { style, children: kids.length === 1 ? kids[0] : kids } };
}

function img(src: string, width: number, height: number, style: Style = {}): Node {
  return { type: "img", props: { src, width, height, style: { width, height, objectFit: "cover", ...style } } };
}

interface Picture {
  src: string;
  width: number;
  height: number;
}

/** A JPEG's size, from its first start-of-frame segment. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    // SOF0-SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (bytes[at + 5]! << 8) | bytes[at + 6]!, width: (bytes[at + 7]! << 8) | bytes[at + 8]! };
    }
    at += 2 + length;
  }
  return undefined;
}

/** The picture as a data: URL with its size, when the bytes are a JPEG or a PNG (anything else is left out). */
function pictureOf(bytes: Uint8Array | undefined): Picture | undefined {
  if (!bytes || bytes.length < 24) return undefined;
  const base64 = () => Buffer.from(bytes).toString("base64");
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const size = { width: view.getUint32(16), height: view.getUint32(20) };
    return size.width && size.height ? { src: `data:image/png;base64,${base64()}`, ...size } : undefined;
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    const size = jpegSize(bytes);
    return size?.width && size.height ? { src: `data:image/jpeg;base64,${base64()}`, ...size } : undefined;
  }
  return undefined;
}

/** The picture's size within the box, its proportions kept. */
function fitted(picture: Picture, box: OgImageBox): { width: number; height: number } {
  if (box.fit === "cover") return { width: box.width, height: box.height };
  const scale = Math.min(box.width / picture.width, box.height / picture.height);
  return { width: Math.round(picture.width * scale), height: Math.round(picture.height * scale) };
}

/** Shorter titles are set larger; any title stops after three lines with an ellipsis. */
function titleSize(title: string): number {
  const length = [...title].length;
  if (length <= 18) return 76;
  if (length <= 36) return 64;
  if (length <= 60) return 54;
  return 46;
}

const clamp = (lines: number): Style => ({ display: "block", lineClamp: lines, overflow: "hidden", textOverflow: "ellipsis" });

function initialsOf(name: string): string {
  const letters = name.split(/\s+/).filter(Boolean).map((w) => [...w][0]!.toUpperCase());
  return (letters.length > 1 ? letters[0]! + letters.at(-1)! : (letters[0] ?? "?"));
}

function textColumn(card: OgCard): Node {
  const badge = BADGE[card.kind];
  return h(
    "div",
    { display: "flex", flexDirection: "column", flexGrow: 1, flexShrink: 1, padding: "44px 52px 48px 52px", minWidth: 0 },
    h(
      "div",
      { display: "flex", alignItems: "center", justifyContent: "space-between" },
      h("div", { fontSize: 50, fontWeight: 900, letterSpacing: -2.5, color: INK }, "MAYBE"),
      h(
        "div",
        {
          display: "flex",
          fontSize: 22,
          fontWeight: 900,
          letterSpacing: 2,
          padding: "8px 16px",
          backgroundColor: badge.color,
          border: `4px solid ${INK}`,
          boxShadow: `5px 5px 0 0 ${INK}`,
          color: INK,
        },
        badge.label,
      ),
    ),
    h(
      "div",
      { display: "flex", flexDirection: "column", flexGrow: 1, justifyContent: "center", minHeight: 0 },
      h("div", { ...clamp(3), fontSize: titleSize(card.title), fontWeight: 900, lineHeight: 1.04, letterSpacing: -1.5, color: INK }, card.title),
      card.subtitle ? h("div", { ...clamp(2), marginTop: 18, fontSize: 30, fontWeight: 700, lineHeight: 1.2, color: MUTED }, card.subtitle) : null,
    ),
    card.detail
      ? h(
          "div",
          { display: "flex" },
          h(
            "div",
            {
              ...clamp(1),
              maxWidth: "100%",
              padding: "10px 20px",
              fontSize: 28,
              fontWeight: 900,
              color: INK,
              backgroundColor: YELLOW,
              border: `4px solid ${INK}`,
              boxShadow: `6px 6px 0 0 ${INK}`,
            },
            card.detail,
          ),
        )
      : null,
  );
}

/** The right-hand panel: the picture, the creator's portrait, or shapes when there is no picture. */
function panel(card: OgCard, picture: Picture | undefined): Node {
  const frame: Style = { display: "flex", width: panelWidth(card.kind) - FRAME, height: INNER_HEIGHT, flexShrink: 0, borderLeft: `${FRAME}px solid ${INK}`, overflow: "hidden" };
  if (card.kind === "creator") {
    const inner = AVATAR - 2 * AVATAR_BORDER;
    const portrait = picture
      ? img(picture.src, inner, inner, { borderRadius: inner / 2 })
      : h("div", { display: "flex", alignItems: "center", justifyContent: "center", width: inner, height: inner, fontSize: 140, fontWeight: 900, color: INK }, initialsOf(card.title));
    return h(
      "div",
      { ...frame, alignItems: "center", justifyContent: "center", backgroundColor: TEAL },
      h(
        "div",
        {
          display: "flex",
          width: inner,
          height: inner,
          borderRadius: AVATAR / 2,
          border: `${AVATAR_BORDER}px solid ${INK}`,
          backgroundColor: picture ? INK : PINK,
          boxShadow: `12px 12px 0 0 ${INK}`,
          overflow: "hidden",
        },
        portrait,
      ),
    );
  }
  if (picture) {
    // A print pinned to a coloured board: ink frame, hard shadow, a slight tilt.
    const size = fitted(picture, ogImageBox(card.kind));
    return h(
      "div",
      { ...frame, alignItems: "center", justifyContent: "center", backgroundColor: card.kind === "story" ? PINK : TEAL },
      h(
        "div",
        {
          display: "flex",
          border: `8px solid ${INK}`,
          backgroundColor: INK,
          boxShadow: `14px 14px 0 0 ${INK}`,
          transform: `rotate(${card.kind === "story" ? -2 : 2}deg)`,
        },
        img(picture.src, size.width, size.height),
      ),
    );
  }
  // No picture (the site's card, an item without one): a collage of the brand's shapes.
  const [ground, disc, bar] = card.kind === "story" ? [YELLOW, PINK, TEAL] : card.kind === "product" ? [TEAL, YELLOW, PINK] : [YELLOW, PINK, TEAL];
  const shape = (style: Style) => h("div", { position: "absolute", border: `8px solid ${INK}`, ...style });
  return h(
    "div",
    { ...frame, justifyContent: "center", backgroundColor: ground },
    h(
      "div",
      { display: "flex", position: "relative", width: 456, height: INNER_HEIGHT },
      shape({ left: 56, top: 64, width: 260, height: 260, borderRadius: 200, backgroundColor: disc }),
    shape({ left: 196, top: 236, width: 200, height: 200, backgroundColor: BLUE, transform: "rotate(12deg)" }),
      shape({ left: 44, top: 480, width: 320, height: 60, backgroundColor: bar }),
    ),
  );
}

function layout(card: OgCard, picture: Picture | undefined): Node {
  // The frame is the ink showing around the paper (a border would add to the size).
  return h(
    "div",
    { display: "flex", width: OG_WIDTH, height: OG_HEIGHT, padding: FRAME, backgroundColor: INK, fontFamily: OG_FONT_FAMILY, color: INK },
    h("div", { display: "flex", width: OG_WIDTH - 2 * FRAME, height: INNER_HEIGHT, backgroundColor: PAPER }, textColumn(card), panel(card, picture)),
  );
}

/**
 * The card laid out as SVG (text as paths, the picture embedded), by satori: the part of a render
 * that runs on the main thread.
 */
export async function ogCardSvg(input: OgCardInput): Promise<string> {
  const picture = pictureOf(input.imageBytes);
  // satori, resvg and sharp load with the first card drawn, not at start-up, where they cost about
  // 150 ms (docs/performance.md, "start-up"); the module cache answers every later import.
  const [{ fonts, drawable }, { default: satori }] = await Promise.all([ogFonts(), import("satori")]);
  const shown: OgCard = {
    kind: input.kind,
    title: drawable(input.title) || UNTITLED[input.kind],
    subtitle: input.subtitle && drawable(input.subtitle),
    detail: input.detail && drawable(input.detail),
  };
  return satori(layout(shown, picture) as unknown as Parameters<typeof satoriFunction>[0], { width: OG_WIDTH, height: OG_HEIGHT, fonts });
}

/** The card as a 1200 × 630 PNG. */
export async function renderOgCard(input: OgCardInput): Promise<Uint8Array<ArrayBuffer>> {
  const [svg, { renderAsync }, { default: sharp }] = await Promise.all([ogCardSvg(input), import("@resvg/resvg-js"), import("sharp")]);
  // resvg rasterises on libuv's thread pool, not on the event loop; its own PNG encoder would run
  // on the event loop (10-13 ms), so sharp encodes the pixels, on the pool too, without the alpha
  // channel (the card is opaque): 10% smaller.
  const rendered = await renderAsync(svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } });
  const png = await sharp(rendered.pixels, { raw: { width: rendered.width, height: rendered.height, channels: 4 } }).removeAlpha().png().toBuffer();
  return new Uint8Array(png);
}
