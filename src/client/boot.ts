/**
 * The page's only script in a build (src/build/deferred-app.ts puts it in index.html in place of
 * the app's). The app (main.tsx: React, the router, the query cache) is about 100 KB of gzipped
 * JavaScript, and a server-rendered page (docs/decisions/0022) shows its content without it.
 * Fetching and running the app while the browser is still getting that content onto the screen
 * competes with the stylesheet for the network and holds the main thread before the first paint,
 * so on a server-rendered page the app is fetched once the content has been painted. A page
 * rendered in the browser (the signed-in screens) has nothing to paint before the app: it is
 * fetched at once.
 *
 * The tag names the app's file (`data-app`) and the files it imports (`data-preload`), which are
 * preloaded with it so they arrive together rather than one after another, and the largest
 * libraries among them (`data-first`), which run one task each before the app, so that no single
 * task holds the main thread for all of them (src/build/deferred-app.ts).
 *
 * Until the app has hydrated a server-rendered page, the input on it is held and then replayed
 * (early-input.ts).
 */
import { holdEarlyInput } from "./early-input";

/**
 * Resolves once the browser has painted a frame of the page: after the second animation frame
 * (the first runs just before the first paint, the second after it), at once when the tab is
 * hidden (it would not paint). Not the paint-timing entry: browsers report it late on a busy
 * machine, seconds late in the browser tests.
 */
function painted(): Promise<void> {
  if (document.visibilityState !== "visible") return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

/** Lets the browser handle what is waiting (input, a frame) before the next piece of work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const files = (list: string | undefined) => (list ?? "").split(" ").filter(Boolean);

/** Resolves once the document is parsed: the script is async, so it may run while the page is still arriving. */
function parsed(): Promise<void> {
  if (document.readyState !== "loading") return Promise.resolve();
  return new Promise((resolve) => document.addEventListener("DOMContentLoaded", () => resolve(), { once: true }));
}

// From the script's first moment: the page may be on screen before it is even parsed to the end.
const release = holdEarlyInput();

async function start(): Promise<void> {
  await parsed();
  const tag = document.querySelector<HTMLScriptElement>("script[data-app]");
  if (!tag?.dataset.app) throw new Error("the page's script names no app to load");
  // A server-rendered page arrives with its content in the root element; any other has nothing
  // on it to tap until the app has rendered it.
  if (document.getElementById("root")?.firstElementChild) await painted();
  else release();
  for (const href of files(tag.dataset.preload)) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
  for (const href of files(tag.dataset.first)) {
    await import(/* @vite-ignore */ href);
    await nextTask();
  }
  await import(/* @vite-ignore */ tag.dataset.app);
}

start().catch((error: unknown) => {
  // Without the app the page is plain HTML: its forms submit as HTML forms do.
  release();
  throw error;
});
