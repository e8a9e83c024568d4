// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Image } from "../../../common/api/media";
import { isSiteLink, LINK_REL, Markdown } from "./markdown";
import { safeMarkdownUrl } from "../../../common/markdown-url";

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

  it("keeps http, https, mailto and relative links, no target; only links to other sites carry rel nofollow ugc noopener", () => {
    const root = renderMarkdown(
      "[a](https://example.com/x?y=1) [b](http://example.com) [c](mailto:hi@example.com) [d](/stories) [e](#part) <https://auto.example> [f](//evil.example/x) [g](/\\evil.example) [h](page?x=1)",
    );
    const links = [...root.querySelectorAll("a")];
    expect(links.map((a) => [a.getAttribute("href"), a.getAttribute("rel")])).toEqual([
      ["https://example.com/x?y=1", LINK_REL],
      ["http://example.com", LINK_REL],
      ["mailto:hi@example.com", LINK_REL],
      ["/stories", null],
      ["#part", null],
      ["https://auto.example", LINK_REL],
      ["//evil.example/x", LINK_REL],
      // Markdown percent-encodes the backslash: a path of this site, not another host.
      ["/%5Cevil.example", null],
      ["page?x=1", null],
    ]);
    for (const a of links) expect(a.hasAttribute("target")).toBe(false);
  });
});

describe("isSiteLink", () => {
  it.each([
    ["/stories/a", true],
    ["#part", true],
    ["?page=2", true],
    ["page", true],
    ["//evil.example", false],
    ["/\\evil.example", false],
    ["\\\\evil.example", false],
    ["/\t/evil.example", false],
    ["https://example.com", false],
    ["mailto:a@b.co", false],
  ])("%j → %j", (href, internal) => {
    expect(isSiteLink(href)).toBe(internal);
  });
});

const UPLOAD: Image = {
  id: "m1",
  width: 1200,
  height: 800,
  placeholder: "",
  src: "/media/u/0123456789abcdef0123456789abcdef/1024.jpg",
  srcset: "/media/u/0123456789abcdef0123456789abcdef/640.jpg 640w, /media/u/0123456789abcdef0123456789abcdef/1024.jpg 1024w",
  sources: [
    { type: "image/avif", srcset: "/media/u/0123456789abcdef0123456789abcdef/640.avif 640w" },
    { type: "image/webp", srcset: "/media/u/0123456789abcdef0123456789abcdef/640.webp 640w" },
  ],
};

describe("images", () => {
  it("show an upload of the site through its variants at its size, whichever variant the text names", () => {
    const root = render(<Markdown text={"![The press at night](/media/u/0123456789abcdef0123456789abcdef/320.webp)"} images={[UPLOAD]} />).container;
    const img = root.querySelector("picture img")!;
    expect(img.getAttribute("alt")).toBe("The press at night");
    expect(img.getAttribute("src")).toBe(UPLOAD.src);
    expect(img.getAttribute("srcset")).toBe(UPLOAD.srcset);
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["1200", "800"]);
    expect([...root.querySelectorAll("picture source")].map((s) => s.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
    expect(root.querySelector("a")).toBeNull();
  });

  it("show the site's other pictures in a fixed frame, and an upload it does not know too", () => {
    const root = renderMarkdown("![A poster](/media/stories/story-x.svg)\n\n![](/media/u/ffffffffffffffffffffffffffffffff/640.jpg)");
    const imgs = [...root.querySelectorAll("img")];
    expect(imgs.map((img) => [img.getAttribute("src"), img.getAttribute("alt")])).toEqual([
      ["/media/stories/story-x.svg", "A poster"],
      ["/media/u/ffffffffffffffffffffffffffffffff/640.jpg", ""],
    ]);
    for (const img of imgs) expect(img.className).toContain("aspect-[16/10]");
  });

  it("from other hosts are never loaded: each becomes a link named by its alt text, and unsafe ones plain text", () => {
    const root = renderMarkdown("![A mural](https://example.com/m.jpg)\n\n![](elsewhere/pic.png)\n\n![bad](javascript:alert(1))");
    expect(root.querySelector("img")).toBeNull();
    const links = [...root.querySelectorAll("a")];
    expect(links.map((a) => [a.textContent, a.getAttribute("href"), a.getAttribute("rel")])).toEqual([
      ["A mural", "https://example.com/m.jpg", LINK_REL],
      ["Image", "elsewhere/pic.png", null],
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
