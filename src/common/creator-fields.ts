/**
 * Creator fields the directory needs without the application form's schema (creator-schemas.ts,
 * which builds zod schemas when loaded): the disciplines and the web-address check.
 */
import { hasControlCharacters } from "./text.js";

/** Art type options (spec §3): the application's choices and the directory's discipline filter. */
export const ART_DISCIPLINES = [
  "writing",
  "music",
  "visual_art",
  "design",
  "photography",
  "film",
  "fashion",
  "culinary",
  "other",
] as const;
export type ArtDiscipline = (typeof ART_DISCIPLINES)[number];

/**
 * The directory's discipline values (spec §3): the art types without film. The sample creators
 * cover them all, and the directory keeps room for each badge while its facets load.
 */
export const DIRECTORY_DISCIPLINES = ["writing", "music", "visual_art", "design", "photography", "fashion", "culinary", "other"] as const satisfies readonly ArtDiscipline[];
export type DirectoryDiscipline = (typeof DIRECTORY_DISCIPLINES)[number];

export function isArtDiscipline(value: string): value is ArtDiscipline {
  return (ART_DISCIPLINES as readonly string[]).includes(value);
}

/** A discipline as the directory shows it: underscores as spaces ('visual art'). */
export function disciplineLabel(discipline: string): string {
  return discipline.replace(/_/g, " ");
}

/**
 * True for an absolute http: or https: URL with a host and nothing a browser would silently strip
 * (whitespace, control characters). Refuses javascript:, data:, vbscript: and every other scheme,
 * including spellings the URL parser folds (`JaVaScRiPt:`, `java\tscript:`, `%6Aavascript:`).
 */
export function isWebUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value) || hasControlCharacters(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Spec §5: a bio is at most 200 whitespace-separated words. */
export const BIO_MAX_WORDS = 200;

/** Words of a text: runs of non-whitespace (spec §5: 'whitespace-separated words'). */
export function countWords(text: string): number {
  const words = text.trim().split(/\s+/);
  return words[0] === "" ? 0 : words.length;
}
