/**
 * Stored XSS: a creator, a story and a product written straight into the database with script and
 * HTML payloads in every text field the client renders (names, titles, descriptions, bio, city,
 * links) show as text in Chromium: no dialog, no CSP violation, no injected element, and every
 * link the page renders from data is http(s).
 */
import { appendFileSync } from "node:fs";
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { creatorSearchText, productSearchText, storySearchText } from "../src/server/search/search-text.js";

/** Each payload marks what it would inject with data-xss, so one query finds any that got in. */
const PAYLOAD =
  `<img src=x onerror="alert('img')" data-xss="img">` +
  `"><svg onload="alert('svg')" data-xss="svg"></svg>` +
  `<script data-xss="script">alert('script')</script>` +
  `<a href="javascript:alert('a')" data-xss="a">x</a>` +
  `<iframe srcdoc="<script>parent.alert('iframe')</script>" data-xss="iframe"></iframe>'-alert('quote')-'`;
const HOSTILE_LINKS = ["javascript:alert('website')", "jav&#x61;script:alert(1)", " JAVASCRIPT:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)"];
const MARK = "Xssproof";

function seed() {
  const db = new Database(process.env.E2E_DB_FILE!);
  const now = new Date().toISOString();
  const future = new Date(Date.UTC(2099, 0, 1)).toISOString();
  db.prepare(
    `insert into story (id, title, description, city, date, image_url, created_at, search_text) values (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run("xss-story", `${MARK} story ${PAYLOAD}`, `Description ${PAYLOAD}`, `City ${PAYLOAD}`, future, HOSTILE_LINKS[0], now, storySearchText({ title: `${MARK} story ${PAYLOAD}`, description: `Description ${PAYLOAD}` }));
  db.prepare(
    `insert into product (id, kind, category, title, description, price_cents, stock, limited_edition, image_url, story_id, created_at, search_text) values (?, 'merch', 'clothing', ?, ?, 1500, 5, 0, ?, 'xss-story', ?, ?)`,
  ).run("xss-product", `${MARK} product ${PAYLOAD}`, `Description ${PAYLOAD}`, HOSTILE_LINKS[3], future, productSearchText({ title: `${MARK} product ${PAYLOAD}`, description: `Description ${PAYLOAD}` }));
  HOSTILE_LINKS.forEach((link, i) => {
    const id = `xss-creator-${i}`;
    db.prepare(
      `insert into creator (id, first_name, last_name, email, bio, city, state, instagram, website, image_url, approved, joined, search_text) values (?, ?, ?, ?, ?, ?, 'NY', ?, ?, ?, 1, ?, ?)`,
    ).run(id, `First ${PAYLOAD}`, `${MARK} ${PAYLOAD}`, `${id}@example.com`, `Bio ${PAYLOAD}`, `New York ${PAYLOAD}`, `x" onmouseover="alert(1)`, link, HOSTILE_LINKS[(i + 1) % HOSTILE_LINKS.length], future,
      creatorSearchText({ first_name: `First ${PAYLOAD}`, last_name: `${MARK} ${PAYLOAD}`, bio: `Bio ${PAYLOAD}`, city: `New York ${PAYLOAD}` }));
    db.prepare(`insert into creator_discipline (creator_id, discipline) values (?, 'visual_art')`).run(id);
    db.prepare(`insert into creator_story (creator_id, story_id) values (?, 'xss-story')`).run(id);
  });
  db.close();
}

/** Opens a page with listeners for dialogs, CSP violations (DOM event and console) and errors. */
async function watch(page: Page) {
  const incidents: string[] = [];
  page.on("dialog", async (dialog) => {
    incidents.push(`dialog: ${dialog.message()}`);
    await dialog.dismiss();
  });
  page.on("console", (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) incidents.push(`console: ${msg.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return incidents;
}

async function assertInert(page: Page, incidents: string[], label: string) {
  const injected = await page.locator("[data-xss]").count();
  const csp = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  const badLinks = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement | HTMLImageElement | HTMLIFrameElement>("a[href], img[src], iframe[src]")]
      .map((el) => (el instanceof HTMLAnchorElement ? el.href : el.src))
      .filter((url) => !/^(https?:|mailto:)/i.test(url)),
  );
  expect({ label, incidents, csp, injected, badLinks }).toEqual({ label, incidents: [], csp: [], injected: 0, badLinks: [] });
  return { injected, csp: csp.length, dialogs: incidents.length, badLinks: badLinks.length };
}

test("script and HTML stored in every rendered text field shows as text, with no dialog, CSP violation, injected element or non-http link", async ({ page }) => {
  seed();
  const incidents = await watch(page);
  const checked: string[] = [];

  await page.goto("/stories");
  await expect(page.getByText(`${MARK} story <img`).first()).toBeVisible();
  await assertInert(page, incidents, "stories");
  checked.push("stories");

  await page.goto("/store");
  await expect(page.getByText(`${MARK} product <img`).first()).toBeVisible();
  await assertInert(page, incidents, "store");
  checked.push("store");

  await page.goto(`/creators?q=${MARK}`);
  await expect(page.locator("article").getByText(`Bio <img`).first()).toBeVisible();
  await expect(page.locator("article").getByText(/New York <img/).first()).toBeVisible();
  // Hover and focus every link and image: an injected handler would fire now.
  for (const link of await page.locator("article a").all()) await link.hover();
  await assertInert(page, incidents, "creators");
  checked.push("creators");

  await page.goto("/home");
  await assertInert(page, incidents, "home");
  checked.push("home");

  const line = `xss browser: ${checked.length} pages (${checked.join(", ")}) with payloads in every rendered field and ${HOSTILE_LINKS.length} hostile stored links: 0 dialogs, 0 CSP violations, 0 injected elements, 0 non-http(s) links`;
  process.stdout.write(`FIGURE ${line}\n`);
  if (process.env.RELIABILITY_FIGURES) appendFileSync(process.env.RELIABILITY_FIGURES, `${line}\n`);
});
