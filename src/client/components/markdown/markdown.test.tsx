// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { LINK_REL, Markdown } from "./markdown";
import { safeMarkdownUrl } from "./safe-url";

afterEach(cleanup);

function renderMarkdown(text: string) {
  return render(<Markdown text={text} />).container;
}

describe("raw HTML", () => {
  it("shows a script tag as text and creates no script element", () => {
    const root = renderMarkdown("Hello\n\n<script>alert(1)</script>\n\nand <script>inline()</script> too");
    expect(root.querySelector("script")).toBeNull();
    expect(root.textContent).toContain("<script>alert(1)</script>");
    expect(root.textContent).toContain("<script>inline()</script>");
  });

  it("keeps an onerror attribute inert: no img element, no event handler anywhere", () => {
    const root = renderMarkdown('<img src=x onerror=alert(1)>\n\nText with <img src="y" onerror="alert(2)"> inside');
    expect(root.querySelector("img")).toBeNull();
    expect(root.textContent).toContain("<img src=x onerror=alert(1)>");
    const handlers = [...root.querySelectorAll("*")].flatMap((el) => el.getAttributeNames().filter((n) => n.startsWith("on")));
    expect(handlers).toEqual([]);
  });

  it("shows iframes, styles and event-handler links as text", () => {
    const root = renderMarkdown('<iframe src="https://evil.example"></iframe>\n\n<a href="javascript:alert(1)" onclick="x()">hi</a>\n\n<style>body{display:none}</style>');
    expect(root.querySelector("iframe, style")).toBeNull();
    expect(root.querySelector("a")).toBeNull();
    expect(root.textContent).toContain('<a href="javascript:alert(1)" onclick="x()">');
  });
});

describe("links", () => {
  it("removes javascript:, data: and vbscript: links, whatever their spelling; their text stays", () => {
    const root = renderMarkdown(
      [
        "[one](javascript:alert(1))",
        "[two](JaVaScRiPt:alert(1))",
        "[three](&#106;avascript:alert(1))",
        "[four](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
        "[five](vbscript:msgbox(1))",
        "<javascript:alert(1)>",
        "[six]( javascript:alert(1))",
      ].join("\n\n"),
    );
    expect(root.querySelectorAll("a")).toHaveLength(0);
    for (const text of ["one", "two", "three", "four", "five", "six"]) expect(root.textContent).toContain(text);
    const urls = [...root.querySelectorAll("[href], [src]")].map((el) => el.getAttribute("href") ?? el.getAttribute("src"));
    expect(urls).toEqual([]);
  });

  it("keeps http, https, mailto and relative links, each with rel nofollow ugc noopener and no target", () => {
    const root = renderMarkdown(
      "[a](https://example.com/x?y=1) [b](http://example.com) [c](mailto:hi@example.com) [d](/stories) [e](#part) <https://auto.example>",
    );
    const links = [...root.querySelectorAll("a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "https://example.com/x?y=1",
      "http://example.com",
      "mailto:hi@example.com",
      "/stories",
      "#part",
      "https://auto.example",
    ]);
    for (const a of links) {
      expect(a.getAttribute("rel")).toBe(LINK_REL);
      expect(a.hasAttribute("target")).toBe(false);
    }
  });
});

describe("images", () => {
  it("are never loaded: each becomes a link named by its alt text, and unsafe ones plain text", () => {
    const root = renderMarkdown("![A mural](https://example.com/m.jpg)\n\n![](/media/u/1/640.jpg)\n\n![bad](javascript:alert(1))");
    expect(root.querySelector("img")).toBeNull();
    const links = [...root.querySelectorAll("a")];
    expect(links.map((a) => [a.textContent, a.getAttribute("href"), a.getAttribute("rel")])).toEqual([
      ["A mural", "https://example.com/m.jpg", LINK_REL],
      ["Image", "/media/u/1/640.jpg", LINK_REL],
    ]);
    expect(root.textContent).toContain("bad");
  });
});

describe("headings", () => {
  it("start at h2 under the page's h1 and never skip a level", () => {
    const root = renderMarkdown("### Deep first\n\n# Top\n\n#### Jump\n\n## Back");
    expect([...root.querySelectorAll("h1,h2,h3,h4,h5,h6")].map((h) => `${h.tagName}:${h.textContent}`)).toEqual([
      "H2:Deep first",
      "H2:Top",
      "H3:Jump",
      "H3:Back",
    ]);
  });

  it("keep headings of one level on one level", () => {
    const root = renderMarkdown("## First\n\ntext\n\n## Second\n\n### Inside\n\n## Third");
    expect([...root.querySelectorAll("h2,h3")].map((h) => `${h.tagName}:${h.textContent}`)).toEqual([
      "H2:First",
      "H2:Second",
      "H3:Inside",
      "H2:Third",
    ]);
  });
});

describe("safeMarkdownUrl", () => {
  it.each([
    ["https://example.com", "https://example.com"],
    ["HTTP://EXAMPLE.COM", "HTTP://EXAMPLE.COM"],
    ["mailto:a@b.co", "mailto:a@b.co"],
    ["/media/x.jpg", "/media/x.jpg"],
    ["page?x=a:b", "page?x=a:b"],
    ["#a:b", "#a:b"],
    ["javascript:alert(1)", ""],
    ["  javascript:alert(1)", ""],
    ["\u0001javascript:alert(1)", ""],
    ["java\tscript:alert(1)", ""],
    ["data:image/png;base64,AAAA", ""],
    ["vbscript:x", ""],
    ["file:///etc/passwd", ""],
    ["", ""],
  ])("%j → %j", (input, output) => {
    expect(safeMarkdownUrl(input)).toBe(output);
  });
});
