/**
 * Links from user input: every API field that takes a URL (the creator application's website and
 * profile image, and the Instagram field, which also takes a profile link) refuses every scheme
 * but http(s), in every spelling a browser would still run. Complements reliability/xss.spec.ts,
 * which proves what the pages do with whatever is already stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCreator, insertProduct, insertStory } from "../src/server/db/seed/factories.js";
import { createTestApp, type TestApp } from "../src/server/test/harness.js";
import { figure, n } from "./lib/mode.js";

const HOSTILE_LINKS = [
  "javascript:alert(1)",
  "JAVASCRIPT:alert(1)",
  "JaVaScRiPt:alert(1)",
  "jav&#x61;script:alert(1)",
  "jav&#97;script:alert(1)",
  "%6Aavascript:alert(1)",
  "java%0ascript:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  " javascript:alert(1)",
  "\u0000javascript:alert(1)",
  "\u0001javascript:alert(1)",
  "\u00a0javascript:alert(1)",
  "\u200bjavascript:alert(1)",
  "javascript://example.com/%0aalert(1)",
  "data:text/html,<script>alert(1)</script>",
  "DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
  "VBScript:msgbox(1)",
  "file:///etc/passwd",
  "//evil.example/x",
  "https:javascript:alert(1)",
  "http://",
  "https://exa mple.com",
  "https://example.com/\u0000",
];
const URL_FIELDS = ["website", "image_url", "instagram"] as const;

describe("URL fields refuse every scheme but http(s)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CREATOR_RATE_LIMIT: "100000" });
  });
  afterAll(() => t?.close());

  it("refuses javascript:, data:, vbscript: and their encoded, spaced and cased spellings in every URL field", async () => {
    const accepted: string[] = [];
    let sent = 0;
    let i = 0;
    for (const field of URL_FIELDS) {
      for (const link of HOSTILE_LINKS) {
        i += 1;
        const res = await t.request("/api/creators/applications", {
          ip: `10.9.${Math.floor(i / 250)}.${i % 250}`,
          json: { first_name: "Link", last_name: "Tester", email: `link${i}@example.com`, bio: "Bio.", state: "NY", city: "New York", art_type: ["visual_art"], [field]: link },
        });
        sent += 1;
        const body = (await res.json()) as { error?: { code?: string; fields?: Record<string, string> } };
        // Refused on the field itself, or (a NUL anywhere) by the guard in front of every route.
        const refused = res.status === 400 && (body.error?.fields?.[field] !== undefined || body.error?.fields === undefined);
        if (!refused) accepted.push(`${field}=${JSON.stringify(link)}: ${res.status}`);
      }
    }
    figure(`url schemes: ${URL_FIELDS.length} URL fields × ${HOSTILE_LINKS.length} hostile links = ${n(sent)} applications, ${accepted.length} accepted`);
    expect(accepted).toEqual([]);
    // The control: a plain https link in each field is taken.
    const ok = await t.request("/api/creators/applications", {
      ip: "10.9.99.1",
      json: { first_name: "Link", last_name: "Keeper", email: "keeper@example.com", bio: "Bio.", state: "NY", city: "New York", art_type: ["visual_art"], website: "https://example.com/me", image_url: "https://example.com/me.png", instagram: "https://www.instagram.com/keeper/" },
    });
    expect(ok.status, await ok.text()).toBe(201);
  });

  it("never sends a stored non-http(s) link: story, product and creator rows written behind the API's back", async () => {
    const link = "javascript:alert(1)";
    await insertStory(t.database, { id: "bad-story", title: "Bad", description: "d", city: "c", date: null, image_url: link, body: "A page." });
    await insertProduct(t.database, { id: "bad-product", kind: "merch", category: "clothing", title: "Bad", description: "d", price_cents: 100, stock: 1, image_url: "data:text/html,x" });
    await insertCreator(t.database, { id: "bad_creator", first_name: "Bad", last_name: "Link", email: "bad@example.com", bio: "b", city: "New York", state: "NY", website: " JAVASCRIPT:alert(1)", image_url: "vbscript:msgbox(1)", disciplines: [] });
    const story = (await (await t.request("/api/stories/bad-story")).json()) as { image_url: unknown };
    const product = (await (await t.request("/api/products/bad-product")).json()) as { image_url: unknown };
    const creator = (await (await t.request("/api/creators/bad_creator")).json()) as Record<string, unknown>;
    expect([story.image_url, product.image_url, creator.profile_image_url, creator.portfolio_url, creator.website]).toEqual([null, null, null, null, null]);
  });
});
