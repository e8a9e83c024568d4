/**
 * The faces the share cards are drawn with: Archivo from the @fontsource/archivo package (the
 * site's own display face), as WOFF files (satori reads TTF, OTF and WOFF, not WOFF2). Read once,
 * on the first render, from this machine: no font is fetched from another host.
 *
 * The package splits each weight by script (Latin, Latin Extended, Vietnamese); each subset is
 * loaded under a name of its own (satori looks for a missing glyph in the other fonts, not in a
 * second file of the same name). Characters none of them has (CJK, emoji…) would be drawn as
 * empty boxes: drawable() leaves them out.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Font } from "satori";

const WEIGHTS = [500, 700, 900] as const;
const SUBSETS = ["latin", "latin-ext", "vietnamese"] as const;
export const OG_FONT_FAMILY = "Archivo";

export interface OgFonts {
  fonts: Font[];
  /** The text without the characters no loaded font can draw (and without the spaces they leave doubled). */
  drawable: (text: string) => string;
}

/** `U+0000-00FF,U+0131,…` as [first, last] code point pairs. */
function parseRanges(list: string): [number, number][] {
  return list.split(",").map((range) => {
    const [first, last = first] = range.trim().replace(/^U\+/i, "").split("-");
    return [parseInt(first!, 16), parseInt(last!, 16)];
  });
}

async function readFonts(): Promise<OgFonts> {
  const require = createRequire(import.meta.url);
  const file = (name: string) => require.resolve(`@fontsource/archivo/${name}`);
  const unicode = JSON.parse(await readFile(file("unicode.json"), "utf8")) as Record<string, string>;
  const ranges = SUBSETS.flatMap((subset) => parseRanges(unicode[subset] ?? ""));
  const covered = (codePoint: number) => ranges.some(([first, last]) => codePoint >= first && codePoint <= last);
  const fonts = await Promise.all(
    SUBSETS.flatMap((subset) =>
      WEIGHTS.map(async (weight) => ({
        name: subset === "latin" ? OG_FONT_FAMILY : `${OG_FONT_FAMILY} ${subset}`,
        weight,
        style: "normal" as const,
        data: await readFile(file(`files/archivo-${subset}-${weight}-normal.woff`)),
      })),
    ),
  );
  const control = (codePoint: number) => codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0);
  const drawable = (text: string) =>
    [...text]
      .map((c) => (control(c.codePointAt(0)!) ? " " : c))
      .filter((c) => covered(c.codePointAt(0)!))
      .join("")
      .replace(/\s{2,}/g, " ")
      .trim();
  return { fonts, drawable };
}

let loading: Promise<OgFonts> | undefined;

/** The fonts, read on the first call and kept; a failed read is tried again by the next call. */
export function ogFonts(): Promise<OgFonts> {
  loading ??= readFonts().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
