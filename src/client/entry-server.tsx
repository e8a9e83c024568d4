/**
 * The server-side renderer of the public pages (docs/decisions/0022), built by Vite into
 * dist/ssr and loaded by the server (src/server/pages/). It renders the same route tree the
 * browser hydrates, with the public data the page shows already in its query cache:
 *
 * 1. React Router's static handler matches the URL and loads the matched route modules.
 * 2. The tree is rendered; every public query it asked for (stories, products, creators, the
 *    site's configuration) is fetched through the server's own app, and the tree is rendered
 *    again, until a render asks for nothing new (two passes for every page today).
 * 3. The answer: the HTML, the status (404 when the tree chose the not-found page), and the state
 *    the browser starts from (main.tsx): the query cache and the router's hydration data.
 *
 * No session is ever part of a render: a visitor's page is rendered signed out, a member's page
 * with the session unknown (the browser finds out, as before server rendering), so every rendered
 * page is the same for everyone who gets it and may be cached (src/server/pages/pages.ts, in the response cache).
 */
import "./zod-jitless";
import { dehydrate, type DehydratedState, type Query, type QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type HydrationState } from "react-router";
import { AppProviders } from "./app/providers";
import { routes } from "./app/router";
import { RenderStatusContext, type RenderStatus } from "./app/shell/render-status";
import { meQueryKey } from "./features/auth/api/get-me";
import { isApiError, setApiTransport, type ApiTransport } from "./lib/api";
import { SERVER_RENDERED_DATA } from "../common/pages";
import { createQueryClient } from "./lib/query-client";
import { encodeQueryError } from "./lib/ssr-state";

/** Who the page is rendered for: a visitor without a session cookie, or a member whose session the browser resolves. */
export type RenderAudience = "visitor" | "member";

export interface RenderedPage {
  status: number;
  html: string;
  /** What the browser hydrates from (main.tsx reads it from the page's JSON script). */
  state: SsrState;
}

export interface SsrState {
  queries: DehydratedState;
  router: HydrationState;
}

/** The reads a page may be rendered with: public data only, the same for every visitor (the page table's). */
const PUBLIC_QUERY_ROOTS: ReadonlySet<unknown> = new Set(SERVER_RENDERED_DATA);
/** More passes than any page needs: a render that keeps asking for new data stops here. */
const MAX_PASSES = 4;

/** A public read the render asked for and has not got; a disabled one (a product modal with no product) is left alone, as the browser would. */
function wanted(query: Query): boolean {
  return (
    query.state.status === "pending" &&
    query.state.fetchStatus === "idle" &&
    PUBLIC_QUERY_ROOTS.has(query.queryKey[0]) &&
    isEnabled(query)
  );
}

function isEnabled(query: Query): boolean {
  // The options a hook built the query with (useQuery's `enabled` is not part of the core type).
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return (typeof enabled === "function" ? enabled(query) : enabled) !== false;
}

const handler = createStaticHandler(routes);

/**
 * `transport` answers the public reads (the server's own app); set once, since no read carries
 * anything of the request it renders.
 */
export function createRenderer(transport: ApiTransport) {
  setApiTransport(transport);
  return { render };
}

async function render(url: string, audience: RenderAudience): Promise<RenderedPage | { redirect: string; status: number }> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    return { redirect: context.headers.get("Location") ?? "/", status: context.status };
  }

  const queryClient = createQueryClient();
  // Nothing is retried on the server, and a read that failed (a story that does not exist) stays
  // failed for the next pass, which then shows what the browser will: the not-found page.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false, retryOnMount: false } });
  // A visitor without a session cookie is signed out: the page shows as it will stay.
  if (audience === "visitor") queryClient.setQueryData(meQueryKey, null);

  const router = createStaticRouter(handler.dataRoutes, context);
  let status: RenderStatus = { status: context.statusCode };
  let html = "";
  for (let pass = 1; pass <= MAX_PASSES; pass++) {
    status = { status: context.statusCode };
    html = await renderTree(queryClient, status, router, context);
    const missing = queryClient.getQueryCache().getAll().filter(wanted);
    // A part of the page left to be streamed in needs an inline script, which the CSP refuses (the
    // browser keeps the fallback and React reports error 419): render again rather than send it.
    if (missing.length === 0 && !leftStreaming(html)) break;
    // An error is kept in the query (a 404 story shows the not-found page); nothing is retried.
    await Promise.all(missing.map((query) => query.fetch({ ...query.options, retry: false }).catch(() => undefined)));
  }
  // Never sent: a page that needs an inline script to finish is a broken page under the CSP.
  if (leftStreaming(html)) throw new Error(`the render of ${new URL(url).pathname} still streams a Suspense boundary after ${MAX_PASSES} passes`);

  const queries = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === "success" || (query.state.status === "error" && isApiError(query.state.error)),
  });
  for (const query of queries.queries) {
    if (query.state.error) query.state.error = encodeQueryError(query.state.error) as never;
  }
  return {
    status: status.status,
    html,
    state: {
      queries,
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
    },
  };
}

/**
 * Whether React left part of the page to be streamed in: a boundary still pending (`<!--$?-->` and
 * its `<template>`) and the inline `<script>` that would reveal it. The tree itself renders no
 * script or template element (text is escaped, a Markdown body's raw HTML is text), so any is React's.
 */
export function leftStreaming(html: string): boolean {
  return /<!--\$\?-->|<template[\s>]|<script[\s>]/.test(html);
}

async function renderTree(
  queryClient: QueryClient,
  status: RenderStatus,
  router: ReturnType<typeof createStaticRouter>,
  context: Parameters<typeof StaticRouterProvider>[0]["context"],
): Promise<string> {
  // prerender waits for everything, lazy components included, so the HTML is the whole page.
  // React still moves a finished Suspense boundary out of place (a template, then an inline script
  // that swaps it in) once the page before it passes `progressiveChunkSize` bytes, 12,800 by
  // default: a directory of cards with avatars did. Nothing here is streamed, so nothing is moved.
  const { prelude } = await prerender(
    <StrictMode>
      <RenderStatusContext value={status}>
        <AppProviders client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </RenderStatusContext>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
