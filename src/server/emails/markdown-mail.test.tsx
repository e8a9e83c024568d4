import { render } from "@react-email/render";
import { describe, expect, it } from "vitest";
import { MailMarkdown, mailUrl } from "./markdown-mail.js";

const SITE = "https://maybe.example";

async function html(text: string): Promise<string> {
  return render(<MailMarkdown text={text} publicUrl={SITE} />);
}

describe("Markdown in an e-mail", () => {
  it("keeps raw HTML as the characters typed", async () => {
    const out = await html('Hi <script>alert(1)</script> <img src=x onerror="alert(2)">');
    expect(out).not.toContain("<script");
    expect(out).not.toMatch(/<img[^>]*onerror/);
  });

  it("turns refused links into text and site links into absolute ones", async () => {
    const out = await html("[a](javascript:alert(1)) [b](data:text/html,x) [c](/stories/1) [d](https://elsewhere.example/x) [e](//evil.example)");
    expect(out).not.toContain("javascript:");
    expect(out).not.toContain("data:text");
    expect(out).toContain(`href="${SITE}/stories/1"`);
    expect(out).toMatch(/href="https:\/\/elsewhere\.example\/x"[^>]*rel="nofollow ugc noopener"/);
    expect(out).not.toContain("evil.example\"");
  });

  it("shows images as links, never loads them", async () => {
    const out = await html("![the poster](https://cdn.example/p.png)");
    expect(out).not.toMatch(/<img/);
    expect(out).toMatch(/<a[^>]*href="https:\/\/cdn\.example\/p\.png"[^>]*>the poster<\/a>/);
  });

  it("reads addresses as a browser would", () => {
    expect(mailUrl(" JavaScript:alert(1)", SITE)).toBe("");
    expect(mailUrl("/\\evil.example", SITE)).toBe("");
    expect(mailUrl("mailto:hi@maybe.example", SITE)).toBe("mailto:hi@maybe.example");
    expect(mailUrl("store?productId=1", SITE)).toBe(`${SITE}/store?productId=1`);
  });
});
