/**
 * Who is counted (docs/decisions/0034): a browser that has not asked not to be (Sec-GPC, DNT) and
 * is not a bot; a page is a view when a browser loads it as a document, not when it prefetches it.
 */
import { describe, expect, it } from "vitest";
import { declinesCounting, isBot, isDocumentLoad, type CountedRequest } from "./who-counts.js";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

const request = (headers: Record<string, string>): CountedRequest => ({ header: (name) => headers[name] });

describe("declinesCounting", () => {
  it("counts a browser that asks nothing", () => {
    expect(declinesCounting(request({ "user-agent": CHROME }))).toBe(false);
    expect(declinesCounting(request({ "user-agent": SAFARI, "sec-gpc": "0", dnt: "0" }))).toBe(false);
  });

  it("leaves out Global Privacy Control and Do Not Track", () => {
    expect(declinesCounting(request({ "user-agent": CHROME, "sec-gpc": "1" }))).toBe(true);
    expect(declinesCounting(request({ "user-agent": SAFARI, dnt: "1" }))).toBe(true);
  });

  it("leaves out a request without a user agent", () => {
    expect(declinesCounting(request({}))).toBe(true);
    expect(declinesCounting(request({ "user-agent": "" }))).toBe(true);
  });
});

describe("isBot", () => {
  it("knows bots and tools, and not browsers", () => {
    expect(isBot(CHROME)).toBe(false);
    expect(isBot(SAFARI)).toBe(false);
    for (const agent of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36",
      "curl/8.5.0",
    ]) {
      expect(isBot(agent), agent).toBe(true);
      // Remembered: the same verdict the second time.
      expect(isBot(agent), agent).toBe(true);
    }
  });
});

describe("isDocumentLoad", () => {
  it("is a browser's load of a page as a document", () => {
    expect(isDocumentLoad(request({ "sec-fetch-dest": "document" }))).toBe(true);
  });

  it("is not a fetch, an image, a frame, a tool without Fetch Metadata, or a prefetch or prerender", () => {
    expect(isDocumentLoad(request({}))).toBe(false);
    for (const dest of ["empty", "image", "iframe", "script"]) expect(isDocumentLoad(request({ "sec-fetch-dest": dest })), dest).toBe(false);
    expect(isDocumentLoad(request({ "sec-fetch-dest": "document", "sec-purpose": "prefetch" }))).toBe(false);
    expect(isDocumentLoad(request({ "sec-fetch-dest": "document", "sec-purpose": "prefetch;prerender" }))).toBe(false);
    expect(isDocumentLoad(request({ "sec-fetch-dest": "document", purpose: "prefetch" }))).toBe(false);
  });
});
