import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./security.js";
import { withAnalytics } from "./static.js";

const page = "<!doctype html><html><head><title>MAYBE</title></head><body></body></html>";

describe("optional analytics (DECISIONS.md 14)", () => {
  it("leaves the page alone and the CSP strict when not configured", () => {
    expect(withAnalytics(page, undefined)).toBe(page);
    expect(contentSecurityPolicy(undefined)).toContain("script-src 'self';");
  });

  it("adds one deferred script and allows exactly its origin", () => {
    const url = "https://stats.example.org/script.js?site=maybe&v=1";
    expect(withAnalytics(page, url)).toBe(
      '<!doctype html><html><head><title>MAYBE</title><script defer src="https://stats.example.org/script.js?site=maybe&amp;v=1"></script></head><body></body></html>',
    );
    expect(contentSecurityPolicy(url)).toContain("script-src 'self' https://stats.example.org;");
  });
});
