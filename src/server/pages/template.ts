/**
 * The built index.html (dist/client) as the frame of every page: the head gets the page's own
 * tags, the root element the server-rendered HTML, and the body the JSON the browser hydrates
 * from (docs/decisions/0022). Parsed once per template text into the pieces between those places.
 */
import { SSR_STATE_ID } from "../../common/ssr.js";

export interface PageParts {
  /** Tags for the head (title, description, canonical, OpenGraph, JSON-LD). */
  head?: string;
  /** Server-rendered HTML of the root element. */
  html?: string;
  /** Already-escaped JSON (head.ts scriptJson) of the state the browser hydrates from. */
  stateJson?: string;
}

export interface PageTemplate {
  render(parts: PageParts): string;
}

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta\s+name="description"[^>]*>/;
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>/;
const ROOT = '<div id="root"></div>';

export function parseTemplate(indexHtml: string): PageTemplate {
  const rootAt = indexHtml.indexOf(ROOT);
  const bodyEnd = indexHtml.lastIndexOf("</body>");
  if (rootAt < 0 || bodyEnd < rootAt) throw new Error(`index.html has no ${ROOT} inside its body`);
  const before = indexHtml.slice(0, rootAt);
  const between = indexHtml.slice(rootAt + ROOT.length, bodyEnd);
  const after = indexHtml.slice(bodyEnd);
  // The head without the template's own title and description, which every page replaces.
  const headless = before.replace(TITLE, "").replace(DESCRIPTION, "");
  return {
    render({ head, html, stateJson }) {
      if (head === undefined && html === undefined) return indexHtml;
      // A rendered page shows without JavaScript: the "needs JavaScript" line would be wrong there.
      const top = html === undefined ? headless : headless.replace(NOSCRIPT, "");
      const end = top.indexOf("</head>");
      const withHead = head === undefined ? before : `${top.slice(0, end)}  ${head}\n  ${top.slice(end)}`;
      const state = stateJson === undefined ? "" : `<script type="application/json" id="${SSR_STATE_ID}">${stateJson}</script>`;
      return `${withHead}<div id="root">${html ?? ""}</div>${between}${state}${after}`;
    },
  };
}

/** The template of the current index.html, parsed again only when its text changes (a rebuild in development). */
export function memoizedTemplate(read: () => string | undefined): () => PageTemplate | undefined {
  let text: string | undefined;
  let parsed: PageTemplate | undefined;
  return () => {
    const current = read();
    if (current !== text) {
      text = current;
      parsed = current === undefined ? undefined : parseTemplate(current);
    }
    return parsed;
  };
}
