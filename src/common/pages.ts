/**
 * Every page of the site, in one table (docs/decisions/0022, 0024). The client's router builds its
 * routes from it (a page without a screen does not compile), the server decides from it what it
 * renders and for whom (src/server/pages/pages.ts), the head reads each page's kind of head
 * (head.ts), and the sitemap lists the pages it marks. A new public page is one row here, its
 * screen in the router, and, for a static head, its title and description in head.ts.
 */

/**
 * Who gets the page and how:
 * - `server`: public, rendered on the server for a visitor or a member and hydrated (0022);
 * - `client`: the signed-in user's own screens and the forms, rendered in the browser only;
 * - `staff`: the back office, client-rendered for the staff it opens for, a 404 for anyone else (0019);
 * - `redirect`: not a screen (DECISIONS.md 4: /signin goes to /login).
 */
export type PageRender = "server" | "client" | "staff" | "redirect";

/**
 * The head a server-rendered page gets: `static` (its own title and description in head.ts), or
 * the item its path names (`story`, `creator`), or the store's (a shared `?productId=` names the product).
 */
export type PageHeadKind = "static" | "story" | "creator" | "store";

export interface PageEntry {
  /** A React Router pattern: `:name` is one path segment. */
  readonly path: string;
  readonly render: PageRender;
  /** Server-rendered pages only. */
  readonly head?: PageHeadKind;
  /** Listed in /sitemap.xml (the items' pages are listed by the sitemap's own query). */
  readonly sitemap?: true;
  /** Every path below this one is the same kind of page (the router shows its own 404 there). */
  readonly below?: true;
}

export const PAGES = {
  landing: { path: "/", render: "server", head: "static", sitemap: true },
  about: { path: "/about", render: "server", head: "static", sitemap: true },
  contact: { path: "/contact", render: "server", head: "static", sitemap: true },
  stories: { path: "/stories", render: "server", head: "static", sitemap: true },
  /** A published story's page (stories with `has_page`). */
  story: { path: "/stories/:storyId", render: "server", head: "story" },
  creators: { path: "/creators", render: "server", head: "static", sitemap: true },
  /** A creator's public page. */
  creator: { path: "/creators/:creatorId", render: "server", head: "creator" },
  store: { path: "/store", render: "server", head: "store", sitemap: true },
  home: { path: "/home", render: "client" },
  /** The Favorites screen, at the spec's path (DECISIONS.md 5). */
  favorites: { path: "/likes", render: "client" },
  subscribe: { path: "/subscribe", render: "client" },
  login: { path: "/login", render: "client" },
  join: { path: "/join", render: "client" },
  /** The signed-in user's account: profile, e-mail, password, devices, deletion (decision 0020). */
  settings: { path: "/settings", render: "client" },
  /** Asks for a password reset link; the e-mailed link opens resetPassword (decision 0020). */
  forgotPassword: { path: "/forgot-password", render: "client" },
  resetPassword: { path: "/reset-password", render: "client" },
  /** Where the e-mailed confirmation link of an address lands. */
  verifyEmail: { path: "/verify-email", render: "client" },
  /** Where an e-mail's unsubscribe link lands (docs/decisions/0030). */
  unsubscribe: { path: "/unsubscribe", render: "client" },
  /** Where the newsletter's confirmation link lands (double opt-in, docs/decisions/0031). */
  newsletterConfirm: { path: "/newsletter/confirm", render: "client" },
  /** The buyer's orders (docs/decisions/0009). */
  orders: { path: "/orders", render: "client", below: true },
  order: { path: "/orders/:orderId", render: "client" },
  /** An order's printable invoice. */
  invoice: { path: "/orders/:orderId/invoice", render: "client" },
  /** The creator studio: the creator's stories (docs/decisions/0018). */
  studio: { path: "/studio", render: "client", below: true },
  /** The studio's profile form. */
  studioProfile: { path: "/studio/profile", render: "client" },
  /** The studio's story editor; `new` is a story not saved yet. */
  studioStory: { path: "/studio/stories/:storyId", render: "client" },
  /** The studio's shop: the creator's products (issue 31). */
  studioShop: { path: "/studio/shop", render: "client" },
  /** The studio's product form; `new` is a product not saved yet. */
  studioProduct: { path: "/studio/shop/:productId", render: "client" },
  /** The studio's sales view (docs/decisions/0027). */
  studioSales: { path: "/studio/sales", render: "client" },
  /** The studio's tracks for the radio: upload, review status, plays (issue 34, docs/decisions/0033). */
  studioTracks: { path: "/studio/tracks", render: "client" },
  /** The studio's stats: what was counted for the creator's stories, products, tracks and page (issue 35). */
  studioStats: { path: "/studio/stats", render: "client" },
  /** The back office, for curators and admins (docs/decisions/0019); its sections are its own routes. */
  admin: { path: "/admin", render: "staff", below: true },
  /** Not a screen: redirects to login (DECISIONS.md 4). */
  signin: { path: "/signin", render: "redirect" },
} as const satisfies Record<string, PageEntry>;

export type PageId = keyof typeof PAGES;

/**
 * The public reads (query-key roots) a server-rendered page may be rendered with: the same for
 * every visitor, fetched through the server's own app. A server page that shows another kind of
 * data must add its root here, or the server renders it without that data (entry-server.tsx).
 */
export const SERVER_RENDERED_DATA = ["products", "stories", "creators", "config"] as const;

/** Whether `path` (lower-cased, no trailing slash) is `pattern` or, for a page with `below`, under it. */
function matches(page: PageEntry, path: string): boolean {
  const want = page.path.split("/");
  const got = path.split("/");
  if (page.below && got.length > want.length && want.every((part, i) => part === got[i])) return true;
  return want.length === got.length && want.every((part, i) => part.startsWith(":") ? got[i] !== "" : part === got[i]);
}

/** The page a path (lower-cased, no trailing slash) is, if any: the most specific row that matches. */
export function pageAt(path: string): { id: PageId; page: PageEntry } | undefined {
  let found: { id: PageId; page: PageEntry } | undefined;
  for (const [id, page] of Object.entries(PAGES) as [PageId, PageEntry][]) {
    if (!matches(page, path)) continue;
    // An exact row beats a `below` one (/studio/profile is the profile form, not "under /studio").
    if (!found || found.page.below) found = { id, page };
  }
  return found;
}
