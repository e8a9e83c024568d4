// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { COMMENT_LINK_REL, CommentText } from "./comment-text";

afterEach(cleanup);

function show(text: string) {
  return render(<CommentText text={text} />).container;
}

/** Every attribute of every element: nothing may run or load. */
function attributes(root: Element) {
  return [...root.querySelectorAll("*")].flatMap((el) => el.getAttributeNames().map((name) => `${el.localName}.${name}=${el.getAttribute(name)}`));
}

describe("paragraphs", () => {
  it("splits on blank lines and keeps a single line break", () => {
    const root = show("First line\nsecond line\n\n\n  \nNew paragraph\r\n\r\nThird");
    const paragraphs = [...root.querySelectorAll("p")];
    expect(paragraphs.map((p) => p.textContent)).toEqual(["First linesecond line", "New paragraph", "Third"]);
    expect(paragraphs[0]!.querySelectorAll("br")).toHaveLength(1);
  });

  it("shows Markdown as the characters typed", () => {
    const root = show("**bold** _it_ # title\n\n> quote\n\n[a link](https://example.com)");
    expect(root.querySelector("strong, em, h1, blockquote")).toBeNull();
    expect(root.textContent).toContain("**bold** _it_ # title");
    // The address inside the brackets is a link of its own; the brackets stay text.
    expect(root.textContent).toContain("[a link](https://example.com)");
  });
});

describe("links", () => {
  it("turns http and https addresses into links search engines do not follow, leaving sentence punctuation out", () => {
    const root = show("See https://example.com/a?b=1&c=2. Or http://example.org/x, then (https://example.net/y)!");
    const links = [...root.querySelectorAll("a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["https://example.com/a?b=1&c=2", "http://example.org/x", "https://example.net/y"]);
    expect(links.every((a) => a.getAttribute("rel") === COMMENT_LINK_REL)).toBe(true);
    expect(COMMENT_LINK_REL).toBe("nofollow ugc noopener");
    expect(links.every((a) => !a.hasAttribute("target"))).toBe(true);
    expect(root.textContent).toBe("See https://example.com/a?b=1&c=2. Or http://example.org/x, then (https://example.net/y)!");
  });

  it("links no other scheme", () => {
    const root = show(
      [
        "javascript:alert(1)",
        "JaVaScRiPt:alert(document.cookie)",
        "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
        "vbscript:msgbox(1)",
        "ftp://example.com/file",
        "mailto:someone@example.com",
        "//example.com/protocol-relative",
        "http://",
      ].join("\n\n"),
    );
    expect(root.querySelector("a")).toBeNull();
    expect(root.querySelectorAll("p")).toHaveLength(8);
  });

  it("keeps a scheme in front of an address outside the link", () => {
    const root = show("javascript:https://example.com/x");
    expect([...root.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual(["https://example.com/x"]);
    expect(root.textContent).toBe("javascript:https://example.com/x");
  });
});

describe("XSS payloads stay text", () => {
  const payloads = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    '<svg onload="alert(1)"><a xlink:href="javascript:alert(2)">x</a></svg>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<a href="javascript:alert(1)" onclick="alert(2)">click</a>',
    "<style>body{display:none}</style>",
    '"><script>alert(1)</script>',
    "https://example.com/\"><script>alert(1)</script>",
    'https://example.com/" onmouseover="alert(1)',
    "https://example.com/<img src=x onerror=alert(1)>",
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "[click](javascript:alert(1))",
    "<details open ontoggle=alert(1)>",
  ];

  it.each(payloads)("%s", (payload) => {
    const root = show(`Before\n\n${payload}\n\nAfter`);
    expect(root.querySelector("script, img, svg, iframe, style, details, object, embed")).toBeNull();
    expect(root.textContent).toContain(payload.replace(/\s*\n\s*/g, ""));
    for (const attribute of attributes(root)) expect(attribute).not.toMatch(/^\w+\.on|javascript:|data:/i);
    for (const link of root.querySelectorAll("a")) {
      expect(link.getAttribute("href")).toMatch(/^https?:\/\//);
      // The address ends where markup would begin: nothing of the payload's quotes or tags is in it.
      expect(link.getAttribute("href")).not.toMatch(/["<>]/);
    }
  });
});
