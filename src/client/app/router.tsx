import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, type HydrationState, type RouteObject } from "react-router";
import { creatorRoute, invoiceRoute, orderRoute, paths, storyRoute, studioStoryRoute } from "../config/paths";
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
          { index: true, lazy: page(() => import("./routes/landing"), (m) => m.LandingRoute) },
          { path: rel(paths.home), lazy: page(() => import("./routes/home"), (m) => m.HomeRoute) },
          { path: rel(paths.about), lazy: page(() => import("./routes/about"), (m) => m.AboutRoute) },
          { path: rel(paths.stories), lazy: page(() => import("./routes/stories"), (m) => m.StoriesRoute) },
          { path: rel(storyRoute), lazy: page(() => import("./routes/story"), (m) => m.StoryRoute) },
          { path: rel(paths.contact), lazy: page(() => import("./routes/contact"), (m) => m.ContactRoute) },
          { path: rel(paths.store), lazy: page(() => import("./routes/store"), (m) => m.StoreRoute) },
          { path: rel(paths.creators), lazy: page(() => import("./routes/creators"), (m) => m.CreatorsRoute) },
          { path: rel(creatorRoute), lazy: page(() => import("./routes/creator"), (m) => m.CreatorRoute) },
          { path: rel(paths.favorites), lazy: page(() => import("./routes/favorites"), (m) => m.FavoritesRoute) },
          { path: rel(paths.subscribe), lazy: page(() => import("./routes/subscribe"), (m) => m.SubscribeRoute) },
          { path: rel(paths.login), lazy: page(loadLogin, (m) => m.LoginRoute) },
          { path: rel(paths.join), lazy: page(() => import("./routes/join"), (m) => m.JoinRoute) },
          // The account's own screens (docs/decisions/0020).
          { path: rel(paths.settings), lazy: page(loadAccount, (m) => m.SettingsRoute) },
          { path: rel(paths.forgotPassword), lazy: page(loadLogin, (m) => m.ForgotPasswordRoute) },
          { path: rel(paths.resetPassword), lazy: page(loadLogin, (m) => m.ResetPasswordRoute) },
          { path: rel(paths.verifyEmail), lazy: page(loadLogin, (m) => m.VerifyEmailRoute) },
          { path: rel(paths.orders), lazy: page(loadAccount, (m) => m.OrdersRoute) },
          { path: rel(orderRoute), lazy: page(loadAccount, (m) => m.OrderRoute) },
          { path: rel(invoiceRoute), lazy: page(loadAccount, (m) => m.InvoiceRoute) },
          // The creator studio (docs/decisions/0018): the editor, with the Markdown preview, is a chunk of its own.
          { path: rel(paths.studio), lazy: page(() => import("./routes/studio"), (m) => m.StudioRoute) },
          { path: rel(paths.studioProfile), lazy: page(() => import("./routes/studio-profile"), (m) => m.StudioProfileRoute) },
          { path: rel(studioStoryRoute), lazy: page(() => import("./routes/studio-editor"), (m) => m.StudioEditorRoute) },
          // The back office is one chunk with its own routes (routes/admin.tsx): one line here
          // keeps the entry, which every visitor loads, from growing with it.
          { path: `${rel(paths.admin)}/*`, lazy: page(() => import("./routes/admin"), (m) => m.AdminRoute) },
          // DECISIONS.md 4: the Join as Artist footer link points here.
          { path: rel(paths.signin), Component: SignInRedirect },
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
