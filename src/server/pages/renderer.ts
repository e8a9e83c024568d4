/**
 * Loads the server-side renderer of the pages (dist/ssr/entry-server.mjs, built by
 * `vite build --ssr` from src/client/entry-server.tsx; docs/decisions/0022) once, on the first
 * page that needs it, and gives it the server's own app to read public data from.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

export const SSR_BUNDLE = resolve("dist/ssr/entry-server.mjs");

export type RenderAudience = "visitor" | "member";

export interface RenderedPage {
  status: number;
  html: string;
  state: unknown;
}

export interface PageRenderer {
  render(url: string, audience: RenderAudience): Promise<RenderedPage | { redirect: string; status: number }>;
}

/** What the bundle exports (entry-server.tsx). */
export interface RendererModule {
  createRenderer(transport: (path: string, init: RequestInit) => Promise<Response>): PageRenderer;
}

/**
 * `load` imports the bundle (tests may import the sources instead); `transport` answers its reads.
 * Undefined while there is no bundle (the API tests run unbuilt): pages are then rendered in the
 * browser only, as the client-only screens are.
 */
export function lazyRenderer(
  transport: (path: string, init: RequestInit) => Promise<Response>,
  load: () => Promise<RendererModule | undefined> = importBundle,
): () => Promise<PageRenderer | undefined> {
  let loading: Promise<PageRenderer | undefined> | undefined;
  return () => (loading ??= load().then((module) => module?.createRenderer(transport)));
}

async function importBundle(): Promise<RendererModule | undefined> {
  if (!existsSync(SSR_BUNDLE)) return undefined;
  return (await import(pathToFileURL(SSR_BUNDLE).href)) as RendererModule;
}
