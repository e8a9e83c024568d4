import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** The page as the stats count it: its path, and the product a store link or modal shows. */
function viewOf(pathname: string, search: string): string {
  const product = new URLSearchParams(search).get("productId");
  return product ? `${pathname}?productId=${encodeURIComponent(product)}` : pathname;
}

/**
 * Counts the app's own navigations for the stats (docs/decisions/0034): the first page was counted
 * by the server as the browser loaded it, so only a later page, or a product opened in the store,
 * sends a beacon to the site itself (no cookie, nothing stored). A filter of the same page, or
 * closing a product back to its store, is not a new view. The server leaves out who sends GPC or DNT.
 */
export function useCountViews(): void {
  const { pathname, search } = useLocation();
  const view = viewOf(pathname, search);
  const last = useRef(view);
  useEffect(() => {
    const before = last.current;
    last.current = view;
    if (view === before || (view === pathname && before.startsWith(`${pathname}?`))) return;
    try {
      navigator.sendBeacon("/api/views", new Blob([JSON.stringify({ path: view })], { type: "application/json" }));
    } catch {
      // A browser without beacons is not counted.
    }
  }, [view, pathname]);
}
