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
  /** Not a screen: redirects to login (DECISIONS.md 4). */
  signin: "/signin",
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** One order's page, /orders/:orderId: the one route with a parameter (docs/decisions/0009). */
export const orderRoute = `${paths.orders}/:orderId`;
export function orderPath(orderId: string): string {
  return `${paths.orders}/${encodeURIComponent(orderId)}`;
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
