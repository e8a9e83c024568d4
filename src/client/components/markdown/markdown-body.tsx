/**
 * A Markdown text on a page the server may have rendered (a story's body).
 *
 * Hydrating keeps the server's HTML of the text as it is: the renderer (react-markdown and its
 * parser, a 40 KB chunk) is neither downloaded nor run for it. Running it was the longest task of
 * a shared story's page after its first paint (docs/decisions/0022). The HTML is the server's
 * rendering of the same text through the same renderer, so nothing a writer typed becomes markup
 * here that would not have anyway.
 *
 * A page opened inside the app, or a text that changed since the server rendered it (a refetch),
 * renders through LazyMarkdown with its fallback, as before.
 *
 * What follows the text on the page (`after`: a story's comments) shows once the text does: shown
 * beside the short fallback, it would move down when the text arrives. Once shown it stays, so a
 * text that changes later does not take it away (nor what was typed in it).
 */
import { Suspense, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import type { Image } from "../../../common/api/media";
import { RenderStatusContext } from "../../app/shell/render-status";
import { useServerRendered } from "../../hooks/use-server-rendered";
import { LazyMarkdown } from "./lazy-markdown";

// Stable and empty: React sets innerHTML only when __html changes, so it never does here.
const KEEP_SERVER_HTML = { __html: "" };

export interface MarkdownBodyProps {
  text: string;
  /** The uploads the text shows (Markdown's `images`). */
  images?: readonly Image[];
  /** Shown while the renderer downloads (client renders only). */
  fallback: ReactNode;
  /** What follows the text, shown with it. */
  after?: ReactNode;
}

/** Says when the text it is rendered beside has been shown. */
function Shown({ onShown }: { onShown: () => void }) {
  useEffect(onShown, [onShown]);
  return null;
}

export function MarkdownBody({ text, images, fallback, after }: MarkdownBodyProps) {
  const onServer = useContext(RenderStatusContext) !== null;
  const serverRendered = useServerRendered();
  // Captured when the element mounts: true on the server and when hydrating, never afterwards.
  const [serverText] = useState(() => (serverRendered ? text : null));
  // The server's text is there at once; a text the renderer draws, once it has.
  const [shown, setShown] = useState(serverRendered);
  const onShown = useCallback(() => setShown(true), []);

  if (text === serverText) {
    // No Suspense boundary on the server: the prerender waits for the renderer, so the HTML is the
    // bare <div class="markdown"> (Markdown's element) that the browser's element below hydrates.
    if (onServer) {
      return (
        <>
          <LazyMarkdown text={text} images={images} />
          {after}
        </>
      );
    }
    return (
      <>
        <div className="markdown" suppressHydrationWarning dangerouslySetInnerHTML={KEEP_SERVER_HTML} />
        {after}
      </>
    );
  }
  return (
    <>
      <Suspense fallback={fallback}>
        <LazyMarkdown text={text} images={images} />
        {after !== undefined && <Shown onShown={onShown} />}
      </Suspense>
      {shown && after}
    </>
  );
}
