/**
 * A story's body: Markdown (CommonMark) rendered by react-markdown with nothing a writer could
 * turn against a reader (ARCHITECTURE.md: "raw HTML off and URL schemes filtered"):
 *
 * - Raw HTML is never HTML: react-markdown turns it into text (no rehype-raw), so
 *   `<script>` or `<img onerror>` show as the characters typed.
 * - Link and image addresses go through safeMarkdownUrl (http:, https:, mailto:, relative);
 *   a link whose address was refused is plain text.
 * - Links carry rel="nofollow ugc noopener" and open in the same tab.
 * - Images are not loaded: each becomes a link to its address, named by its alt text. The CSP
 *   allows images from the site only (img-src 'self' data: blob:), an image from elsewhere would
 *   be blocked, and one without known dimensions would move the text below it as it arrived.
 * - Headings start at h2 under the page's h1 and never skip a level.
 *
 * Its own chunk (react-markdown and its parser): only the story page and the studio's editor
 * load it, through LazyMarkdown.
 */
import { ImageIcon } from "lucide-react";
import ReactMarkdown, { type Components } from "react-markdown";
import { safeMarkdownUrl } from "./safe-url";

export const LINK_REL = "nofollow ugc noopener";

const components: Components = {
  a({ href, title, children }) {
    if (!href) return <span data-refused-link="">{children}</span>;
    return (
      <a href={href} title={title} rel={LINK_REL}>
        {children}
      </a>
    );
  },
  img({ src, alt, title }) {
    const text = alt?.trim() || "Image";
    if (typeof src !== "string" || !src) return <span>{text}</span>;
    return (
      <a href={src} title={title} rel={LINK_REL} data-markdown-image="">
        <ImageIcon aria-hidden="true" className="mr-1 inline size-4 align-[-0.15em]" strokeWidth={2.5} />
        {text}
      </a>
    );
  },
};

interface HastNode {
  type: string;
  tagName?: string;
  children?: HastNode[];
}

/**
 * Headings of the body start at h2 (the page has the h1) and never skip a level (axe
 * heading-order): the shallowest level the writer used becomes h2, the others follow it, and a
 * jump deeper than one level is brought up to the next one.
 */
export function rehypeHeadingLevels() {
  return (tree: HastNode) => {
    const headings: { node: HastNode; level: number }[] = [];
    const walk = (node: HastNode) => {
      const match = node.type === "element" ? /^h([1-6])$/.exec(node.tagName ?? "") : null;
      if (match) headings.push({ node, level: Number(match[1]) });
      node.children?.forEach(walk);
    };
    walk(tree);
    const shallowest = Math.min(...headings.map((h) => h.level));
    let previous = 1;
    for (const { node, level } of headings) {
      const next = Math.min(level - shallowest + 2, previous + 1, 6);
      node.tagName = `h${next}`;
      previous = next;
    }
  };
}

const rehypePlugins = [rehypeHeadingLevels];

export interface MarkdownProps {
  /** The Markdown text. */
  text: string;
  className?: string;
}

export function Markdown({ text, className }: MarkdownProps) {
  return (
    <div className={className ? `markdown ${className}` : "markdown"}>
      <ReactMarkdown skipHtml={false} urlTransform={safeMarkdownUrl} components={components} rehypePlugins={rehypePlugins}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
