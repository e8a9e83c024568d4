/**
 * The app. The page's script is boot.ts, which imports this module at once, or on a
 * server-rendered page once its content has been painted (src/build/deferred-app.ts).
 */
// First: configures zod before any module builds a schema (see the module).
import "./zod-jitless";
import "./lib/run-react-dom";
import { hydrate, type QueryClient } from "@tanstack/react-query";
import { startTransition, StrictMode, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { matchRoutes } from "react-router";
import { RouterProvider } from "react-router/dom";
import { AppProviders } from "./app/providers";
import { createRouter, routes } from "./app/router";
import { RenderStatusContext } from "./app/shell/render-status";
import { createQueryClient } from "./lib/query-client";
import { decodeQueryError, SSR_STATE_ID } from "./lib/ssr-state";
import type { SsrState } from "./entry-server";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

/** The same tree the server rendered (entry-server.tsx), so hydration finds the same elements. */
function App({ client, router }: { client: QueryClient; router: ReturnType<typeof createRouter> }) {
  return (
    <StrictMode>
      <RenderStatusContext value={null}>
        <AppProviders client={client}>
          <RouterProvider router={router} />
        </AppProviders>
      </RenderStatusContext>
    </StrictMode>
  );
}

/**
 * React recovers from a server page it could not hydrate as it was (a mismatch, a boundary the
 * server left unfinished, error 419) by rendering that part again in the browser: the visitor
 * sees it work, so the default only reports it quietly. It is a bug all the same: logged as an
 * error, which the browser tests fail on.
 */
function reportRecoverable(error: unknown, info: { componentStack?: string }): void {
  console.error("React recovered from an error while hydrating:", error, info.componentStack ?? "");
}

/**
 * Tells the page's script that the whole page is hydrated (`app-hydrated` on the document), so it
 * replays the input it held meanwhile (early-input.ts). Rendered after the app, so its effect runs
 * after the app's; from a task of its own, so what those effects started (a store read from local
 * storage rendering its own value) has happened before the input is replayed.
 */
function Hydrated() {
  useEffect(() => {
    const timer = setTimeout(() => document.dispatchEvent(new Event("app-hydrated")), 0);
    return () => clearTimeout(timer);
  }, []);
  return null;
}

/**
 * A server-rendered page (docs/decisions/0022) carries its data: the query cache starts from it
 * and the matched route modules are loaded before hydrating, so the first render in the browser is
 * the server's HTML. Any other page (the signed-in screens) renders from nothing, as before.
 */
async function start(root: HTMLElement): Promise<void> {
  const client = createQueryClient();
  const script = document.getElementById(SSR_STATE_ID);
  if (!script?.textContent) {
    createRoot(root).render(<App client={client} router={createRouter()} />);
    return;
  }
  const state = JSON.parse(script.textContent) as SsrState;
  for (const query of state.queries.queries) {
    if (!query.state.error) continue;
    query.state.error = decodeQueryError(query.state.error);
    // The server showed this failure (a story not found): so does the first render here, rather
    // than a loading state while it asks again.
    client.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
  hydrate(client, state.queries);
  // A lazy route would first render its fallback: load the page's modules now instead.
  const lazy = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazy.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<object>)();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page: the server's HTML is already on screen, and input
  // meanwhile is held by the page's script and replayed once it is all hydrated (early-input.ts).
  startTransition(() => {
    hydrateRoot(
      root,
      <>
        <App client={client} router={createRouter(state.router)} />
        <Hydrated />
      </>,
      { onRecoverableError: reportRecoverable },
    );
  });
}

// From a task of its own, not from this module's top level: the route modules it imports are
// requests, and a browser recording where each request came from (DevTools, Lighthouse) would
// otherwise re-read this whole chunk for the line numbers, tens of milliseconds on a phone.
setTimeout(() => void start(container), 0);
