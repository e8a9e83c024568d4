/**
 * Checkout and orders in the browser: the whole purchase with its e-mail, sold out meanwhile,
 * cancelling, the remembered address, accessibility and screenshots at 1280 and 390 px.
 *
 * The server sends order e-mails to the suite's mail receiver (e2e/mail-receiver.ts, the global
 * setup); waitForMail() finds them.
 */
import type { Locator, Page } from "@playwright/test";
import {
  addCartItems,
  addProduct,
  BUYER_ADDRESS as ADDRESS,
  expect,
  expectNoAxeViolations,
  holdRequests,
  mailsTo,
  placeOrderViaApi as placeViaApi,
  setStock,
  signUpWithUid,
  test,
  waitForMail,
  watchConsole,
} from "./fixtures";

const banner = (page: Page) => page.getByRole("banner");
const checkoutDialog = (page: Page) => page.getByRole("dialog", { name: "Checkout" });
const placedDialog = (page: Page) => page.getByRole("dialog", { name: "Order Placed" });

async function openCheckout(page: Page, items: number) {
  await banner(page).getByRole("button", { name: `Open cart, ${items} ${items === 1 ? "item" : "items"}` }).click();
  await page.getByRole("button", { name: "Continue to Checkout" }).click();
  const dialog = checkoutDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillAddress(dialog: Locator, address = ADDRESS) {
  await dialog.getByLabel("Full name").fill(address.name);
  await dialog.getByLabel("Address", { exact: true }).fill(address.line1);
  await dialog.getByLabel("Address line 2").fill(address.line2);
  await dialog.getByLabel("City").fill(address.city);
  await dialog.getByLabel("State").selectOption(address.state);
  await dialog.getByLabel("ZIP code").fill(address.zip);
}

async function stockOf(page: Page, productId: string): Promise<number> {
  const res = await page.request.get(`/api/products/${productId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { stock: number }).stock;
}

test("a full purchase: store → checkout → confirmation → order history, with the confirmation e-mail", async ({ page }) => {
  // A long walk with five accessibility checks on the way.
  test.setTimeout(90_000);
  const account = await signUpWithUid(page);
  const sticker = await addProduct({ stock: 3, price_cents: 1250 });

  // The product as the store shows it, and liked, so it can be opened again without a reload.
  await page.goto(`/store?productId=${sticker.id}`);
  const modal = page.getByRole("dialog", { name: sticker.name });
  await expect(modal.getByText("3 available")).toBeVisible();
  await modal.getByRole("button", { name: "Add to Favorites" }).click();
  await modal.getByRole("button", { name: "Add to Cart - $12.50" }).click();
  await expect(modal.getByText(`${sticker.name} added to cart!`)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();

  const dialog = await openCheckout(page, 1);
  // Prefilled from the account; the summary priced by the server.
  await expect(dialog.getByLabel("Email")).toHaveValue(account.email);
  await expect(dialog.getByLabel("Phone")).toHaveValue(account.phone);
  const summary = dialog.getByRole("region", { name: "Order summary" });
  await expect(summary.getByRole("list", { name: "Order lines" })).toContainText(sticker.name);
  await expect(summary.getByRole("list", { name: "Order lines" })).toContainText("$12.50");
  const totals = summary.getByLabel("Order total");
  await expect(totals).toContainText("Subtotal$12.50");
  await expect(totals).toContainText("Shipping$5.99");
  await expect(totals).toContainText("Total$18.49");
  await expectNoAxeViolations(page);

  // Every missing field says so; what was typed stays.
  await dialog.getByLabel("City").fill("Springfield");
  await dialog.getByLabel("ZIP code").fill("627");
  await dialog.getByRole("button", { name: "Place Order" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await expect(dialog.getByText("Address is required")).toBeVisible();
  await expect(dialog.getByText("State is required")).toBeVisible();
  await expect(dialog.getByText("ZIP code must be 5 digits or ZIP+4 (12345-6789)")).toBeVisible();
  await expect(dialog.getByLabel("City")).toHaveValue("Springfield");
  await expect(dialog.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  // Editing a field clears its own message only.
  await dialog.getByLabel("Full name").fill("A");
  await expect(dialog.getByText("Name is required")).toBeHidden();
  await expect(dialog.getByText("Address is required")).toBeVisible();

  await fillAddress(dialog);
  const held = await holdRequests(page, "**/api/orders");
  await dialog.getByRole("button", { name: "Place Order" }).click();
  await held.requested;
  await expect(dialog.getByRole("button", { name: "Placing Order..." })).toBeDisabled();
  await expect(dialog.getByLabel("Full name")).toBeDisabled();
  held.release();

  const placed = placedDialog(page);
  await expect(placed.getByText("Thank you! Your order is placed.")).toBeVisible();
  const orderId = (await placed.getByTestId("order-number").textContent())!;
  expect(orderId).toMatch(/^MB-[0-9A-Z]{8}$/);
  await expect(placed.getByRole("list", { name: "Ordered items" })).toContainText(sticker.name);
  await expect(placed.getByLabel("Order total")).toContainText("Total$18.49");
  await expect(
    placed.getByText(
      new RegExp(`^Payment is due by invoice: we have e-mailed invoice INV-\\d{4}-\\d{6} for \\$18\\.49 to ${account.email.replace(/[.+]/g, "\\$&")}\\. Nothing has been charged\\.$`),
    ),
  ).toBeVisible();
  await expect(placed.getByText("Pay the invoice we e-mailed you by its due date. It is also on your order's page, ready to print.")).toBeVisible();
  await expect(placed.getByRole("link", { name: "View and print invoice" })).toHaveAttribute("href", `/orders/${orderId}/invoice`);
  await expect(placed.getByText("Until then you can cancel the order from your Orders page.")).toBeVisible();
  await expectNoAxeViolations(page);

  // The cart is empty, and the store's stock shows the sale at once.
  await expect(banner(page).getByRole("button", { name: "Open cart, 0 items" })).toBeAttached();
  await placed.getByRole("button", { name: "Keep Shopping" }).click();
  await expect(placed).toBeHidden();
  await banner(page).getByRole("button", { name: /^Open favorites/ }).click();
  await page.getByRole("link", { name: new RegExp(sticker.name) }).click();
  await expect(page.getByRole("dialog", { name: sticker.name }).getByText("2 available")).toBeVisible();
  await page.keyboard.press("Escape");

  // Order history: newest first, with status, date and total; the detail from there.
  await banner(page).getByRole("button", { name: "Open profile menu" }).click();
  await page.getByRole("menuitem", { name: "Orders" }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your Orders" })).toBeVisible();
  const row = page.getByRole("list", { name: "Orders" }).getByRole("listitem").first();
  await expect(row).toContainText(`Order ${orderId}`);
  await expect(row).toContainText("Placed");
  await expect(row).toContainText("1 item");
  await expect(row).toContainText("$18.49");
  await expect(row).toContainText(new Date().toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" }));
  await expectNoAxeViolations(page);
  await row.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Order ${orderId}` })).toBeVisible();
  await expect(page.getByRole("list", { name: "Order progress" }).getByRole("listitem")).toHaveText([
    "Placed (done)",
    "Paid (to come)",
    "Shipped (to come)",
    "Delivered (to come)",
  ]);
  await expect(page.getByText("Due by invoice", { exact: true })).toBeVisible();
  await expect(page.getByRole("main").locator("address")).toContainText("Springfield, IL 62701");
  await expectNoAxeViolations(page);

  // The e-mail went out after the commit, once.
  const mail = await waitForMail(account.email, `Your MAYBE order ${orderId}`);
  // One confirmation (the address also got the sign-up's confirmation link).
  expect(mailsTo(account.email, /^Your MAYBE order/)).toHaveLength(1);
  expect(mail.text).toContain(`Subject: Your MAYBE order ${orderId}`);
  expect(mail.text).toContain(`1 x ${sticker.name}  $12.50`);
  expect(mail.text).toContain("Total: $18.49");
  expect(mail.text).toContain("Payment is due by invoice");
  expect(mail.text).toContain(`/orders/${orderId}`);
});

test("sold out meanwhile: the panel names each line and what is left, the cart is adjusted with consent, then the order goes through", async ({ page }, testInfo) => {
  const { uid } = await signUpWithUid(page);
  const poster = await addProduct({ stock: 5, price_cents: 1000 });
  const zine = await addProduct({ stock: 5, price_cents: 700 });
  const mug = await addProduct({ stock: 5, price_cents: 300 });
  await addCartItems(uid, [
    { productId: poster.id, quantity: 3 },
    { productId: zine.id, quantity: 1 },
    { productId: mug.id, quantity: 1 },
  ]);
  await page.goto("/home");
  const dialog = await openCheckout(page, 5);
  await expect(dialog.getByLabel("Order total")).toContainText("Total$45.99");
  await fillAddress(dialog);

  // Others bought them while this buyer typed.
  await setStock(poster.id, 1);
  await setStock(zine.id, 0);
  await dialog.getByRole("button", { name: "Place Order" }).click();

  const alert = dialog.getByRole("alert");
  await expect(alert).toContainText(
    "Some items in your cart sold out while you were checking out. Nothing was charged and no order was placed.",
  );
  const short = alert.getByRole("list", { name: "Items short of stock" }).getByRole("listitem");
  await expect(short).toHaveCount(2);
  expect((await short.allTextContents()).sort()).toEqual(
    [`${poster.name}: only 1 left (you asked for 3)`, `${zine.name}: sold out (you asked for 1)`].sort(),
  );
  // Nothing changed: no order, the stock and the cart as they were, the typed address kept.
  expect(await stockOf(page, poster.id)).toBe(1);
  expect(await stockOf(page, mug.id)).toBe(5);
  await expect(banner(page).getByRole("button", { name: "Open cart, 5 items" })).toBeAttached();
  await expect(dialog.getByLabel("Full name")).toHaveValue(ADDRESS.name);
  await expect(dialog.getByLabel("State")).toHaveValue(ADDRESS.state);
  expect(((await (await page.request.get("/api/orders")).json()) as { items: unknown[] }).items).toEqual([]);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("sold-out-1280.png") });

  await alert.getByRole("button", { name: "Update Cart to What's Left" }).click();
  await expect(dialog.getByText("Your cart now holds what is left. Check the total, then place your order.")).toBeVisible();
  const lines = dialog.getByRole("list", { name: "Order lines" });
  await expect(lines.getByRole("listitem")).toHaveCount(2);
  await expect(lines).not.toContainText(zine.name);
  await expect(dialog.getByLabel("Order total")).toContainText("Total$18.99");
  await expect(banner(page).getByRole("button", { name: "Open cart, 2 items" })).toBeAttached();

  await dialog.getByRole("button", { name: "Place Order" }).click();
  const placed = placedDialog(page);
  await expect(placed.getByText("Thank you! Your order is placed.")).toBeVisible();
  await expect(placed.getByLabel("Order total")).toContainText("Total$18.99");
  expect(await stockOf(page, poster.id)).toBe(0);
  expect(await stockOf(page, mug.id)).toBe(4);
});

test("cancel: a placed order can be cancelled after a confirm step, and its stock comes back", async ({ page }) => {
  const account = await signUpWithUid(page);
  const print = await addProduct({ stock: 4, price_cents: 2000 });
  await addCartItems(account.uid, [{ productId: print.id, quantity: 2 }]);
  await page.goto("/home");
  const order = await placeViaApi(page, account.email);
  expect(await stockOf(page, print.id)).toBe(2);

  await page.goto("/orders");
  await page.getByRole("link", { name: new RegExp(`Order ${order.id}`) }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${order.id}` })).toBeVisible();

  // Keep Order changes nothing.
  await page.getByRole("button", { name: "Cancel Order" }).click();
  const confirm = page.getByRole("dialog", { name: "Cancel this order?" });
  await expect(confirm).toContainText(`Order ${order.id} for $45.99 will be cancelled and its items go back to the store.`);
  await expectNoAxeViolations(page);
  await confirm.getByRole("button", { name: "Keep Order" }).click();
  await expect(confirm).toBeHidden();
  expect(await stockOf(page, print.id)).toBe(2);

  await page.getByRole("button", { name: "Cancel Order" }).click();
  await confirm.getByRole("button", { name: "Yes, Cancel Order" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("Order cancelled. Its items are back in the store.")).toBeVisible();
  await expect(page.getByText("This order was cancelled. Its items went back to the store and there is nothing to pay.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);
  await expect(page.getByText("Nothing to pay (cancelled)")).toBeVisible();
  expect(await stockOf(page, print.id)).toBe(4);

  await page.getByRole("link", { name: "All orders" }).click();
  await expect(page.getByRole("list", { name: "Orders" }).getByRole("listitem").first()).toContainText("Cancelled");

  // The buyer's own cancel is confirmed by e-mail, with the invoice void.
  const mail = await waitForMail(account.email, `Your MAYBE order ${order.id} was cancelled`);
  expect(mail.text).toContain(`As you asked, we have cancelled your order ${order.id}.`);
  expect(mail.text).toMatch(/Its invoice INV-\d{4}-\d{6} is void: there is nothing to pay, and nothing was charged\./);
});

test("the invoice: e-mailed with the order, opened from the e-mail, printable, and linked from the order's page", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const watched = await watchConsole(page);
  const account = await signUpWithUid(page);
  const tee = await addProduct({ stock: 6, price_cents: 2800, name: "Harbor Lights Tee" });
  const print = await addProduct({ stock: 6, price_cents: 1250, name: "Night Market Print, signed edition" });
  await addCartItems(account.uid, [
    { productId: tee.id, quantity: 2 },
    { productId: print.id, quantity: 1 },
  ]);
  await page.goto("/home");
  const order = await placeViaApi(page, account.email);
  const number = order.invoice_number!;
  expect(number).toMatch(/^INV-\d{4}-\d{6}$/);

  // The invoice e-mail, sent at once beside the confirmation.
  const mail = await waitForMail(account.email, `Invoice ${number} for your MAYBE order ${order.id}`);
  expect(mail.text).toContain(`Invoice number: ${number}`);
  expect(mail.text).toContain("2 x Harbor Lights Tee  $28.00 each  $56.00");
  expect(mail.text).toContain("Total due: $74.49");
  expect(mail.text).toContain(`Please quote ${number} with your payment.`);
  const link = /View and print your invoice: (\S+)/.exec(mail.text)?.[1];
  expect(link).toBe(`${new URL(page.url()).origin}/orders/${order.id}/invoice`);

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(link!);
    const invoice = page.getByRole("article", { name: `Invoice ${number}` });
    await expect(invoice.getByRole("heading", { level: 1 })).toHaveText(`Invoice ${number}`);
    await expect(page).toHaveTitle(`Invoice ${number} · MAYBE`);
    const details = invoice.getByRole("definition");
    await expect(details.first()).toHaveText(number);
    await expect(invoice.getByRole("region", { name: "Billed to" })).toContainText(`${ADDRESS.name}${ADDRESS.line1}${ADDRESS.line2}Springfield, IL 62701${account.email}`);
    await expect(invoice.getByRole("region", { name: "From" })).toContainText("MAYBE Community");
    const rows = invoice.getByRole("table", { name: "Invoiced items" }).getByRole("row");
    await expect(rows).toHaveCount(3);
    await expect(invoice.getByLabel("Invoice total")).toContainText("Total due$74.49");
    await expect(invoice.getByText(/^Payment due by /)).toBeVisible();
    await expect(invoice.getByRole("region", { name: "How to pay" })).toContainText(`Please quote ${number} with your payment.`);
    await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
    const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
    expect(scroll).toBeLessThanOrEqual(width);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`invoice-${viewport.width}.png`), fullPage: true });

    // On paper: the invoice alone, without the site's header, footer, links and buttons.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("link", { name: "Back to order" })).toBeHidden();
    await expect(invoice).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`invoice-print-${viewport.width}.png`), fullPage: true });
    await page.emulateMedia({ media: "screen" });
  }

  // From the order's page and back.
  await page.getByRole("link", { name: "Back to order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${order.id}` })).toBeVisible();
  await page.getByRole("link", { name: `Invoice ${number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}/invoice$`));
  await expect(page.getByRole("article", { name: `Invoice ${number}` })).toBeVisible();
  await watched.settle();
  expect(watched.messages).toEqual([]);
});

test("the address is remembered for the next checkout; typing survives closing the panel", async ({ page }) => {
  const account = await signUpWithUid(page);
  const sticker = await addProduct({ stock: 5, price_cents: 500 });
  await addCartItems(account.uid, [{ productId: sticker.id, quantity: 1 }]);
  await page.goto("/home");
  const moved = { name: "Bo Buyer", line1: "99 Oak Avenue", line2: "", city: "Portland", state: "OR", zip: "97201-0001" };
  await placeViaApi(page, `bo.${account.email}`, moved);

  await addCartItems(account.uid, [{ productId: sticker.id, quantity: 2 }]);
  await page.reload();
  const dialog = await openCheckout(page, 2);
  await expect(dialog.getByLabel("Email")).toHaveValue(`bo.${account.email}`);
  await expect(dialog.getByLabel("Full name")).toHaveValue(moved.name);
  await expect(dialog.getByLabel("Address", { exact: true })).toHaveValue(moved.line1);
  await expect(dialog.getByLabel("Address line 2")).toHaveValue("");
  await expect(dialog.getByLabel("City")).toHaveValue(moved.city);
  await expect(dialog.getByLabel("State")).toHaveValue(moved.state);
  await expect(dialog.getByLabel("ZIP code")).toHaveValue(moved.zip);

  // What is typed survives closing the panel and opening it again.
  await dialog.getByLabel("Full name").fill("Bo B. Buyer");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  const again = await openCheckout(page, 2);
  await expect(again.getByLabel("Full name")).toHaveValue("Bo B. Buyer");
  await expect(again.getByLabel("City")).toHaveValue(moved.city);
  await again.getByRole("button", { name: "Place Order" }).click();
  await expect(placedDialog(page).getByText("Thank you! Your order is placed.")).toBeVisible();
});

test("signed out, /orders leads to the login", async ({ page }) => {
  await page.goto("/orders");
  await expect(page).toHaveURL(/\/login$/);
});

for (const viewport of [
  { width: 1280, height: 860 },
  { width: 390, height: 844 },
]) {
  test(`screenshots at ${viewport.width}: checkout, confirmation, orders`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    const account = await signUpWithUid(page);
    const tee = await addProduct({ stock: 6, price_cents: 2800, name: "Harbor Lights Tee" });
    const print = await addProduct({ stock: 6, price_cents: 1250, name: "Night Market Print, signed edition" });
    await addCartItems(account.uid, [
      { productId: tee.id, quantity: 2 },
      { productId: print.id, quantity: 1 },
    ]);
    await page.goto("/home");
    if (viewport.width < 768) {
      await banner(page).getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("menuitem", { name: "Cart (3)" }).click();
      await page.getByRole("button", { name: "Continue to Checkout" }).click();
    } else {
      await openCheckout(page, 3);
    }
    const dialog = checkoutDialog(page);
    await expect(dialog.getByLabel("Email")).toHaveValue(account.email);
    await page.screenshot({ path: testInfo.outputPath(`checkout-${viewport.width}.png`) });
    await dialog.getByRole("button", { name: "Place Order" }).click();
    await expect(dialog.getByText("Name is required")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`checkout-errors-${viewport.width}.png`) });
    await fillAddress(dialog);
    await dialog.getByRole("region", { name: "Order summary" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`checkout-filled-${viewport.width}.png`) });
    await dialog.getByRole("button", { name: "Place Order" }).click();
    const placed = placedDialog(page);
    await expect(placed.getByText("Thank you! Your order is placed.")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`confirmation-${viewport.width}.png`) });
    await placed.getByRole("link", { name: "View Order" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Order MB-");
    await page.screenshot({ path: testInfo.outputPath(`order-${viewport.width}.png`), fullPage: true });
    await page.getByRole("link", { name: "All orders" }).click();
    await expect(page.getByRole("list", { name: "Orders" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`orders-${viewport.width}.png`), fullPage: true });
  });
}
