/**
 * The share card of each public item, built from the rows the public API answers with (the same
 * query functions serve GET /api/stories/{id}, /api/creators/{id}, /api/products/{id}, the pages
 * and /og/*). The page renderer and the /og router build the card with these functions, so both
 * arrive at the same version, and the page's og:image URL is the one the router answers as
 * immutable.
 */
import type { Product, Story } from "../../common/api/catalog.js";
import type { Creator } from "../../common/api/creators.js";
import { disciplineLabel } from "../../common/creator-fields.js";
import { ogVersion, type OgCard } from "./og-card.js";
import { isLocalImagePath } from "./og-image-source.js";

/** The kinds that have an item (and an id); the site's own card is siteOgCard(). */
export const OG_ITEM_KINDS = ["story", "creator", "product"] as const;
export type OgItemKind = (typeof OG_ITEM_KINDS)[number];

export function isOgItemKind(value: string): value is OgItemKind {
  return (OG_ITEM_KINDS as readonly string[]).includes(value);
}

/** Only pictures this site serves are drawn (og-image-source.ts), so only they name the card. */
const localImage = (path: string | null | undefined) => (path && isLocalImagePath(path) ? path : undefined);

const capitalised = (text: string) => text.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());

/** A story: its title, its author, its city; the cover (or the sample story's picture). */
export function storyOgCard(story: Pick<Story, "title" | "city" | "image_url" | "creator">): OgCard {
  return {
    kind: "story",
    title: story.title,
    subtitle: story.creator ? `by ${story.creator.artist_name}` : undefined,
    detail: story.city || undefined,
    image: localImage(story.image_url),
  };
}

/** A creator: the name, the disciplines, the city; the uploaded avatar, else the profile picture. */
export function creatorOgCard(creator: Pick<Creator, "artist_name" | "disciplines" | "city" | "state" | "avatar" | "profile_image_url">): OgCard {
  const place = [creator.city, creator.state].filter(Boolean).join(", ");
  return {
    kind: "creator",
    title: creator.artist_name,
    subtitle: creator.disciplines.length ? creator.disciplines.map((d) => capitalised(disciplineLabel(d))).join(" · ") : undefined,
    detail: place || undefined,
    image: localImage(creator.avatar?.src ?? creator.profile_image_url),
  };
}

/**
 * A product: the title, who sells it (or its story), the price and category, and 'Sold out' once
 * none is left. Not the stock itself: it changes with every sale, which would make a new image
 * each time; sold out or not changes the card only when that does, and a shared preview of a
 * sold-out product should not promise what the store cannot sell.
 */
export function productOgCard(product: Pick<Product, "title" | "price" | "category" | "image_url" | "creator" | "story" | "stock">): OgCard {
  const from = product.creator ? `by ${product.creator.artist_name}` : product.story ? `from ${product.story.title}` : undefined;
  return {
    kind: "product",
    title: product.title,
    subtitle: from,
    detail: `${product.stock <= 0 ? "Sold out · " : ""}${product.price} · ${capitalised(product.category)}`,
    image: localImage(product.image_url),
  };
}

/** The site's own card (the landing page and every page without an item of its own). */
export function siteOgCard(): OgCard {
  return {
    kind: "site",
    title: "A curated community for independent creators",
    subtitle: "Their stories, their work, their merch.",
    detail: "Stories · Creators · Shop",
  };
}

/** The path of an item's card, e.g. `/og/story/the-night-press-k3j9x2qd.png?v=1a2b3c4d5e6f`. */
export function ogImagePath(kind: OgItemKind, id: string, card: OgCard): string {
  if (card.kind !== kind) throw new Error(`an ${card.kind} card given for a ${kind}`);
  return `/og/${kind}/${encodeURIComponent(id)}.png?v=${ogVersion(card)}`;
}

/** The path of the site's card: `/og/site.png?v=…`. */
export function siteOgImagePath(): string {
  return `/og/site.png?v=${ogVersion(siteOgCard())}`;
}
