import { PAGES } from "../../common/pages";

/** Every page's path by name, from the page table (common/pages.ts), for links and navigation. */
export const paths = {
  landing: PAGES.landing.path,
  home: PAGES.home.path,
  about: PAGES.about.path,
  stories: PAGES.stories.path,
  contact: PAGES.contact.path,
  store: PAGES.store.path,
  creators: PAGES.creators.path,
  favorites: PAGES.favorites.path,
  subscribe: PAGES.subscribe.path,
  login: PAGES.login.path,
  join: PAGES.join.path,
  orders: PAGES.orders.path,
  settings: PAGES.settings.path,
  forgotPassword: PAGES.forgotPassword.path,
  resetPassword: PAGES.resetPassword.path,
  verifyEmail: PAGES.verifyEmail.path,
  unsubscribe: PAGES.unsubscribe.path,
  newsletterConfirm: PAGES.newsletterConfirm.path,
  signin: PAGES.signin.path,
  studio: PAGES.studio.path,
  studioProfile: PAGES.studioProfile.path,
  studioShop: PAGES.studioShop.path,
  studioSales: PAGES.studioSales.path,
  studioTracks: PAGES.studioTracks.path,
  /** The back office; its sections' paths are in admin-paths.ts, loaded with the back office only. */
  admin: PAGES.admin.path,
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** One order's page, /orders/:orderId (docs/decisions/0009). */
export const orderRoute = PAGES.order.path;
export function orderPath(orderId: string): string {
  return `${paths.orders}/${encodeURIComponent(orderId)}`;
}

/** An order's printable invoice, /orders/:orderId/invoice (docs/decisions/0009). */
export const invoiceRoute = PAGES.invoice.path;
export function invoicePath(orderId: string): string {
  return `${orderPath(orderId)}/invoice`;
}

/** A published story's page, /stories/:storyId (stories with `has_page`). */
export const storyRoute = PAGES.story.path;
export function storyPath(storyId: string): string {
  return `${paths.stories}/${encodeURIComponent(storyId)}`;
}

/** A creator's public page, /creators/:creatorId. */
export const creatorRoute = PAGES.creator.path;
export function creatorPath(creatorId: string): string {
  return `${paths.creators}/${encodeURIComponent(creatorId)}`;
}

/**
 * The studio's story editor, /studio/stories/:storyId; `new` (NEW_STORY) is a story not saved
 * yet. One route for both, so the editor stays mounted when a new story's first save gives it an id.
 */
export const NEW_STORY = "new";
export const studioStoryRoute = PAGES.studioStory.path;
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
