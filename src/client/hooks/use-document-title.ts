import { useEffect } from "react";

const SITE = "MAYBE";

/** Sets the tab title to "Page · MAYBE" (or just "MAYBE" without a page name). */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = page ? `${page} · ${SITE}` : SITE;
  }, [page]);
}
