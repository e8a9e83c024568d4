/**
 * A comment's text on the page (issue 33): paragraphs and http(s) links, nothing else. The text is
 * never parsed as Markdown or HTML: it is split on blank lines into paragraphs (a single line break
 * stays a line break) and every http:// or https:// address becomes a link that search engines do
 * not follow (`nofollow ugc`) and that cannot reach back into this page (`noopener`). Anything
 * else, `<script>`, `javascript:`, `[text](url)`, stays text, which React escapes.
 */
import type { ReactNode } from "react";

export const COMMENT_LINK_REL = "nofollow ugc noopener";

/**
 * An address as common/comments.ts counts them (`commentLinks`), captured so split() keeps it. A
 * scheme must start the address: `javascript:https://…` leaves `javascript:` outside the link.
 */
const LINK = /(\bhttps?:\/\/[^\s<>"')\]]+)/i;
/** Punctuation that ends a sentence rather than an address ("see https://example.com."). */
const TRAILING = /[.,;:!?]+$/;

/** The href of an address, or null when it is not a well-formed http(s) URL. */
export function commentHref(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

function line(text: string, key: string): ReactNode[] {
  return text.split(LINK).flatMap((part, i) => {
    // split() with a capture group: odd places are the addresses.
    if (i % 2 === 0) return part ? [part] : [];
    const tail = TRAILING.exec(part)?.[0] ?? "";
    const address = part.slice(0, part.length - tail.length);
    const href = commentHref(address);
    if (!href) return [part];
    const link = (
      <a key={`${key}-${i}`} href={href} rel={COMMENT_LINK_REL} className="link-ink">
        {address}
      </a>
    );
    return tail ? [link, tail] : [link];
  });
}

export function CommentText({ text }: { text: string }) {
  const paragraphs = text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div className="flex flex-col gap-3 [overflow-wrap:anywhere]">
      {paragraphs.map((paragraph, p) => (
        <p key={p}>
          {paragraph.split("\n").flatMap((text, l) => {
            const parts = line(text, `${p}-${l}`);
            return l === 0 ? parts : [<br key={`${p}-${l}-br`} />, ...parts];
          })}
        </p>
      ))}
    </div>
  );
}
