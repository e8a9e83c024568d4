import { PAGES, type PageId } from "../../common/pages";

/**
 * The named pages' paths from the page table. Every visitor's first download carries this, and a
 * list of names is shorter there than writing `name: PAGES.name.path` out for each.
 */
function pathsOf<K extends PageId>(...ids: K[]) {
  return Object.fromEntries(ids.map((id) => [id, PAGES[id].path])) as { readonly [P in K]: (typeof PAGES)[P]["path"] };
}

/**
 * Every page's path by name, from the page table (common/pages.ts), for links and navigation. The
 * back office's sections' paths are in admin-paths.ts, loaded with the back office only.
 */
export const paths = pathsOf(
  "landing",
  "home",
  "about",
  "stories",
  "contact",
  "store",
  "creators",
  "favorites",
  "subscribe",
  "login",
  "join",
  "orders",
  "settings",
  "forgotPassword",
  "resetPassword",
  "verifyEmail",
  "unsubscribe",
  "newsletterConfirm",
  "signin",
  "studio",
  "studioProfile",
  "studioShop",
  "studioSales",
  "studioTracks",
  "studioStats",
  "admin",
);

export type AppPath = (typeof paths)[keyof typeof paths];

/** One order's page, /orders/:orderId (docs/decisions/0009). */
export function orderPath(orderId: string): string {
  return `${paths.orders}/${encodeURIComponent(orderId)}`;
}

/** An order's printable invoice, /orders/:orderId/invoice (docs/decisions/0009). */
export function invoicePath(orderId: string): string {
  return `${orderPath(orderId)}/invoice`;
}

/** A published story's page, /stories/:storyId (stories with `has_page`). */
export function storyPath(storyId: string): string {
  return `${paths.stories}/${encodeURIComponent(storyId)}`;
}

/** A creator's public page, /creators/:creatorId. */
export function creatorPath(creatorId: string): string {
  return `${paths.creators}/${encodeURIComponent(creatorId)}`;
}

/**
 * The studio's story editor, /studio/stories/:storyId; `new` (NEW_STORY) is a story not saved
 * yet. One route for both, so the editor stays mounted when a new story's first save gives it an id.
 */
export const NEW_STORY = "new";
export function studioStoryPath(storyId: string): string {
  return `${paths.studio}/stories/${encodeURIComponent(storyId)}`;
}

/** The signed-in main navigation, in order. */
export const mainNav = [
  { label: "Home", to: paths.home },
  { label: "Stories", to: paths.stories },
  { label: "Creators", to: paths.creators },
  { label: "Store", to: paths.store },
] as const;

/** Screens that show no footer (spec §2 Shell). */
export const pathsWithoutFooter: ReadonlySet<string> = new Set([
  paths.landing,
  paths.login,
  paths.subscribe,
  paths.join,
]);

/** The studio's product form, /studio/shop/:productId; `new` (NEW_PRODUCT) is a product not saved yet. */
export const NEW_PRODUCT = "new";
export function studioProductPath(productId: string): string {
  return `${paths.studioShop}/${encodeURIComponent(productId)}`;
}
