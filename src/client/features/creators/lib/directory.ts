/**
 * The creators directory's pure rules (spec §2 Creators directory): its filters as URL search
 * parameters, the Art Type badges, the results line and what a card shows.
 */
import { ART_DISCIPLINES, isArtDiscipline, isWebUrl, type ArtDiscipline } from "../../../../common/creator-fields";
import type { Creator, StoryRef } from "../types";

/** The filters as the URL holds them (`?q=&type=&city=&story=`), so a filtered view can be shared. */
export interface DirectoryFilters {
  q: string;
  type: ArtDiscipline | null;
  city: string;
  story: string;
}

export const NO_FILTERS: DirectoryFilters = { q: "", type: null, city: "", story: "" };

export const FILTER_PARAMS = { q: "q", type: "type", city: "city", story: "story" } as const;

/** Longest search text kept from the URL or the box (the store's limit too). */
export const SEARCH_MAX = 100;

/** The filters a URL asks for; an unknown art type is ignored, so the page shows All Types. */
export function readFilters(params: URLSearchParams): DirectoryFilters {
  const type = params.get(FILTER_PARAMS.type) ?? "";
  return {
    q: (params.get(FILTER_PARAMS.q) ?? "").slice(0, SEARCH_MAX),
    type: isArtDiscipline(type) ? type : null,
    city: params.get(FILTER_PARAMS.city) ?? "",
    story: params.get(FILTER_PARAMS.story) ?? "",
  };
}

/**
 * The URL's search parameters with some filters changed: empty values are removed, so an
 * unfiltered directory is plain `/creators`. Parameters the directory does not own are kept.
 */
export function writeFilters(params: URLSearchParams, change: Partial<DirectoryFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of Object.keys(change) as (keyof DirectoryFilters)[]) {
    const raw = change[key];
    const value = typeof raw === "string" ? (key === "q" ? raw.trim() : raw) : "";
    if (value) next.set(FILTER_PARAMS[key], value);
    else next.delete(FILTER_PARAMS[key]);
  }
  return next;
}

/** True when any filter narrows the list: the results line then says 'found'. */
export function hasActiveFilter(filters: DirectoryFilters): boolean {
  return filters.q.trim() !== "" || filters.type !== null || filters.city !== "" || filters.story !== "";
}

/** Spec §2: 'N creator(s) found' with a filter, else 'N creator(s) total'; '1 creator', '2 creators'. */
export function resultsText(count: number, filtered: boolean): string {
  return `${count} ${count === 1 ? "creator" : "creators"} ${filtered ? "found" : "total"}`;
}

/**
 * The Art Type badges after All Types: the disciplines present, 'other' always (spec §2), and the
 * selected one even when no creator has it any more, so the pressed badge stays visible. In the
 * fixed order of ART_DISCIPLINES.
 */
export function artTypeBadges(present: readonly ArtDiscipline[], selected: ArtDiscipline | null): ArtDiscipline[] {
  const shown = new Set<ArtDiscipline>([...present, "other"]);
  if (selected) shown.add(selected);
  return ART_DISCIPLINES.filter((d) => shown.has(d));
}

/** Options of a filter select: the facet's values plus the current one if the facet lacks it. */
export function withCurrent(values: readonly string[], current: string): string[] {
  return current && !values.includes(current) ? [current, ...values] : [...values];
}

/** Stories of the Featured In select, with the current story kept when the facets lack it. */
export function storyOptions(stories: readonly StoryRef[], current: string): StoryRef[] {
  if (!current || stories.some((s) => s.id === current)) return [...stories];
  return [{ id: current, title: "Selected story" }, ...stories];
}

/** Spec §2 and §9: a card shows 2 Featured In tags, then '+N more'. */
export const STORY_TAGS_SHOWN = 2;

export function storyTags(stories: readonly StoryRef[]): { shown: StoryRef[]; more: number } {
  return { shown: stories.slice(0, STORY_TAGS_SHOWN), more: Math.max(0, stories.length - STORY_TAGS_SHOWN) };
}

/** The bio a card shows (spec §2 default). */
export const DEFAULT_BIO = "Creative artist exploring new forms of expression.";

export function cardBio(bio: string): string {
  return bio.trim() || DEFAULT_BIO;
}

/** The name a card shows: the artist name, else first and last name, else 'Unknown Creator'. */
export function cardName(creator: Pick<Creator, "artist_name" | "first_name" | "last_name">): string {
  return (
    creator.artist_name.trim() || `${creator.first_name} ${creator.last_name}`.trim() || "Unknown Creator"
  );
}

/** The avatar's letter when there is no picture (or it fails to load). */
export function avatarLetter(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toLocaleUpperCase("en-US") : "?";
}

export interface CreatorLink {
  kind: "portfolio" | "instagram" | "website";
  label: string;
  href: string;
}

/** Instagram's profile address for a handle stored without '@'. */
export function instagramUrl(handle: string): string {
  return `https://instagram.com/${encodeURIComponent(handle.replace(/^@/, ""))}`;
}

/**
 * The card's link buttons (spec §2: portfolio, Instagram, website). The API's `portfolio_url` is
 * the website itself (spec §3), so Website shows only when it differs from the portfolio, rather
 * than two buttons to one page. Only http(s) links are ever rendered.
 */
export function creatorLinks(creator: Pick<Creator, "portfolio_url" | "instagram" | "website">): CreatorLink[] {
  const links: CreatorLink[] = [];
  const portfolio = creator.portfolio_url && isWebUrl(creator.portfolio_url) ? creator.portfolio_url : null;
  if (portfolio) links.push({ kind: "portfolio", label: "Portfolio", href: portfolio });
  const handle = creator.instagram?.replace(/^@/, "").trim();
  if (handle) links.push({ kind: "instagram", label: `@${handle}`, href: instagramUrl(handle) });
  if (creator.website && creator.website !== portfolio && isWebUrl(creator.website)) {
    links.push({ kind: "website", label: "Website", href: creator.website });
  }
  return links;
}
