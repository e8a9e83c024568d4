/**
 * Creators sell (issue 31), end to end against the real server: a creator publishes a tee in three
 * sizes and schedules a numbered print edition from the studio; a subscriber buys an M and, once
 * the server's clock reaches the drop, print 1/10; the sales view shows both, M's stock fell by
 * one while S and L did not, and the buyer's order names the size and the edition number. Its
 * products join the store's carousel and grid, so it runs after every other spec (the "shop"
 * project in playwright.config.ts) and archives them at the end.
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { becomeCreator, expect, expectNoAxeViolations, moveServerClock, placeOrderViaApi, signInViaApi, signUpViaApi, test, uniqueAccount } from "./fixtures";
import { createStaffAccount } from "./staff";

test.use({ timezoneId: "UTC" });
const MINUTE = 60_000;

test.afterEach(async () => {
  await moveServerClock(0);
});

/** A 4:5 picture of one colour, with a square of another. */
function picture(background: { r: number; g: number; b: number }) {
  return sharp({ create: { width: 800, height: 1000, channels: 3, background } })
    .composite([{ input: { create: { width: 400, height: 400, channels: 3, background: { r: 20, g: 20, b: 20 } } }, left: 200, top: 300 }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Presses a control from the keyboard: focus, then Enter. */
async function press(page: Page, name: string | RegExp) {
  const control = page.getByRole("button", { name, exact: typeof name === "string" });
  await control.focus();
  await control.press("Enter");
}

async function newProduct(page: Page, fields: { category: string; name: string; price: string }) {
  await page.goto("/studio/shop");
  const link = page.getByRole("link", { name: "New product" });
  await link.focus();
  await link.press("Enter");
  await expect(page).toHaveURL(/\/studio\/shop\/new$/);
  await page.getByLabel("Category").selectOption({ label: fields.category });
  await page.getByLabel("Name").fill(fields.name);
  await page.getByLabel("Description").fill("Printed by hand in small runs.");
  await page.getByLabel("Price (USD)").fill(fields.price);
}

test("a creator publishes a tee in sizes and schedules a print edition; a buyer gets an M and print 1/10; the sales view shows both", async ({ page, browser }, testInfo) => {
  const stamp = Date.now().toString(36);
  const tee = `Studio Tee ${stamp}`;
  const print = `Studio Print ${stamp}`;
  await becomeCreator(page, { first: "Sol", last: "Seller", bio: "I print shirts." });

  // The tee, in S, M and L with three each, with two pictures (the second made the cover) and two stories.
  await newProduct(page, { category: "Clothing (in sizes)", name: tee, price: "30" });
  for (const size of ["S", "M", "L"]) {
    await page.getByRole("checkbox", { name: size, exact: true }).check();
    await page.getByLabel(`Stock of ${size}`).fill("3");
  }
  await page.getByLabel("Add pictures").setInputFiles([
    { name: "front.jpg", mimeType: "image/jpeg", buffer: await picture({ r: 255, g: 61, b: 127 }) },
    { name: "back.jpg", mimeType: "image/jpeg", buffer: await picture({ r: 61, g: 90, b: 254 }) },
  ]);
  const pictures = page.getByRole("list", { name: "Pictures in the order shown" });
  await expect(pictures.getByRole("listitem")).toHaveCount(2);
  await press(page, "Make picture 2 the cover");
  await expect(page.getByRole("status").filter({ hasText: "Picture 2 is now the cover." })).toBeAttached();
  const stories = page.getByRole("group", { name: /Stories/ });
  for (const story of ["The Neon Bakery After Midnight", "The Cassette Garden"]) await stories.getByRole("checkbox", { name: story, exact: true }).check();
  await expectNoAxeViolations(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: testInfo.outputPath(`product-form-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await press(page, "Save draft");
  await expect(page).toHaveURL(/\/studio\/shop\/studio-tee-/);
  const teeId = decodeURIComponent(page.url().split("/").at(-1)!);
  await press(page, "Publish");
  await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();

  // The print: an edition of 10, dropping in ten minutes.
  const dropsAt = new Date(Math.ceil((Date.now() + 10 * MINUTE) / MINUTE) * MINUTE);
  await newProduct(page, { category: "Art", name: print, price: "40" });
  await page.getByLabel("Stock").fill("10");
  await page.getByLabel("Numbered edition").fill("10");
  await page.getByLabel("Drop time").fill(dropsAt.toISOString().slice(0, 16));
  await press(page, "Save draft");
  await expect(page).toHaveURL(/\/studio\/shop\/studio-print-/);
  const printId = decodeURIComponent(page.url().split("/").at(-1)!);
  await press(page, "Schedule drop");
  await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();
  await page.goto("/studio/shop");
  await expect(page.getByRole("listitem").filter({ hasText: print })).toContainText("Drops");

  // A subscriber buys an M, and the print once the drop is open.
  const buyerContext = await browser.newContext({ timezoneId: "UTC" });
  const buyer = await buyerContext.newPage();
  await buyer.clock.install({ time: Date.now() });
  const account = await signUpViaApi(buyer, uniqueAccount("shopper"));
  await buyer.goto(`/store?productId=${teeId}&size=M`);
  const teeDialog = buyer.getByRole("dialog", { name: tee });
  await expect(teeDialog.getByRole("radio", { name: "M", exact: true })).toBeChecked();
  // Its pictures, the cover first, and both stories.
  await expect(teeDialog.getByRole("button", { name: "Show picture 1 of 2" })).toHaveAttribute("aria-current", "true");
  await teeDialog.getByRole("button", { name: "Show picture 2 of 2" }).press("Enter");
  await expect(teeDialog.getByRole("img", { name: `${tee}, picture 2 of 2` })).toBeVisible();
  await expect(teeDialog).toContainText("From the stories The Neon Bakery After Midnight and The Cassette Garden");
  for (const width of [1280, 390]) {
    await buyer.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await buyer.screenshot({ path: testInfo.outputPath(`product-modal-${width}.png`) });
  }
  await teeDialog.getByRole("button", { name: "Add to Cart - $30.00" }).press("Enter");
  await expect(teeDialog.getByText(`${tee} (M) added to cart!`)).toBeVisible();

  await buyer.goto(`/store?productId=${printId}`);
  const printDialog = buyer.getByRole("dialog", { name: print });
  await expect(printDialog.getByText("Edition of 10")).toBeVisible();
  await expect(printDialog.getByRole("button", { name: /^Drops / })).toBeDisabled();
  await moveServerClock(11 * MINUTE);
  await buyer.clock.fastForward(11 * MINUTE);
  await printDialog.getByRole("button", { name: "Add to Cart - $40.00" }).press("Enter");
  await expect(printDialog.getByText(`${print} added to cart!`)).toBeVisible();
  const order = await placeOrderViaApi(buyer, account.email);
  await buyer.goto(`/orders/${order.id}`);
  const lines = buyer.getByRole("list", { name: "Ordered items" });
  await expect(lines).toContainText(`${tee} (M)`);
  await expect(lines).toContainText(`${print}, No. 1/10`);
  await buyerContext.close();

  // The sales view shows both; M fell by one, S and L did not.
  await page.goto("/studio/sales");
  const table = page.getByRole("table");
  await expect(table.getByRole("row", { name: new RegExp(`${print} — 1 \\$40\\.00 9`) })).toBeVisible();
  await expect(table.getByRole("row", { name: new RegExp(`${tee} M 1 \\$30\\.00 2`) })).toBeVisible();
  await expect(table.getByRole("row", { name: new RegExp(`${tee} S 0 \\$0\\.00 3`) })).toBeVisible();
  await expect(table.getByRole("row", { name: new RegExp(`${tee} L 0 \\$0\\.00 3`) })).toBeVisible();
  await expectNoAxeViolations(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: testInfo.outputPath(`sales-${width}.png`), fullPage: true });
  }

  // Off the store again, for whatever runs after.
  for (const id of [teeId, printId]) {
    await page.goto(`/studio/shop/${id}`);
    await press(page, "Archive");
    await expect(page.getByRole("button", { name: "Restore as draft" })).toBeVisible();
  }
});

test("an admin makes a product of the house with the same form; it is on sale with no creator, then archived", async ({ page }) => {
  const title = `House Poster ${Date.now().toString(36)}`;
  await signInViaApi(page, await createStaffAccount("admin"));
  await page.goto("/admin/products");
  await expect(page.getByRole("heading", { level: 2, name: "The house's products" })).toBeVisible();
  const link = page.getByRole("link", { name: "New product" });
  await link.focus();
  await link.press("Enter");
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  await page.getByLabel("Category").selectOption({ label: "Other" });
  await page.getByLabel("Name").fill(title);
  await page.getByLabel("Description").fill("Printed for the house.");
  // Bad input: the form's message beside the field, everything typed kept.
  await page.getByLabel("Price (USD)").fill("0");
  await page.getByLabel("Stock").fill("-2");
  await press(page, "Save draft");
  await expect(page.getByText("Enter a price from $0.01 to $10,000")).toBeVisible();
  await expect(page.getByText(/Enter the stock as a whole number from 0 to/)).toBeVisible();
  await expect(page.getByLabel("Price (USD)")).toBeFocused();
  await expect(page.getByLabel("Name")).toHaveValue(title);
  await page.getByLabel("Price (USD)").fill("18");
  await page.getByLabel("Stock").fill("5");
  await press(page, "Save draft");
  await expect(page).toHaveURL(/\/admin\/products\/house-poster-/);
  const id = decodeURIComponent(page.url().split("/").at(-1)!);
  await press(page, "Publish");
  await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();
  const shown = await (await page.request.get(`/api/products/${encodeURIComponent(id)}`)).json();
  expect(shown).toMatchObject({ title, creator: null, stock: 5 });
  await expectNoAxeViolations(page);
  await press(page, "Archive");
  await expect(page.getByRole("button", { name: "Restore as draft" })).toBeVisible();
});
