/**
 * The Store screen (/store): carousel, search, filters, grid, product modal, deep links and the
 * subscribe gate, against the real server on the seeded database (src/server/db/seed/content.ts).
 * Every test signs up its own account, so tests run in parallel and repeat safely. Time-based
 * behaviour runs on Playwright's clock: never a sleep.
 */
import type { Locator, Page } from "@playwright/test";
import { allowConsoleErrors, expect, expectNoAxeViolations, openE2eDatabase, openInApp, signUpViaApi, test, uniqueAccount } from "./fixtures";

/** The fake clock's start; pausing an hour later leaves room for any page load. */
const T0 = new Date("2026-03-02T10:00:00Z");
const LATER = new Date(T0.getTime() + 60 * 60_000);

const TEES = 8; // clothing merch in the seed
const ARTIFACTS = 17;
const PAGE_SIZE = 12;

const ids = {
  mug: "prod-cafe-senora-mug", // in stock (15), not limited, $24.00, page 2 of the grid
  soldOutLp: "prod-rust-belt-choir-vinyl", // stock 0, limited
  print: "prod-neon-bakery-print", // limited, 8 available, $45.00
  zine: "prod-tidepool-zine-issue", // 40 available, not limited, $9.00
  soldOutTee: "prod-neon-bakery-tee",
};

async function signUpSubscriber(page: Page) {
  return signUpViaApi(page, uniqueAccount("shop"));
}

function carousel(page: Page) {
  return page.getByRole("region", { name: "Featured Tees of the Week" });
}
function dot(page: Page, n: number) {
  return carousel(page).getByRole("button", { name: `Go to slide ${n}`, exact: true });
}
async function expectSlide(page: Page, n: number) {
  await expect(dot(page, n)).toHaveAttribute("aria-current", "true");
  await expect(carousel(page).getByRole("group", { name: `${n} of ${TEES}` })).toBeVisible();
  await expect(carousel(page).locator('[aria-current="true"]')).toHaveCount(1);
}
/** The live region of the slides: "off" exactly while the carousel rotates on its own. */
function slides(page: Page) {
  return carousel(page).locator("[aria-live]");
}
function cards(page: Page) {
  return page.getByTestId("product-card");
}
function card(page: Page, title: string | RegExp) {
  return cards(page).getByRole("button", { name: title });
}
function productDialog(page: Page, name: string) {
  return page.getByRole("dialog", { name });
}
/** Takes the pointer and the focus off the carousel, so it may rotate. */
async function leaveCarousel(page: Page) {
  await page.mouse.move(2, 2);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

async function openStore(page: Page, path = "/store") {
  await page.goto(path);
  await expect(dot(page, 1)).toBeVisible();
  await expect(cards(page)).toHaveCount(PAGE_SIZE);
}

test.describe("store for a subscriber", () => {
  test("title, one h1, hero and the carousel of clothing", async ({ page }) => {
    await signUpSubscriber(page);
    await openStore(page);
    await expect(page).toHaveTitle("Store · MAYBE");
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 2, name: "Featured Artifcats" })).toBeVisible();

    const region = carousel(page);
    await expect(region).toHaveAttribute("aria-roledescription", "carousel");
    await expect(region.locator('[aria-roledescription="slide"]')).toHaveCount(TEES);
    await expect(region.getByRole("button", { name: /^Go to slide \d$/ })).toHaveCount(TEES);
    await expect(region.getByRole("button", { name: "Previous slide" })).toBeVisible();
    await expect(region.getByRole("button", { name: "Next slide" })).toBeVisible();
    await expectSlide(page, 1);
    // Only merch tees are slides; the sold-out tee is one of them.
    const res = await page.request.get(`/api/products/${ids.soldOutTee}`);
    const soldOutTee = (await res.json()) as { title: string };
    await expect(region.locator('[aria-roledescription="slide"]').filter({ hasText: soldOutTee.title })).toContainText(
      "Sold Out",
    );
  });

  test("the carousel advances exactly one slide per 5 s and pauses while hovered", async ({ page }) => {
    await page.clock.install({ time: T0 });
    await signUpSubscriber(page);
    await openStore(page);

    await carousel(page).hover();
    await page.clock.pauseAt(LATER);
    await dot(page, 1).click();
    await expectSlide(page, 1);
    await leaveCarousel(page);
    await expect(slides(page)).toHaveAttribute("aria-live", "off");

    await page.clock.runFor(4999);
    await expectSlide(page, 1);
    await page.clock.runFor(1);
    await expectSlide(page, 2);
    await page.clock.runFor(5000);
    await expectSlide(page, 3);

    // Hovered: it holds still, and the slides become a polite live region.
    await carousel(page).hover();
    await expect(slides(page)).toHaveAttribute("aria-live", "polite");
    await page.clock.runFor(20_000);
    await expectSlide(page, 3);

    await leaveCarousel(page);
    await expect(slides(page)).toHaveAttribute("aria-live", "off");
    await page.clock.runFor(5000);
    await expectSlide(page, 4);

    // Auto-advance wraps from the last slide to the first.
    await dot(page, TEES).click();
    await leaveCarousel(page);
    await expect(slides(page)).toHaveAttribute("aria-live", "off");
    await page.clock.runFor(5000);
    await expectSlide(page, 1);

    // The stop button holds it too.
    await carousel(page).getByRole("button", { name: "Stop automatic slide show" }).click();
    await leaveCarousel(page);
    await page.clock.runFor(20_000);
    await expectSlide(page, 1);
    await expect(carousel(page).getByRole("button", { name: "Start automatic slide show" })).toBeVisible();
  });

  test("arrows, dots and the keyboard move the carousel, wrapping both ways", async ({ page }) => {
    await signUpSubscriber(page);
    await openStore(page);
    const region = carousel(page);

    await dot(page, 1).click(); // pointer and focus now hold the rotation
    await expectSlide(page, 1);
    await region.getByRole("button", { name: "Previous slide" }).click();
    await expectSlide(page, TEES);
    await region.getByRole("button", { name: "Next slide" }).click();
    await expectSlide(page, 1);
    await region.getByRole("button", { name: "Next slide" }).click();
    await expectSlide(page, 2);
    await dot(page, 5).click();
    await expectSlide(page, 5);

    // Arrow keys while focus is in the carousel.
    await region.getByRole("button", { name: "Next slide" }).focus();
    await page.keyboard.press("ArrowRight");
    await expectSlide(page, 6);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expectSlide(page, 4);
    await dot(page, 1).click();
    await page.keyboard.press("ArrowLeft");
    await expectSlide(page, TEES);
    await page.keyboard.press("ArrowRight");
    await expectSlide(page, 1);

    // From a slide, focus follows to the new slide (the old one turns inert).
    const first = region.getByRole("group", { name: `1 of ${TEES}` }).getByRole("button");
    await first.focus();
    await page.keyboard.press("ArrowRight");
    await expectSlide(page, 2);
    await expect(region.getByRole("group", { name: `2 of ${TEES}` }).getByRole("button")).toBeFocused();
  });

  test("the arrow keys move the carousel from anywhere on the page, but not from the search box or under the modal", async ({
    page,
  }) => {
    await signUpSubscriber(page);
    await openStore(page);
    // Held still, so only the keys move it.
    await carousel(page).getByRole("button", { name: "Stop automatic slide show" }).click();
    await leaveCarousel(page);
    await expectSlide(page, 1);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

    await page.keyboard.press("ArrowRight");
    await expectSlide(page, 2);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expectSlide(page, TEES);
    await page.keyboard.press("ArrowRight");
    await expectSlide(page, 1);
    // Focus stays where it was: on the page, not pulled into the carousel.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    // With a modifier the key is someone else's (Alt+Left is the browser's Back).
    await page.keyboard.press("Shift+ArrowRight");
    await expectSlide(page, 1);

    // In the search box the arrows move the caret, not the carousel.
    const box = page.getByRole("searchbox", { name: "Search merchandise..." });
    await box.fill("mug");
    await box.press("ArrowLeft");
    await box.press("ArrowRight");
    await box.press("ArrowRight");
    await expectSlide(page, 1);
    await expect(box).toHaveValue("mug");
    await box.fill("");
    await expect(cards(page)).toHaveCount(PAGE_SIZE);

    // Under the product modal the carousel holds still.
    await card(page, /Tidepool Zine, Issue 7/).click();
    const dialog = productDialog(page, "Tidepool Zine, Issue 7");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expectSlide(page, 1);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // Back on the page (focus returned to the card): the keys move it again.
    await expect(card(page, /Tidepool Zine, Issue 7/)).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expectSlide(page, TEES);
  });

  test("reduced motion: no rotation and no card animation; otherwise cards stagger by 0.1 s", async ({ page }) => {
    await page.clock.install({ time: T0 });
    await signUpSubscriber(page);
    await openStore(page);

    // Normal motion first: each card waits index × 0.1 s and plays the card-in animation.
    const firstCards = cards(page);
    await expect(firstCards.nth(0)).toHaveCSS("animation-delay", "0s");
    await expect(firstCards.nth(1)).toHaveCSS("animation-delay", "0.1s");
    await expect(firstCards.nth(3)).toHaveCSS("animation-delay", "0.3s");
    await expect(firstCards.nth(1)).toHaveCSS("animation-name", "card-in");
    // Images lazy-load at a fixed 4:5 size.
    const img = firstCards.locator("img").first();
    await expect(img).toHaveAttribute("loading", "lazy");
    await expect(img).toHaveAttribute("width", "800");
    await expect(img).toHaveAttribute("height", "1000");

    await page.emulateMedia({ reducedMotion: "reduce" });
    await expect(firstCards.nth(1)).toHaveCSS("animation-name", "none");
    await page.clock.pauseAt(LATER);
    await leaveCarousel(page);
    await expect(slides(page)).toHaveAttribute("aria-live", "polite");
    await expect(carousel(page).getByRole("button", { name: "Stop automatic slide show" })).toHaveCount(0);
    const before = await carousel(page).locator('[aria-current="true"]').getAttribute("aria-label");
    await page.clock.runFor(30_000);
    await expect(carousel(page).locator('[aria-current="true"]')).toHaveAttribute("aria-label", before ?? "");
  });

  test("cards show the badge, the price and the category icon without an image", async ({ page }) => {
    await signUpSubscriber(page);
    await openStore(page);
    await expect(card(page, /Rust Belt Choir Live LP/)).toContainText("Sold Out");
    await expect(card(page, /Rust Belt Choir Live LP/)).toContainText("$32.00");
    await expect(card(page, /Neon Bakery Risograph Print/)).toContainText("Limited");
    // 'Mystery Zine Envelope' has no image: the 'other' icon stands in.
    const envelope = card(page, /Mystery Zine Envelope/);
    await expect(envelope.locator("img")).toHaveCount(0);
    await expect(envelope.getByTestId("category-icon")).toHaveAttribute("data-category", "other");
    await expect(envelope.locator("svg.lucide-package")).toHaveCount(1);
  });

  test("Load more brings the next page", async ({ page }) => {
    await signUpSubscriber(page);
    await openStore(page);
    await expect(page.getByText(`Showing ${PAGE_SIZE} items, more to load`)).toBeVisible();
    await page.getByRole("button", { name: "Load more" }).click();
    await expect(cards(page)).toHaveCount(ARTIFACTS);
    await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
    await expect(page.getByText(`${ARTIFACTS} items found`)).toBeVisible();
  });

  test("search is server-side, debounced, case-insensitive and announced", async ({ page }) => {
    await page.clock.install();
    await signUpSubscriber(page);
    await openStore(page);
    const searches: string[] = [];
    page.on("request", (req) => {
      const url = new URL(req.url());
      if (url.pathname === "/api/products" && url.searchParams.has("q")) searches.push(url.searchParams.get("q")!);
    });

    const box = page.getByRole("searchbox", { name: "Search merchandise..." });
    await expect(box).toHaveAttribute("placeholder", "Search merchandise...");
    // Time stands still while the six letters are typed, so however slowly the machine types,
    // the debounce decides alone what is sent: nothing until 300 ms pass, then the whole word once.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await box.pressSequentially("SEÑORA");
    await page.clock.runFor(250);
    expect(searches).toEqual([]);
    const sent = page.waitForRequest((req) => new URL(req.url()).searchParams.get("q") === "SEÑORA");
    await page.clock.runFor(100);
    await sent;
    await page.clock.resume();
    await expect(card(page, /Café Señora Enamel Mug/)).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
    await expect(page.getByRole("status").filter({ hasText: "1 item found" })).toBeVisible();
    expect(searches).toEqual(["SEÑORA"]);

    await box.fill("zzqx nothing like this");
    await expect(page.getByText("No items found")).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "0 items found" })).toBeVisible();

    await box.fill("");
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
  });

  test("More Filters reveals category and story filters that combine with the search", async ({ page }) => {
    await signUpSubscriber(page);
    await openStore(page);
    const toggle = page.getByRole("button", { name: "More Filters" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    const group = page.getByRole("group", { name: "Filter by Story" });
    await expect(group).toBeHidden();

    await toggle.click();
    const less = page.getByRole("button", { name: "Less Filters" });
    await expect(less).toHaveAttribute("aria-expanded", "true");
    await expect(group).toBeVisible();
    await expect(group.getByRole("button", { name: "All Items" })).toHaveAttribute("aria-pressed", "true");
    // Categories present among artifacts, capitalised; clothing is merch only.
    for (const label of ["Art", "Music", "Video", "Other"]) {
      await expect(group.getByRole("button", { name: label, exact: true })).toBeVisible();
    }
    await expect(group.getByRole("button", { name: "Clothing", exact: true })).toHaveCount(0);

    await group.getByRole("button", { name: "Music", exact: true }).click();
    await expect(group.getByRole("button", { name: "Music", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(group.getByRole("button", { name: "All Items" })).toHaveAttribute("aria-pressed", "false");
    await expect(cards(page)).toHaveCount(2);
    await expect(card(page, /Cassette Garden Compilation Tape/)).toBeVisible();
    await expect(card(page, /Rust Belt Choir Live LP/)).toBeVisible();

    // A story: only that story's artifacts (its hoodie is merch, so not here).
    await group.getByRole("button", { name: "Basement Press: Ink on Everything" }).click();
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, /Letterpress Poem Card Pack/)).toBeVisible();

    // Filters and search combine.
    await group.getByRole("button", { name: "Art", exact: true }).click();
    await page.getByRole("searchbox", { name: "Search merchandise..." }).fill("poster");
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, /Silkscreen Summer Poster Set/)).toBeVisible();
    await group.getByRole("button", { name: "Music", exact: true }).click();
    await expect(page.getByText("No items found")).toBeVisible();

    await page.getByRole("searchbox", { name: "Search merchandise..." }).fill("");
    await group.getByRole("button", { name: "All Items" }).click();
    await expect(cards(page)).toHaveCount(PAGE_SIZE);

    await less.click();
    await expect(page.getByRole("button", { name: "More Filters" })).toHaveAttribute("aria-expanded", "false");
    await expect(group).toBeHidden();
  });

  test("the modal shows stock, price, limited edition and sold-out states", async ({ page }) => {
    await signUpSubscriber(page);
    await openStore(page);

    await card(page, /Tidepool Zine, Issue 7/).click();
    let dialog = productDialog(page, "Tidepool Zine, Issue 7");
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Art");
    await expect(dialog).toContainText("Twenty-four photocopied pages");
    await expect(dialog).toContainText("$9.00");
    await expect(dialog.getByText("40 available")).toBeVisible();
    await expect(dialog.getByText("Limited Edition")).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Add to Cart - $9.00" })).toBeEnabled();
    await expect(dialog.getByRole("button", { name: "Add to Favorites" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await card(page, /Neon Bakery Risograph Print/).click();
    dialog = productDialog(page, "Neon Bakery Risograph Print");
    await expect(dialog.getByText("Limited Edition")).toBeVisible();
    await expect(dialog.getByText("8 available")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Add to Cart - $45.00" })).toBeEnabled();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();

    await card(page, /Rust Belt Choir Live LP/).click();
    dialog = productDialog(page, "Rust Belt Choir Live LP");
    await expect(dialog.getByText("Out of stock")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Sold Out" })).toBeDisabled();
    await expect(dialog.getByRole("button", { name: /Add to Cart/ })).toHaveCount(0);
  });

  test("a carousel slide opens the same modal", async ({ page }) => {
    await signUpSubscriber(page);
    await openStore(page);
    await dot(page, 1).click();
    const slide = carousel(page).getByRole("group", { name: `1 of ${TEES}` }).getByRole("button");
    const title = (await slide.locator(".font-heavy").first().textContent())!;
    await slide.click();
    await expect(productDialog(page, title)).toBeVisible();
    await expect(page).toHaveURL(/\?productId=prod-/);
    await page.keyboard.press("Escape");
    await expect(productDialog(page, title)).toBeHidden();
    await expect(slide).toBeFocused();
  });

  test("add to cart: a notice for 2.5 s and the header count goes up", async ({ page }) => {
    await page.clock.install({ time: T0 });
    await signUpSubscriber(page);
    await page.goto(`/store?productId=${ids.mug}`);
    const dialog = productDialog(page, "Café Señora Enamel Mug");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("15 available")).toBeVisible();
    await expect(page.getByRole("button", { name: "Open cart, 0 items" })).toBeAttached();

    await page.clock.pauseAt(LATER);
    await dialog.getByRole("button", { name: "Add to Cart - $24.00" }).click();
    const notice = dialog.getByRole("status").filter({ hasText: "Café Señora Enamel Mug added to cart!" });
    await expect(notice).toBeVisible();
    await page.clock.runFor(2499);
    await expect(notice).toBeVisible();
    await page.clock.runFor(1);
    await expect(page.getByText("Café Señora Enamel Mug added to cart!")).toHaveCount(0);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Open cart, 1 item" })).toBeVisible();
    const cart = (await (await page.request.get("/api/me/cart")).json()) as { count: number };
    expect(cart.count).toBe(1);
  });

  test("a piece sold in sizes needs one: sold-out sizes stay choosable, crossed out; &size= keeps the choice; once the cart holds all of it the modal says so", async ({
    page,
  }) => {
    await signUpSubscriber(page);
    // One of a kind, in M only (the sample clothing's sizes: seed/content.ts sampleSizes).
    await page.goto("/store?productId=prod-patchwork-denim-jacket");
    const dialog = productDialog(page, "Patchwork Denim Jacket");
    const sizes = dialog.getByRole("group", { name: "Size" });
    await expect(sizes.getByRole("radio")).toHaveCount(4);
    await expect(sizes.getByRole("radio", { name: "S (sold out)" })).toBeEnabled();
    const add = dialog.getByRole("button", { name: "Add to Cart - $180.00" });
    await add.click();
    await expect(dialog.getByRole("alert").filter({ hasText: "Choose a size" })).toBeVisible();
    await expect(sizes.getByRole("radio", { name: "S (sold out)" })).toBeFocused();
    // The keyboard moves through the sizes; a sold-out one says so on the button.
    await page.keyboard.press("ArrowRight");
    await expect(sizes.getByRole("radio", { name: "M", exact: true })).toBeChecked();
    await expect(page).toHaveURL(/[?&]size=M\b/);
    await expect(dialog.getByText("1 available in M")).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByText("L is sold out")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Sold Out" })).toBeDisabled();
    await page.keyboard.press("ArrowLeft");
    await add.click();
    await expect(dialog.getByText("Patchwork Denim Jacket (M) added to cart!")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "All 1 left is in your cart" })).toBeDisabled();
    await expect(add).toHaveCount(0);
    const cart = (await (await page.request.get("/api/me/cart")).json()) as { items: { product_id: string; size: string; quantity: number }[] };
    expect(cart.items).toEqual([expect.objectContaining({ product_id: "prod-patchwork-denim-jacket", size: "M", quantity: 1 })]);
    // A shared link names the size.
    await page.goto("/store?productId=prod-patchwork-denim-jacket&size=M");
    await expect(productDialog(page, "Patchwork Denim Jacket").getByRole("radio", { name: "M", exact: true })).toBeChecked();
  });

  test("Add to Favorites toggles and is kept", async ({ page }) => {
    await signUpSubscriber(page);
    await page.goto(`/store?productId=${ids.print}`);
    const dialog = productDialog(page, "Neon Bakery Risograph Print");
    await dialog.getByRole("button", { name: "Add to Favorites" }).click();
    await expect(dialog.getByRole("button", { name: "Remove from Favorites" })).toBeVisible();
    await expect(dialog.getByText("Neon Bakery Risograph Print added to favorites!")).toBeVisible();
    let favorites = (await (await page.request.get("/api/me/favorites")).json()) as { products: string[] };
    expect(favorites.products).toContain(ids.print);

    await page.reload();
    await expect(productDialog(page, "Neon Bakery Risograph Print").getByRole("button", { name: "Remove from Favorites" })).toBeVisible();
    await productDialog(page, "Neon Bakery Risograph Print").getByRole("button", { name: "Remove from Favorites" }).click();
    await expect(productDialog(page, "Neon Bakery Risograph Print").getByRole("button", { name: "Add to Favorites" })).toBeVisible();
    favorites = (await (await page.request.get("/api/me/favorites")).json()) as { products: string[] };
    expect(favorites.products).not.toContain(ids.print);
  });

  test("opening a card sets ?productId; Escape closes, drops it and gives focus back to the card", async ({ page }) => {
    await signUpSubscriber(page);
    await openStore(page);
    const zine = card(page, /Tidepool Zine, Issue 7/);
    await zine.click();
    const dialog = productDialog(page, "Tidepool Zine, Issue 7");
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/store\\?productId=${ids.zine}$`));
    // The native modal keeps focus inside: a full round of Tab (every stop in the dialog, and the
    // browser's own one after the last) never reaches the page behind and comes back to Close.
    const close = dialog.getByRole("button", { name: "Close" });
    await expect(close).toBeFocused();
    const stops = await dialog.locator("a[href], button:not([disabled])").count();
    for (let i = 0; i <= stops; i += 1) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement === document.body || Boolean(document.activeElement?.closest("dialog")))).toBe(true);
    }
    await expect(close).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/store$/);
    await expect(zine).toBeFocused();
  });

  test("a deep link opens any product, closing removes the parameter", async ({ page }) => {
    await signUpSubscriber(page);
    // The mug is not on the first page of the grid.
    await page.goto(`/store?productId=${ids.mug}`);
    const dialog = productDialog(page, "Café Señora Enamel Mug");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Add to Cart - $24.00" })).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/store$/);
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
  });

  test("an unknown product id shows the store with a short notice", async ({ page }) => {
    await signUpSubscriber(page);
    await page.goto("/store?productId=no-such-thing");
    await expect(page.getByText("That item is no longer available.")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/store$/);
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Store");
  });

  test("load failures are logged and leave the empty states", async ({ page }) => {
    allowConsoleErrors(page, /failed to load ApiError: nope/); // the reads this test fails on purpose, which it reads below
    const logged: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") logged.push(msg.text());
    });
    await page.route(/\/api\/products(\?|$)/, (route) =>
      route.fulfill({ status: 400, json: { error: { code: "VALIDATION_FAILED", message: "nope" } } }),
    );
    await page.route(/\/api\/products\/facets/, (route) =>
      route.fulfill({ status: 400, json: { error: { code: "VALIDATION_FAILED", message: "nope" } } }),
    );
    await signUpSubscriber(page);
    // Inside the app: a loaded /store arrives rendered with its items, read on the server.
    await openInApp(page, "/store");
    await expect(page.getByText("No items found")).toBeVisible();
    await expect(page.getByText("No featured tees right now. Check back soon.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Store");
    await expect.poll(() => logged.some((text) => text.includes("store items failed to load"))).toBe(true);
    await expect.poll(() => logged.some((text) => text.includes("featured tees failed to load"))).toBe(true);
  });

  test("no axe violations on the store and with the modal open", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await signUpSubscriber(page);
    await openStore(page);
    await page.getByRole("button", { name: "More Filters" }).click();
    await expectNoAxeViolations(page);

    await card(page, /Neon Bakery Risograph Print/).click();
    await expect(productDialog(page, "Neon Bakery Risograph Print")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("store gate", () => {
  /** The store beneath the gate: inert, so the target takes neither focus nor a click. */
  async function expectInert(page: Page, target: Locator) {
    await expect(page.getByTestId("store-content")).toHaveAttribute("inert", "");
    await target.scrollIntoViewIfNeeded();
    expect(await target.evaluate((el) => ((el as HTMLElement).focus(), document.activeElement === el))).toBe(false);
    // A pointer at the card's middle meets the overlay, not the card.
    const box = (await target.boundingBox())!;
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    expect(await target.evaluate((el, p) => el.contains(document.elementFromPoint(p.x, p.y)), point)).toBe(false);
    await expect(target.click({ trial: true, timeout: 1000 })).rejects.toThrow();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  }

  test("while the session is unknown, neither the gate nor the store shows", async ({ page }) => {
    // A session cookie: the server cannot tell a signed-in subscriber from an expired session, so
    // the page starts with the session unknown (without a cookie it is a visitor's, gate and all).
    await signUpSubscriber(page);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/me", async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/store");
    await expect(page.getByRole("status").filter({ hasText: "Loading store..." })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Unlock Store Access" })).toHaveCount(0);
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByTestId("store-content")).toHaveCount(0);
    release();
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    await expect(page.getByRole("heading", { name: "Unlock Store Access" })).toHaveCount(0);
  });

  test("a signed-out visitor sees the gate, cannot reach the store beneath, and goes to /subscribe", async ({ page }) => {
    await page.goto(`/store?productId=${ids.mug}`);
    const gate = page.getByRole("region", { name: "Unlock Store Access" });
    await expect(gate.getByRole("heading", { name: "Unlock Store Access" })).toBeVisible();
    await expect(gate).toContainText("Subscribe for free to shop MAYBE merchandise and story-inspired creations.");
    // The deep link's product shows above the gate (e2e/shared-product.spec.ts); no modal opens.
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveTitle("Café Señora Enamel Mug · MAYBE");
    await expect(page.locator("h1")).toHaveCount(1);

    const firstCard = page.getByTestId("store-content").getByTestId("product-card").first().locator("button");
    await expect(firstCard).toBeAttached();
    await expectInert(page, firstCard);
    // Keyboard: from the gate, Tab never lands in the store.
    await gate.getByRole("link", { name: "Subscribe to Shop" }).focus();
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="store-content"]')))).toBe(false);
    }

    await expectNoAxeViolations(page);

    await gate.getByRole("link", { name: "Subscribe to Shop" }).click();
    // …and comes back to the product after signing up.
    await expect(page).toHaveURL(`/subscribe?next=${encodeURIComponent(`/store?productId=${ids.mug}`)}`);
  });

  test("a signed-in user who is not subscribed subscribes from the gate and the store unlocks", async ({ page }) => {
    const account = await signUpViaApi(page, uniqueAccount("unsub"));
    const db = openE2eDatabase();
    try {
      db.prepare('update "user" set subscribed = 0 where email = ?').run(account.email);
    } finally {
      db.close();
    }
    await page.goto("/store");
    const gate = page.getByRole("region", { name: "Unlock Store Access" });
    await expect(gate).toBeVisible();
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    await expectInert(page, card(page, /Tidepool Zine, Issue 7/));
    await page.emulateMedia({ reducedMotion: "reduce" });
    await expectNoAxeViolations(page);

    await gate.getByRole("button", { name: "Subscribe to Shop" }).click();
    await expect(gate).toHaveCount(0);
    await expect(page.getByTestId("store-content")).not.toHaveAttribute("inert");
    await expect(page.getByRole("searchbox", { name: "Search merchandise..." })).toBeFocused();
    const me = (await (await page.request.get("/api/me")).json()) as { subscribed: boolean };
    expect(me.subscribed).toBe(true);

    await card(page, /Tidepool Zine, Issue 7/).click();
    await expect(productDialog(page, "Tidepool Zine, Issue 7")).toBeVisible();
  });

  test("a failed subscribe keeps the gate and says so", async ({ page }) => {
    allowConsoleErrors(page, /status of 503\b/, /subscribe failed ApiError: down/); // the subscribe this test fails on purpose
    const account = await signUpViaApi(page, uniqueAccount("unsub"));
    const db = openE2eDatabase();
    try {
      db.prepare('update "user" set subscribed = 0 where email = ?').run(account.email);
    } finally {
      db.close();
    }
    await page.route("**/api/me/subscribe", (route) =>
      route.fulfill({ status: 503, json: { error: { code: "UNAVAILABLE", message: "down" } } }),
    );
    await page.goto("/store");
    const gate = page.getByRole("region", { name: "Unlock Store Access" });
    await gate.getByRole("button", { name: "Subscribe to Shop" }).click();
    await expect(gate.getByRole("alert")).toHaveText("We could not subscribe you just now. Please try again.");
    await expect(page.getByTestId("store-content")).toHaveAttribute("inert", "");
  });
});
