/**
 * A Markdown text in an e-mail (a creator's message to followers, a newsletter issue), rendered by
 * the same parser as a story's body, with what an e-mail needs instead of a page's:
 *
 * - Raw HTML is never HTML (react-markdown's default: no rehype-raw), so what was typed shows as
 *   the characters typed.
 * - Links go through the site's one URL filter (common/markdown-url.ts): http:, https:, mailto:
 *   and addresses within the site, which become absolute (a mail client has no page to resolve
 *   them against); anything else is plain text. Links elsewhere carry rel="nofollow ugc noopener".
 * - Images are not loaded (nothing is fetched from another host, and many clients block them):
 *   each becomes a link to its address, named by its alt text.
 * - Headings are at most h2 (the layout has the h1); styles are inline, as mail clients want.
 */
import { Heading, Link, Text } from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import { safeMarkdownUrl } from "../../common/markdown-url.js";
import { mailStyles } from "./layout.js";

const LINK_REL = "nofollow ugc noopener";

/** An address a mail client can open: site paths become absolute; refused ones are "". */
export function mailUrl(url: string, publicUrl: string): string {
  const safe = safeMarkdownUrl(url);
  if (!safe) return "";
  const read = safe.replace(/[\t\n\r]/g, "");
  if (/^[a-z][a-z0-9+.-]*:/i.test(read)) return safe;
  // `//host` and `/\host` name another host: not the site's, and not a scheme we allowed.
  if (/^[/\\]{2}/.test(read)) return "";
  return new URL(read, `${publicUrl}/`).toString();
}

const heading: CSSProperties = { fontSize: "18px", lineHeight: "26px", fontWeight: 700, margin: "8px 0 12px" };

function components(publicUrl: string): Components {
  const link = (href: string | undefined, title: string | undefined, children: ReactNode) => {
    const url = href ? mailUrl(href, publicUrl) : "";
    if (!url) return <span>{children}</span>;
    return (
      <Link href={url} title={title} rel={url.startsWith(publicUrl) ? undefined : LINK_REL} style={mailStyles.link}>
        {children}
      </Link>
    );
  };
  const h = ({ children }: { children?: ReactNode }) => (
    <Heading as="h2" style={heading}>
      {children}
    </Heading>
  );
  return {
    p: ({ children }) => <Text style={mailStyles.text}>{children}</Text>,
    a: ({ href, title, children }) => link(href, title, children),
    img: ({ src, alt, title }) => link(typeof src === "string" ? src : undefined, title, alt?.trim() || "Image"),
    h1: h,
    h2: h,
    h3: h,
    h4: h,
    h5: h,
    h6: h,
  };
}

export function MailMarkdown({ text, publicUrl }: { text: string; publicUrl: string }) {
  return (
    <ReactMarkdown components={components(publicUrl)} urlTransform={(url) => url}>
      {text}
    </ReactMarkdown>
  );
}
