import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, type HydrationState, type RouteObject } from "react-router";
import { PAGES, type PageId } from "../../common/pages";
import { paths } from "../config/paths";
import { NotFound } from "./shell/not-found";
import { AppFallback, RootLayout } from "./shell/root-layout";
import { RouteError } from "./shell/route-error";

/** A route module loaded on demand, so each screen is its own chunk. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject["lazy"] {
  return async () => ({ Component: pick(await load()) });
}

/**
 * /signin is not a screen (DECISIONS.md 4): it renders a replace-redirect to /login. A component,
 * not a loader: a route without one makes React Router warn about an empty leaf on first load.
 */
function SignInRedirect() {
  return <Navigate to={paths.login} replace />;
}

/** The login route's module also holds the pages the account e-mails link to (forgot, reset, verify). */
const loadLogin = () => import("./routes/login");

/** Orders and Settings, the account's signed-in pages. */
const loadAccount = () => import("./routes/account");

/** Route paths relative to the root ("/home" → "home"). */
const rel = (path: string) => path.replace(/^\//, "");

/** Each page's screen (the page table, common/pages.ts, has its path): a page without one does not compile. */
const SCREENS: Record<PageId, Pick<RouteObject, "lazy" | "Component">> = {
  landing: { lazy: page(() => import("./routes/landing"), (m) => m.LandingRoute) },
  home: { lazy: page(() => import("./routes/home"), (m) => m.HomeRoute) },
  about: { lazy: page(() => import("./routes/about"), (m) => m.AboutRoute) },
  stories: { lazy: page(() => import("./routes/stories"), (m) => m.StoriesRoute) },
  story: { lazy: page(() => import("./routes/story"), (m) => m.StoryRoute) },
  contact: { lazy: page(() => import("./routes/contact"), (m) => m.ContactRoute) },
  store: { lazy: page(() => import("./routes/store"), (m) => m.StoreRoute) },
  creators: { lazy: page(() => import("./routes/creators"), (m) => m.CreatorsRoute) },
  creator: { lazy: page(() => import("./routes/creator"), (m) => m.CreatorRoute) },
  favorites: { lazy: page(() => import("./routes/favorites"), (m) => m.FavoritesRoute) },
  subscribe: { lazy: page(() => import("./routes/subscribe"), (m) => m.SubscribeRoute) },
  login: { lazy: page(loadLogin, (m) => m.LoginRoute) },
  join: { lazy: page(() => import("./routes/join"), (m) => m.JoinRoute) },
  // The account's own screens (docs/decisions/0020).
  settings: { lazy: page(loadAccount, (m) => m.SettingsRoute) },
  forgotPassword: { lazy: page(loadLogin, (m) => m.ForgotPasswordRoute) },
  resetPassword: { lazy: page(loadLogin, (m) => m.ResetPasswordRoute) },
  verifyEmail: { lazy: page(loadLogin, (m) => m.VerifyEmailRoute) },
  unsubscribe: { lazy: page(() => import("./routes/unsubscribe"), (m) => m.UnsubscribeRoute) },
  newsletterConfirm: { lazy: page(() => import("./routes/newsletter-confirm"), (m) => m.NewsletterConfirmRoute) },
  orders: { lazy: page(loadAccount, (m) => m.OrdersRoute) },
  order: { lazy: page(loadAccount, (m) => m.OrderRoute) },
  invoice: { lazy: page(loadAccount, (m) => m.InvoiceRoute) },
  // The creator studio (docs/decisions/0018): the editor, with the Markdown preview, is a chunk of its own.
  studio: { lazy: page(() => import("./routes/studio"), (m) => m.StudioRoute) },
  studioProfile: { lazy: page(() => import("./routes/studio-profile"), (m) => m.StudioProfileRoute) },
  studioStory: { lazy: page(() => import("./routes/studio-editor"), (m) => m.StudioEditorRoute) },
  // The studio's shop (issue 31): the list, the product form and the sales, one chunk.
  studioShop: { lazy: page(() => import("./routes/studio-shop"), (m) => m.StudioShopRoute) },
  studioProduct: { lazy: page(() => import("./routes/studio-shop"), (m) => m.StudioProductRoute) },
  studioSales: { lazy: page(() => import("./routes/studio-shop"), (m) => m.StudioSalesRoute) },
  // The studio's tracks for the radio (issue 34): the upload form and the list, one chunk.
  studioTracks: { lazy: page(() => import("./routes/studio-tracks"), (m) => m.StudioTracksRoute) },
  // The studio's stats (issue 35): the page and its tables; the chart is a chunk of its own.
  studioStats: { lazy: page(() => import("./routes/studio-stats"), (m) => m.StudioStatsRoute) },
  // The back office is one chunk with its own routes (routes/admin.tsx, under /admin/*): one line
  // here keeps the entry, which every visitor loads, from growing with it.
  admin: { lazy: page(() => import("./routes/admin"), (m) => m.AdminRoute) },
  // DECISIONS.md 4: the Join as Artist footer link points here.
  signin: { Component: SignInRedirect },
};

/** A page's route: the landing page is the root's index; the back office matches everything below it. */
function route(id: PageId): RouteObject {
  const { path, render } = PAGES[id];
  if (path === "/") return { index: true, ...SCREENS[id] };
  return { path: render === "staff" ? `${rel(path)}/*` : rel(path), ...SCREENS[id] };
}

export const routes: RouteObject[] = [
  {
    path: paths.landing,
    Component: RootLayout,
    HydrateFallback: AppFallback,
    children: [
      {
        // A pathless layer so a failing screen shows its error inside the header and footer.
        ErrorBoundary: RouteError,
        children: [
          ...(Object.keys(PAGES) as PageId[]).map(route),
          { path: "*", Component: NotFound },
        ],
      },
    ],
  },
];

/** `hydrationData`: the router state of a server-rendered page (entry-server.tsx), so the first render matches its HTML. */
export function createRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routes, { hydrationData });
}
