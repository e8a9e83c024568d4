/**
 * What a shared link or a search engine reads of a public page (docs/decisions/0022): the title,
 * the description, the canonical URL, OpenGraph and Twitter card tags, and JSON-LD (Organization for
 * the site, Article for a story, Person for a creator, Product with its Offer for a product). Built
 * from the public API's own answers, so a page never says more than the API shows to everyone.
 * Every value is escaped: titles, bios and descriptions are what people typed.
 */
import type { Product, StoryDetail } from "../../common/api/catalog.js";
import type { CreatorProfilePage } from "../../common/api/creators.js";
import type { CommentList, CommentReply } from "../../common/api/comments.js";
import { PAGES, type PageId } from "../../common/pages.js";
import { escapeHtml } from "../lib/html.js";
import { siteOgImagePath } from "../og/og-items.js";
import { dropIsAhead } from "../../common/drops.js";
import { serverClock } from "../lib/clock.js";

export const SITE_NAME = "MAYBE";
export const SITE_DESCRIPTION =
  "MAYBE is a curated community for independent creators: their stories, their drops and the people who show up for them.";
/** Descriptions are cut here (search results show about this much). */
const DESCRIPTION_MAX = 160;

export interface SiteFacts {
  /** The site's public origin, no trailing slash. */
  origin: string;
  instagramUrl: string;
  contactEmail: string;
}

export interface OgImage {
  /** Path on this site, e.g. /og/story/abc.png?v=1a2b. */
  path: string;
  alt: string;
}

export interface PageHead {
  /** The page's name; the tab reads "name · MAYBE" (the client's useDocumentTitle says the same). */
  name?: string;
  description: string;
  /** Path and query of the canonical URL. */
  canonical: string;
  type: "website" | "article" | "profile" | "product";
  image?: OgImage;
  jsonLd: object[];
  /** Not for search engines (the 404 page). */
  noindex?: boolean;
}

export function clip(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, "")}…`;
}

export function organization(site: SiteFacts): object {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: SITE_NAME,
    url: `${site.origin}/`,
    logo: `${site.origin}/icon-512.png`,
    email: site.contactEmail,
    sameAs: [site.instagramUrl],
  };
}

/** The pages whose head does not depend on an item (the page table's `head: "static"`, and the store without a product). */
type StaticHeadPage = { [K in PageId]: (typeof PAGES)[K] extends { head: "static" | "store" } ? K : never }[PageId];

/** Each such page's title (none: the site's own) and description; a page missing here does not compile. */
const STATIC_HEADS: Record<StaticHeadPage, (site: SiteFacts) => { name?: string; description: string; jsonLd?: object[] }> = {
  landing: (site) => ({ description: SITE_DESCRIPTION, jsonLd: [organization(site)] }),
  about: (site) => ({
    name: "About",
    description:
      "MAYBE is a platform built to amplify unconventional trailblazers: the independent artists, writers, musicians and makers who do things their own way.",
    jsonLd: [organization(site)],
  }),
  contact: (site) => ({ name: "Contact", description: `Get involved or share a story with MAYBE: write to ${site.contactEmail}.`, jsonLd: [organization(site)] }),
  stories: () => ({
    name: "Stories",
    description: "The people, places and late nights behind the work: stories from independent creators across the country.",
  }),
  creators: () => ({ name: "Creators", description: "The MAYBE creators directory: independent artists, writers, musicians and makers, by discipline and city." }),
  store: () => ({ name: "Store", description: "Clothing and art from independent creators, and the stories behind them. Subscribe for free to shop MAYBE." }),
};

export function staticHead(page: PageId, site: SiteFacts): PageHead | undefined {
  if (!Object.hasOwn(STATIC_HEADS, page)) return undefined;
  const { name, description, jsonLd = [] } = STATIC_HEADS[page as StaticHeadPage](site);
  return { name, description, canonical: PAGES[page].path, type: "website", image: { path: siteOgImagePath(), alt: SITE_NAME }, jsonLd };
}

export function notFoundHead(path: string): PageHead {
  return { name: "Page not found", description: "There is nothing at this address.", canonical: path, type: "website", jsonLd: [], noindex: true };
}

const absolute = (site: SiteFacts, pathOrUrl: string) => (/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${site.origin}${pathOrUrl}`);

/** A comment as schema.org reads it (what the page shows of it: a placeholder has no text). */
function commentLd(comment: CommentReply, storyUrl: string): Record<string, unknown> {
  return {
    "@type": "Comment",
    "@id": `${storyUrl}#comment-${comment.id}`,
    url: `${storyUrl}#comment-${comment.id}`,
    text: comment.body,
    dateCreated: comment.created_at,
    author: { "@type": "Person", name: comment.author.name },
    upvoteCount: comment.like_count,
  };
}

/**
 * A story's head; `comments` is the first page the page shows (docs/decisions/0032), given to
 * search engines as the Article's `comment`s with the story's `commentCount`.
 */
export function storyHead(story: StoryDetail, path: string, image: OgImage, site: SiteFacts, comments?: CommentList): PageHead {
  const description = clip(story.description || story.body);
  const url = absolute(site, path);
  const shown = (comments?.items ?? []).flatMap((c) => [c, ...c.replies]).filter((c) => c.state === "visible");
  const picture = story.cover?.src ?? story.image_url;
  return {
    name: story.title,
    description,
    canonical: path,
    type: "article",
    image,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: story.title,
        description,
        url: absolute(site, path),
        mainEntityOfPage: absolute(site, path),
        ...(picture ? { image: absolute(site, picture) } : {}),
        // The story's own date (what its page shows); the first publication only when it has none.
        ...(story.date ? { datePublished: story.date } : story.published_at ? { datePublished: story.published_at } : {}),
        ...(story.creator ? { author: { "@type": "Person", name: story.creator.artist_name, url: absolute(site, `/creators/${encodeURIComponent(story.creator.id)}`) } } : {}),
        publisher: { "@type": "Organization", name: SITE_NAME, url: `${site.origin}/` },
        ...(story.city ? { contentLocation: { "@type": "Place", name: story.city } } : {}),
        ...(comments ? { commentCount: comments.count } : {}),
        ...(shown.length > 0 ? { comment: shown.map((c) => commentLd(c, url)) } : {}),
      },
    ],
  };
}

export function creatorHead(page: CreatorProfilePage, path: string, image: OgImage, site: SiteFacts): PageHead {
  const { creator } = page;
  const name = creator.artist_name.trim() || `${creator.first_name} ${creator.last_name}`.trim() || "Unknown Creator";
  const where = [creator.city, creator.state].filter(Boolean).join(", ");
  const description = clip(creator.bio || `${name}${where ? `, ${where}` : ""}: a creator on MAYBE.`);
  const picture = creator.avatar?.src ?? creator.profile_image_url;
  const sameAs = [creator.website, creator.instagram && `https://instagram.com/${creator.instagram}`].filter((link): link is string => !!link);
  return {
    name,
    description,
    canonical: path,
    type: "profile",
    image,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Person",
        name,
        description,
        url: absolute(site, path),
        ...(picture ? { image: absolute(site, picture) } : {}),
        ...(where ? { address: { "@type": "PostalAddress", addressLocality: creator.city, addressRegion: creator.state } } : {}),
        ...(creator.disciplines.length ? { knowsAbout: creator.disciplines.map((d) => d.replace(/_/g, " ")) } : {}),
        ...(sameAs.length ? { sameAs } : {}),
      },
    ],
  };
}

export function productHead(product: Product, path: string, image: OgImage, site: SiteFacts): PageHead {
  const price = (product.price_cents / 100).toFixed(2);
  const description = clip(product.description ? `${product.description} ${product.price}.` : `${product.title}, ${product.price}.`);
  // A drop not yet open cannot be ordered: out of stock until `availabilityStarts`.
  const dropAhead = dropIsAhead(product.drops_at, serverClock.now().getTime());
  const availability =
    product.stock <= 0 || dropAhead
      ? "https://schema.org/OutOfStock"
      : product.limited_edition
        ? "https://schema.org/LimitedAvailability"
        : "https://schema.org/InStock";
  const brand = product.creator ? { "@type": "Brand", name: product.creator.artist_name } : { "@type": "Brand", name: SITE_NAME };
  // Every uploaded picture, the cover first (Google reads several); else the one it came with.
  const pictures = product.images.length > 0 ? product.images.map((image) => image.src) : product.image_url ? [product.image_url] : [];
  const picture = pictures.length === 0 ? {} : { image: pictures.length === 1 ? absolute(site, pictures[0]!) : pictures.map((src) => absolute(site, src)) };
  const offer = (stock: number, url: string) => ({
    "@type": "Offer",
    price,
    priceCurrency: "USD",
    availability: stock <= 0 || dropAhead ? "https://schema.org/OutOfStock" : availability,
    ...(dropAhead ? { availabilityStarts: product.drops_at } : {}),
    url,
  });
  const sized = product.variants.filter((v) => v.size !== null);
  // Sold in sizes: a ProductGroup whose variants each have their size and their own availability
  // (schema.org and Google's product variants), each at the link that preselects it.
  const jsonLd =
    sized.length > 0
      ? {
          "@context": "https://schema.org",
          "@type": "ProductGroup",
          name: product.title,
          description: clip(product.description || product.title),
          productGroupID: product.id,
          variesBy: ["https://schema.org/size"],
          category: product.category,
          url: absolute(site, path),
          ...picture,
          brand,
          hasVariant: sized.map((v) => {
            const url = absolute(site, `${path}&size=${v.size}`);
            return { "@type": "Product", name: `${product.title} (${v.size})`, sku: v.id, size: v.size, ...picture, offers: offer(v.stock, url) };
          }),
        }
      : {
          "@context": "https://schema.org",
          "@type": "Product",
          name: product.title,
          description: clip(product.description || product.title),
          sku: product.id,
          category: product.category,
          url: absolute(site, path),
          ...picture,
          brand,
          offers: offer(product.stock, absolute(site, path)),
        };
  return { name: product.title, description, canonical: path, type: "product", image, jsonLd: [jsonLd] };
}

/** JSON inside a <script> element: `<` escaped, so no text can close the element early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

export function pageTitle(name: string | undefined): string {
  return name ? `${name} · ${SITE_NAME}` : SITE_NAME;
}

/** The tags for the page's <head>, replacing the template's title and description. */
export function headTags(head: PageHead, site: SiteFacts): string {
  const title = escapeHtml(pageTitle(head.name));
  const description = escapeHtml(head.description);
  const url = escapeHtml(absolute(site, head.canonical));
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${url}" />`,
    head.noindex ? `<meta name="robots" content="noindex" />` : "",
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:title" content="${escapeHtml(head.name ?? SITE_NAME)}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta name="twitter:card" content="${head.image ? "summary_large_image" : "summary"}" />`,
    `<meta name="twitter:title" content="${escapeHtml(head.name ?? SITE_NAME)}" />`,
    `<meta name="twitter:description" content="${description}" />`,
  ];
  if (head.image) {
    const image = escapeHtml(absolute(site, head.image.path));
    const alt = escapeHtml(head.image.alt);
    tags.push(
      `<meta property="og:image" content="${image}" />`,
      `<meta property="og:image:type" content="image/png" />`,
      `<meta property="og:image:width" content="1200" />`,
      `<meta property="og:image:height" content="630" />`,
      `<meta property="og:image:alt" content="${alt}" />`,
      `<meta name="twitter:image" content="${image}" />`,
      `<meta name="twitter:image:alt" content="${alt}" />`,
    );
  }
  for (const data of head.jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  return tags.filter(Boolean).join("\n    ");
}
