/** Every route path of the site, in one place (ARCHITECTURE.md §3). */
export const paths = {
  landing: "/",
  home: "/home",
  about: "/about",
  stories: "/stories",
  contact: "/contact",
  store: "/store",
  creators: "/creators",
  /** The Favorites screen, at the spec's path (DECISIONS.md 5). */
  favorites: "/likes",
  subscribe: "/subscribe",
  login: "/login",
  join: "/join",
  /** The buyer's orders; each opens at orderPath(id) (docs/decisions/0009). */
  orders: "/orders",
  /** The signed-in user's account: profile, e-mail, password, devices, deletion (decision 0020). */
  settings: "/settings",
  /** Asks for a password reset link; the e-mailed link opens resetPassword (decision 0020). */
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  /** Where the e-mailed confirmation link of an address lands. */
  verifyEmail: "/verify-email",
  /** Not a screen: redirects to login (DECISIONS.md 4). */
  signin: "/signin",
  /** The creator studio: the creator's stories (docs/decisions/0018). */
  studio: "/studio",
  /** The studio's profile form. */
  studioProfile: "/studio/profile",
  /**
   * The back office, for curators and admins (docs/decisions/0019); everyone else sees the 404
   * page. Its sections' paths are in admin-paths.ts, loaded with the back office only.
   */
  admin: "/admin",
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** One order's page, /orders/:orderId (docs/decisions/0009). */
export const orderRoute = `${paths.orders}/:orderId`;
export function orderPath(orderId: string): string {
  return `${paths.orders}/${encodeURIComponent(orderId)}`;
}

/** An order's printable invoice, /orders/:orderId/invoice (docs/decisions/0009). */
export const invoiceRoute = `${orderRoute}/invoice`;
export function invoicePath(orderId: string): string {
  return `${orderPath(orderId)}/invoice`;
}

/** A published story's page, /stories/:storyId (stories with `has_page`). */
export const storyRoute = `${paths.stories}/:storyId`;
export function storyPath(storyId: string): string {
  return `${paths.stories}/${encodeURIComponent(storyId)}`;
}

/** A creator's public page, /creators/:creatorId. */
export const creatorRoute = `${paths.creators}/:creatorId`;
export function creatorPath(creatorId: string): string {
  return `${paths.creators}/${encodeURIComponent(creatorId)}`;
}

/**
 * The studio's story editor, /studio/stories/:storyId; `new` (NEW_STORY) is a story not saved
 * yet. One route for both, so the editor stays mounted when a new story's first save gives it an id.
 */
export const NEW_STORY = "new";
export const studioStoryRoute = `${paths.studio}/stories/:storyId`;
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
