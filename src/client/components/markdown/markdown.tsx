/**
 * A story's body: Markdown (CommonMark) rendered by react-markdown with nothing a writer could
 * turn against a reader (ARCHITECTURE.md: "raw HTML off and URL schemes filtered"):
 *
 * - Raw HTML is never HTML: react-markdown turns it into text (no rehype-raw), so
 *   `<script>` or `<img onerror>` show as the characters typed.
 * - Link and image addresses go through safeMarkdownUrl (http:, https:, mailto:, relative);
 *   a link whose address was refused is plain text.
 * - Links to other sites carry rel="nofollow ugc noopener" (what a writer links to is not the
 *   site's endorsement); links within the site carry none. All open in the same tab.
 * - Images of the site's own (`/media/…`) are shown: an upload (`/media/u/{hash}/…`) through the
 *   image pipeline's variants at its known size (the story names them in `images`), any other in
 *   a 16:10 frame, so nothing moves as it arrives. Images from other hosts are not loaded (the CSP
 *   allows images from the site only): each becomes a link to its address, named by its alt text.
 * - Headings start at h2 under the page's h1 and never skip a level.
 *
 * Its own chunk (react-markdown and its parser): only the story page and the studio's editor
 * load it, through LazyMarkdown.
 */
import { ImageIcon } from "lucide-react";
import { useMemo } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import type { Image } from "../../../common/api/media";
import { safeMarkdownUrl } from "../../../common/markdown-url";

export const LINK_REL = "nofollow ugc noopener";

/** The width a body image takes: the story's column (story-page.tsx), or the screen less its margins. */
const BODY_IMAGE_SIZES = "(min-width: 832px) 768px, calc(100vw - 2rem)";
const UPLOAD = /^\/media\/u\/([0-9a-f]{16,64})\//;

/**
 * A link within this site: a path, a fragment, a query or a relative address, but not `//host`
 * (nor `/\host` or `/<tab>/host`, which browsers read the same way: they take `\` for `/` and
 * drop tabs and line breaks). safeMarkdownUrl has already refused every scheme but http, https
 * and mailto.
 */
export function isSiteLink(href: string): boolean {
  const read = href.replace(/[\t\n\r]/g, "");
  return !/^[a-z][a-z0-9+.-]*:/i.test(read) && !/^[/\\]{2}/.test(read);
}

function components(images: readonly Image[]): Components {
  /** The upload a `/media/u/{hash}/…` address names, among the story's own images. */
  const uploadOf = (src: string) => {
    const hash = UPLOAD.exec(src)?.[1];
    return hash ? images.find((image) => image.src.startsWith(`/media/u/${hash}/`)) : undefined;
  };
  return {
    a({ href, title, children }) {
      if (!href) return <span data-refused-link="">{children}</span>;
      return (
        <a href={href} title={title} rel={isSiteLink(href) ? undefined : LINK_REL}>
          {children}
        </a>
      );
    },
    img({ src, alt, title }) {
      const text = alt?.trim() || "Image";
      if (typeof src !== "string" || !src) return <span>{text}</span>;
      const upload = uploadOf(src);
      if (upload) {
        return (
          <picture className="my-2 block" data-markdown-image="">
            {upload.sources.map((source) => (
              <source key={source.type} type={source.type} srcSet={source.srcset} sizes={BODY_IMAGE_SIZES} />
            ))}
            <img
              src={upload.src}
              srcSet={upload.srcset}
              sizes={BODY_IMAGE_SIZES}
              width={upload.width}
              height={upload.height}
              alt={alt ?? ""}
              title={title}
              loading="lazy"
              decoding="async"
              className="block h-auto w-full rounded-lg border-[3px] border-ink bg-paper-deep"
            />
          </picture>
        );
      }
      if (src.startsWith("/media/")) {
        // Its size is not known here: a fixed frame keeps the text below from moving when it arrives.
        return (
          <img
            src={src}
            alt={alt ?? ""}
            title={title}
            loading="lazy"
            decoding="async"
            data-markdown-image=""
            className="my-2 block aspect-[16/10] w-full rounded-lg border-[3px] border-ink bg-paper-deep object-contain"
          />
        );
      }
      return (
        <a href={src} title={title} rel={isSiteLink(src) ? undefined : LINK_REL} data-markdown-image-link="">
          <ImageIcon aria-hidden="true" className="mr-1 inline size-4 align-[-0.15em]" strokeWidth={2.5} />
          {text}
        </a>
      );
    },
  };
}

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
  /** The uploads the text shows (a story's `images`), drawn at their size through their variants. */
  images?: readonly Image[];
  className?: string;
}

const NO_IMAGES: readonly Image[] = [];

export function Markdown({ text, images = NO_IMAGES, className }: MarkdownProps) {
  const rendered = useMemo(() => components(images), [images]);
  return (
    <div className={className ? `markdown ${className}` : "markdown"}>
      <ReactMarkdown skipHtml={false} urlTransform={safeMarkdownUrl} components={rendered} rehypePlugins={rehypePlugins}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
