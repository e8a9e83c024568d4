/**
 * The Markdown renderer as a chunk of its own (react-markdown and its parser, about 40 KB
 * gzipped): the pages that show Markdown start loading it with their own data, and every other
 * page never does (docs/decisions/0013).
 */
import { lazy } from "react";

const load = () => import("./markdown");

export const LazyMarkdown = lazy(() => load().then((m) => ({ default: m.Markdown })));

/** Starts the download early (e.g. when the route module loads, beside the data request). */
export function prefetchMarkdown(): void {
  void load();
}
