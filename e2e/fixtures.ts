/** Shared helpers for the browser tests: unique accounts, API sign-up, and axe. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import Database from "better-sqlite3";
import { expect, test as base, type APIRequestContext, type Locator, type Page, type Route } from "@playwright/test";
import { createDb, type Db } from "../src/server/db/client.js";
import { publicCreator, publicProduct, publicStory } from "../src/server/db/visibility.js";
import { insertCartItem, insertFavorite, insertProduct, insertStory } from "../src/server/db/seed/factories.js";
import type { ReceivedMail } from "./mail-receiver.js";

let counter = 0;
export function uniqueAccount(prefix = "fan") {
  counter += 1;
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return {
    username: `${prefix}${id}`.slice(0, 30),
    email: `${prefix}.${id}@example.com`,
    phone: "+1 (555) 010-2000",
    password: "violet skies 77",
  };
}

/** The origin the server trusts: the page's, or the configured baseURL before any navigation. */
function originOf(page: Page): string {
  const url = page.url();
  if (url.startsWith("http")) return new URL(url).origin;
  const baseURL = base.info().project.use.baseURL;
  if (!baseURL) throw new Error("playwright.config.ts sets no baseURL");
  return new URL(baseURL).origin;
}

let creatorCounter = 0;
/** A creator's name the server turns into an id of its own (letters only: a name must have one). */
export function uniqueCreatorName(first: string, last = "Tester") {
  creatorCounter += 1;
  const letters = `${Date.now().toString(36)}${process.pid.toString(36)}${creatorCounter}`.replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);
  return { first_name: first, last_name: `${last}${letters}` };
}

/**
 * Signs up in the page's context and applies as a creator through the API (the application is
 * instant): the page's session is a creator's, with a studio.
 */
export async function becomeCreator(page: Page, { first = "Robin", last = "Tester", bio = "I write about the places I live in." } = {}) {
  const account = await signUpViaApi(page, uniqueAccount("maker"));
  const res = await page.request.post("/api/creators/applications", {
    data: { ...uniqueCreatorName(first, last), email: account.email, bio, state: "IL", city: "Chicago", art_type: ["writing"] },
    headers: { origin: originOf(page) },
  });
  expect(res.status(), await res.text()).toBe(201);
  const creator = (await res.json()) as { id: string; artist_name: string };
  return { account, creator, name: creator.artist_name };
}

/** Signs up through the API in the page's context, so the page's cookie jar holds the session. */
export async function signUpViaApi(page: Page, account = uniqueAccount()) {
  const res = await page.request.post("/api/auth/sign-up/email", {
    data: { ...account, confirmPassword: account.password },
    headers: { origin: originOf(page) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return account;
}

/**
 * Creates an account through a request context of its own (e.g. the `request` fixture), so the
 * page under test stays signed out: for "this email is already registered" cases.
 */
export async function createAccount(request: APIRequestContext, account = uniqueAccount()) {
  const baseURL = base.info().project.use.baseURL;
  if (!baseURL) throw new Error("playwright.config.ts sets no baseURL");
  const res = await request.post("/api/auth/sign-up/email", {
    data: { ...account, confirmPassword: account.password },
    headers: { origin: new URL(baseURL).origin },
  });
  expect(res.status(), await res.text()).toBe(200);
  return account;
}

/** Signs up through the API and returns the account with its user id (the `uid` of GET /api/me). */
export async function signUpWithUid(page: Page, account = uniqueAccount()) {
  await signUpViaApi(page, account);
  const me = await page.request.get("/api/me");
  expect(me.status()).toBe(200);
  const { uid } = (await me.json()) as { uid: string };
  return { ...account, uid };
}

/**
 * axe-core as @axe-core/playwright runs it (its own dependency, so the same version and rules),
 * minified. The package's AxeBuilder sent the 1.3 MB unminified build twice per check, into the
 * page and into a blank page it opened to merge the results of the page's frames; the site has no
 * frames, so axe runs in the page itself, loaded once per document: a later check on the same
 * document (a dialog opened, a route changed inside the app) finds it already there. Same results
 * as AxeBuilder's, passes and incomplete checks included (compared on the main pages).
 */
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright")).resolve("axe-core/axe.min.js"),
  "utf8",
);

interface AxeInPage {
  run(context: Document, options: object): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }>;
}

export async function expectNoAxeViolations(page: Page) {
  // Entrance animations fade content in; contrast is judged on the settled page.
  const loaded = await page.evaluate(async () => {
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    );
    return typeof (window as { axe?: Partial<AxeInPage> }).axe?.run === "function";
  });
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: AxeInPage };
    const results = await axe.run(document, {});
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
  expect(violations).toEqual([]);
}

function e2eDatabaseFile(): string {
  const file = process.env.E2E_DB_FILE;
  if (!file) throw new Error("E2E_DB_FILE is not set (see playwright.config.ts)");
  return file;
}

/**
 * How long a test's own write waits for the shared e2e server's write lock. The server's 5 s suits
 * a request; a test arranging rows must not fail because, on a loaded machine, the server and the
 * other workers' requests queued more than 5 s of commits ahead of it (seen in CI as
 * "database is locked" while adding a product).
 */
const ARRANGE_BUSY_TIMEOUT_MS = 30_000;

/**
 * Drops the test server's response cache (scripts/e2e-server.mjs). A row written here never went
 * through a write route, so nothing invalidated the pages and reads the server keeps for up to five
 * minutes: without this, a page cached by another test a moment earlier hides the new row.
 */
export async function dropServerCache() {
  const port = process.env.E2E_CONTROL_PORT;
  if (!port) throw new Error("E2E_CONTROL_PORT is not set (see playwright.config.ts)");
  const res = await fetch(`http://127.0.0.1:${port}/drop-cache`, { method: "POST" });
  if (res.status !== 204) throw new Error(`the test server did not drop its cache: ${res.status}`);
}

/**
 * Runs the e2e server's clock `ms` ahead of the system's (0: back to the system's). Only the rules
 * that open at a moment read that clock (a scheduled drop, src/server/lib/clock.ts), so tests
 * beside this one are not moved.
 */
export async function moveServerClock(ms: number) {
  const port = process.env.E2E_CONTROL_PORT;
  if (!port) throw new Error("E2E_CONTROL_PORT is not set (see playwright.config.ts)");
  const res = await fetch(`http://127.0.0.1:${port}/clock?offset=${ms}`, { method: "POST" });
  if (res.status !== 204) throw new Error(`the test server did not move its clock: ${res.status}`);
}

/**
 * Runs a synchronous write on the e2e server's database (`openE2eDatabase`), then drops the
 * server's cache so every page shows it.
 */
export async function writeE2eDatabase<T>(write: (db: Database.Database) => T): Promise<T> {
  const db = openE2eDatabase();
  try {
    return write(db);
  } finally {
    db.close();
    await dropServerCache();
  }
}

/**
 * Opens the e2e server's SQLite database, for reading or changing rows no endpoint shows or
 * changes (e.g. a user's subscription). WAL mode lets this second connection write while the
 * server runs. A write that changes what a public page shows goes through `writeE2eDatabase`.
 */
export function openE2eDatabase() {
  const db = new Database(e2eDatabaseFile());
  db.pragma(`busy_timeout = ${ARRANGE_BUSY_TIMEOUT_MS}`);
  return db;
}

/**
 * The e2e server's database through the app's own client. The factories write in BEGIN IMMEDIATE
 * transactions as the server does (db/seed/factories.ts), and the busy timeout is long, so an
 * arrangement made while the server commits waits for it instead of failing with "database is locked".
 */
function openArrangementDatabase(): Db {
  const database = createDb(`file:${e2eDatabaseFile()}`);
  database.sqlite?.pragma(`busy_timeout = ${ARRANGE_BUSY_TIMEOUT_MS}`);
  return database;
}

/**
 * Runs `work` on the e2e server's database through the app's own client, so rows are arranged
 * with the factories (src/server/db/seed/factories.ts) exactly as the app writes them; then drops
 * the server's cache so every page shows them.
 */
export async function withE2eDatabase<T>(work: (database: Db) => Promise<T>): Promise<T> {
  const database = openArrangementDatabase();
  try {
    return await work(database);
  } finally {
    await database.close();
    await dropServerCache();
  }
}

/**
 * Likes `count` items for the user, spread over the three kinds: public stories, creators and
 * products first (so lists can show them), then products made for the purpose once those run out:
 * favorites list only public items, so every like must name one. Returns the ids liked, by kind.
 */
export async function addFavorites(uid: string, count: number) {
  const kinds = ["story", "creator", "product"] as const;
  const visible = { story: publicStory("story"), creator: publicCreator("sqlite", "creator"), product: publicProduct("product") };
  const real = await withE2eDatabase((database) =>
    Promise.all(
      kinds.map(async (table) =>
        (await database.db.selectFrom(table).select("id").where(visible[table]).orderBy("id").execute()).map((r) => r.id),
      ),
    ),
  );
  const liked = { story: [] as string[], creator: [] as string[], product: [] as string[] };
  const now = Date.now();
  const rows: { user_id: string; kind: (typeof kinds)[number]; item_id: string; created_at: Date }[] = [];
  for (let i = 0; i < count; i++) {
    let kind = kinds[i % 3]!;
    let id = real[i % 3]![Math.floor(i / 3)];
    if (!id) {
      kind = "product";
      id = (await addProduct({ stock: 1 })).id;
    }
    liked[kind].push(id);
    rows.push({ user_id: uid, kind, item_id: id, created_at: new Date(now + i) });
  }
  await withE2eDatabase((database) => insertFavorite(database, rows));
  return liked;
}

/** Store products of a kind, as GET /api/products lists them (first page). */
export async function listProducts(page: Page, kind: "merch" | "artifact" = "merch") {
  const res = await page.request.get(`/api/products?kind=${kind}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { id: string; name: string; price: string; price_cents: number }[] }).items;
}

/**
 * Puts lines straight into the user's cart, as another device would have: each in the product's
 * first size for a product sold in sizes (its one variant otherwise).
 */
export async function addCartItems(uid: string, lines: { productId: string; quantity: number }[]) {
  const now = Date.now();
  await withE2eDatabase(async (database) => {
    const rows = [];
    for (const [i, line] of lines.entries()) {
      const variant = await database.db
        .selectFrom("product_variant")
        .select("id")
        .where("product_id", "=", line.productId)
        .orderBy("position")
        .executeTakeFirstOrThrow();
      rows.push({ user_id: uid, product_id: line.productId, variant_id: variant.id, quantity: line.quantity, created_at: new Date(now + i) });
    }
    return insertCartItem(database, rows);
  });
}

/**
 * Holds every request matching `url` until the test calls `release()`, so an in-between state
 * (a pending session, a submitting form) can be asserted without sleeping. `requested` resolves
 * once the first matching request arrives.
 */
export async function holdRequests(page: Page, url: string | RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrived!: () => void;
  const requested = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  await page.route(url, async (route: Route) => {
    arrived();
    await released;
    await route.continue();
  });
  return { requested, release };
}

/** Answers every request matching `url` with the API's error shape. */
export async function failRequests(
  page: Page,
  url: string | RegExp,
  status: number,
  error: { code: string; message: string; fields?: Record<string, string> },
) {
  await page.route(url, (route) => route.fulfill({ status, json: { error } }));
  // The browser's line for the failed request, and the app's log of the failure it shows.
  const message = error.message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  allowConsoleErrors(page, new RegExp(`status of ${status}\\b`), new RegExp(`ApiError: ${message}`));
}

/**
 * Records what a careful visitor's console would show: every error and warning, uncaught
 * exceptions, and Content-Security-Policy violations (reported as `securitypolicyviolation`
 * events even when the page catches the failure, so the console alone would miss them).
 * Call before the first navigation; read the arrays once the page has settled.
 */
export async function watchConsole(page: Page) {
  const messages: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning") {
      messages.push(`${msg.type()} on ${page.url()}: ${msg.text()}`);
    }
  });
  page.on("pageerror", (error) => messages.push(`uncaught on ${page.url()}: ${error.message}`));
  // CSP violations arrive as console errors: every test's page reports them (guardConsole).
  /** Lets late messages (a failed request, a queued violation event) arrive before reading. */
  async function settle() {
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
  }
  return { messages, settle };
}

/**
 * Opens `path` as a navigation inside the running app rather than a page load: the public pages
 * arrive rendered by the server with their data (docs/decisions/0022), so a test of what the
 * browser shows while a read is slow, empty or failing (its route held or answered by the test)
 * starts on /about, a page that reads none of it, and moves on as a link inside the app would.
 */
export async function openInApp(page: Page, path: string, from = "/about") {
  await page.goto(from);
  await page.evaluate((target) => {
    window.history.pushState(null, "", target);
    window.dispatchEvent(new PopStateEvent("popstate", { state: null }));
  }, path);
  const wanted = new URL(path, "http://site");
  await expect(page).toHaveURL((url) => url.pathname === wanted.pathname && url.search === wanted.search);
}

/**
 * Waits until React has taken the page over: a server-rendered page shows its content before its
 * JavaScript runs (docs/decisions/0022), and hydration runs as a transition, a few milliseconds at
 * a time (main.tsx), so text typed or a click before it finishes could meet plain HTML. React ties
 * an element to its component when that element's part of the tree is done, and the outermost
 * element of the app (after any image preloads React put first) is done last: once it carries React's key, the whole page is hydrated (or, on
 * a page rendered in the browser, the first screen is committed). Pages that are not the app (a
 * JSON answer, an image) have no root and pass at once.
 */
export async function waitForApp(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById("root");
    if (!root) return true;
    // React's server render may start with <link rel="preload"> tags for the first images.
    const outermost = [...root.children].find((element) => element.tagName !== "LINK");
    return outermost !== undefined && Object.keys(outermost).some((key) => key.startsWith("__reactFiber"));
  });
}

/**
 * What a test expects its page's console to show besides nothing: a test that makes a request
 * fail on purpose (a 500, a dropped connection) names the errors that follow from it.
 */
const expectedConsoleErrors = new WeakMap<Page, RegExp[]>();

/** Lets `page` log errors matching `patterns` (the failures the test itself causes); any other still fails the test. */
export function allowConsoleErrors(page: Page, ...patterns: RegExp[]) {
  expectedConsoleErrors.set(page, [...(expectedConsoleErrors.get(page) ?? []), ...patterns]);
}

/**
 * The browser's own line for an answer the API gives by design: a refusal (4xx) is how the API
 * says no (a taken e-mail, a sold-out product, a wrong password) and the app shows it; Chromium
 * logs every non-2xx fetch as an error all the same. Only for `/api/` addresses and the page
 * itself (a 404 page): a missing image or script, a 5xx, a blocked request or a failed connection
 * is never expected unless the test says so.
 */
const API_REFUSAL = /^Failed to load resource: the server responded with a status of 4\d\d\b/;

/** An API address, or the page itself: an unknown path is the site's 404 page, with status 404. */
function isAnswerByDesign(resource: string, page: string): boolean {
  if (!resource) return false;
  return new URL(resource).pathname.startsWith("/api/") || resource === page;
}

/**
 * Watches every page of every test, as a careful visitor's console would show it: errors (React
 * logs its recoverable errors, hydration mismatches among them, as errors: main.tsx), uncaught
 * exceptions, and Content-Security-Policy violations, which the page reports as errors here even
 * when it catches the failure. The test fails at its end if any appeared, naming each.
 */
async function guardConsole(page: Page) {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() !== "error") return;
    if (API_REFUSAL.test(msg.text()) && isAnswerByDesign(msg.location().url, page.url())) return;
    problems.push(`console error on ${page.url()}: ${msg.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught on ${page.url()}: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || "(inline)"} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return () => {
    const allowed = expectedConsoleErrors.get(page) ?? [];
    return problems.filter((problem) => !allowed.some((pattern) => pattern.test(problem)));
  };
}

/**
 * Every test's page waits for the app after each load (goto, reload), unless JavaScript is off,
 * and fails the test on any console error, uncaught exception, CSP violation or React
 * recoverable error it saw (guardConsole).
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const unexpected = await guardConsole(page);
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args: Parameters<Page["goto"]>) => {
        const response = await goto(...args);
        await waitForApp(page);
        return response;
      };
      page.reload = async (...args: Parameters<Page["reload"]>) => {
        const response = await reload(...args);
        await waitForApp(page);
        return response;
      };
    }
    await use(page);
    const problems = unexpected();
    expect(problems, "the page's console showed errors").toEqual([]);
  },
});
export { expect };

/** Presses Tab until `target` has the focus: it is reachable by keyboard, in the page's order. */
export async function tabTo(page: Page, target: Locator, most = 150) {
  for (let i = 0; i < most; i += 1) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${target.toString()} was not reached in ${most} presses of Tab`);
}

let productCounter = 0;
/**
 * A product of a test's own (merch of category 'other', without a picture: neither the carousel
 * nor the grid lists those, so tests running beside it see the same store).
 */
export async function addProduct({
  stock,
  price_cents = 1500,
  name,
  drops_at = null,
  limit_per_buyer = null,
}: {
  stock: number;
  price_cents?: number;
  name?: string;
  /** A scheduled drop's opening (ISO time), and its limit per person. */
  drops_at?: string | null;
  limit_per_buyer?: number | null;
}) {
  productCounter += 1;
  const id = `prod-e2e-${process.pid}-${Date.now().toString(36)}-${productCounter}`;
  const title = name ?? `Sticker ${id.slice("prod-e2e-".length)}`;
  await withE2eDatabase((database) =>
    insertProduct(database, {
      id,
      kind: "merch",
      category: "other",
      title,
      description: "A sticker for the tests.",
      price_cents,
      stock,
      drops_at,
      limit_per_buyer,
      created_at: "2020-01-01T00:00:00.000Z",
    }),
  );
  return { id, name: title, price_cents };
}

let storyCounter = 0;
/**
 * A published story of a test's own, with a page. Dated 2001, so it sorts after the sample stories
 * on /stories and the other specs' "newest first" assertions do not see it.
 */
export async function addStory({ title, body = "A story written for the browser tests." }: { title?: string; body?: string } = {}) {
  storyCounter += 1;
  const id = `story-e2e-${process.pid}-${Date.now().toString(36)}-${storyCounter}`;
  const name = title ?? `Story ${id.slice("story-e2e-".length)}`;
  await withE2eDatabase((database) =>
    insertStory(database, { id, title: name, body, city: "Chicago", date: "2001-06-01T12:00:00.000Z", description: "Written for the tests." }),
  );
  return { id, title: name };
}

/**
 * Clicks `more` until `target` shows, or fails once there is no more to load. A list grows with
 * what the other specs add beside it: an item of a test's own may sit past the first page. After
 * each click it waits for `items` (the list's items) to grow, as loadAll does: until then the
 * button may still be the one just clicked, and on the last page it goes, so clicking it again
 * would wait for a button that never comes back.
 */
export async function loadUntil(target: Locator, items: Locator, more: Locator) {
  for (;;) {
    await expect(target.or(more).first()).toBeVisible();
    if (await target.isVisible()) return;
    const before = await items.count();
    await more.click();
    await expect.poll(() => items.count()).toBeGreaterThan(before);
  }
}

/**
 * Clicks `more` until it goes, waiting each time for `items` to grow: a page's items and whether
 * another page follows arrive in one render, so once the count has grown the button is settled.
 */
export async function loadAll(items: Locator, more: Locator) {
  await expect(items.first()).toBeVisible();
  while (await more.isVisible()) {
    const before = await items.count();
    await more.click();
    await expect.poll(() => items.count()).toBeGreaterThan(before);
  }
}

/** Sets the stock of a product without sizes (its one variant, and its total), as a sale elsewhere would. */
export function setStock(productId: string, stock: number) {
  return writeE2eDatabase((db) => {
    db.prepare("update product_variant set stock = ? where id = ?").run(stock, productId);
    db.prepare("update product set stock = ? where id = ?").run(stock, productId);
  });
}

/** Signs in an existing account through the API in the page's context. */
export async function signInViaApi(page: Page, account: { email: string; password: string }) {
  const res = await page.request.post("/api/auth/sign-in/email", {
    data: { email: account.email, password: account.password },
    headers: { origin: originOf(page) },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Every e-mail the site has sent so far (e2e/mail-receiver.ts keeps each as a JSON file). */
export function receivedMails(): ReceivedMail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error("E2E_MAIL_DIR is not set (see playwright.config.ts)");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")) as ReceivedMail);
}

/** The e-mails sent to `recipient` whose subject matches, oldest first. */
export function mailsTo(recipient: string, subject?: string | RegExp): ReceivedMail[] {
  const address = recipient.toLowerCase();
  return receivedMails().filter(
    (mail) =>
      mail.to.some((to) => to.toLowerCase() === address) &&
      (subject === undefined || (typeof subject === "string" ? mail.subject === subject : subject.test(mail.subject))),
  );
}

/** Waits (polling, no sleeps) for an e-mail to `recipient` whose subject matches, and returns it. */
export async function waitForMail(recipient: string, subject?: string | RegExp, timeout = 15_000): Promise<ReceivedMail> {
  await expect
    .poll(() => mailsTo(recipient, subject).length, { timeout, message: `an e-mail to ${recipient}${subject ? ` (${String(subject)})` : ""}` })
    .toBeGreaterThan(0);
  return mailsTo(recipient, subject)[0]!;
}

export interface ShippingAddressInput {
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip: string;
}

export const BUYER_ADDRESS: ShippingAddressInput = {
  name: "Ada Buyer",
  line1: "12 Main Street",
  line2: "Apt 3",
  city: "Springfield",
  state: "IL",
  zip: "62701",
};

/** Places an order from the cart through the API in the page's session; the page must be on the site. */
export async function placeOrderViaApi(page: Page, email: string, address: ShippingAddressInput = BUYER_ADDRESS) {
  const res = await page.request.post("/api/orders", {
    headers: { origin: new URL(page.url()).origin, "idempotency-key": `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: {
      email,
      name: address.name,
      address_line1: address.line1,
      address_line2: address.line2,
      city: address.city,
      state: address.state,
      zip: address.zip,
      phone: "+1 (555) 010-2000",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; total_cents: number; invoice_number: string | null };
}

/** The page fits its window: nothing scrolls sideways (a phone's 390 px as much as a desktop's). */
export async function expectNoSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width);
}
