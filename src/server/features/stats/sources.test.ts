/**
 * Where a visit came from (docs/decisions/0034): a link's utm_source wins, cleaned; otherwise the
 * referring site's host without www.; nothing for the site itself, a direct visit or a referrer
 * that is not a URL; never a path or a query, which can carry personal data.
 */
import { describe, expect, it } from "vitest";
import { sourceOf } from "./sources.js";

const SITE = "maybe.community";

describe("sourceOf", () => {
  it("takes the link's utm_source over the referrer, lower-cased and cleaned of anything but a name", () => {
    expect(sourceOf("?utm_source=Newsletter", "https://news.example.com/a", SITE)).toBe("newsletter");
    expect(sourceOf("utm_source=%20Insta%3Cscript%3E!%20&utm_medium=x", undefined, SITE)).toBe("instascript");
    expect(sourceOf("?utm_source=" + "a".repeat(200), undefined, SITE)).toBe("a".repeat(64));
    // A utm_source with nothing left once cleaned is no source: the referrer decides.
    expect(sourceOf("?utm_source=%21%21%21", "https://news.example.com/", SITE)).toBe("news.example.com");
    expect(sourceOf("?utm_source=", "https://news.example.com/", SITE)).toBe("news.example.com");
  });

  it("reduces a referrer to its host without www., keeping no path, query, port or credentials", () => {
    expect(sourceOf("", "https://www.Google.com/search?q=my+name+and+address", SITE)).toBe("google.com");
    expect(sourceOf("", "https://user:secret@mail.example.org:8443/inbox/42?token=abc#x", SITE)).toBe("mail.example.org");
    expect(sourceOf("?productId=p1", "http://wwwhat.example/x", SITE)).toBe("wwwhat.example");
    for (const referer of ["https://www.google.com/search?q=secret", "https://mail.example.org/inbox/42?token=abc"]) {
      const source = sourceOf("", referer, SITE);
      expect(source).not.toMatch(/[/?=:@#]/);
      expect(source).not.toContain("secret");
    }
  });

  it("is empty for a direct visit, the site's own pages (with or without www., with a port) and referrers that are not URLs", () => {
    expect(sourceOf("", undefined, SITE)).toBe("");
    expect(sourceOf("", "", SITE)).toBe("");
    expect(sourceOf("", "https://maybe.community/stories/x", SITE)).toBe("");
    expect(sourceOf("", "https://www.maybe.community/", SITE)).toBe("");
    expect(sourceOf("", "https://maybe.community/", "www.maybe.community")).toBe("");
    // PUBLIC_URL with a port (development, the tests): its host carries the port, a referrer's hostname does not.
    expect(sourceOf("", "http://localhost:3000/stories/x", "localhost:3000")).toBe("");
    for (const bad of ["not a url", "/stories/x", "//", "http://", "about:blank", "https://[::1"]) {
      expect(sourceOf("", bad, SITE), bad).toBe("");
    }
  });
});
