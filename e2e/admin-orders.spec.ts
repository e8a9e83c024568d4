/**
 * The back office's orders in the browser (issue 19): an admin finds a buyer's order, marks it
 * paid and ships it with the keyboard; the buyer sees it shipped with the tracking link on /orders
 * and gets the e-mail (at the suite's mail receiver, e2e/mail-receiver.ts). Cancel and refund go
 * through a confirm step with a note; a move another admin made first is explained; members and
 * curators find nothing here. axe, print, and screenshots at 1280 and 390 px.
 */
import type { Locator, Page } from "@playwright/test";
import { addCartItems, addProduct, expect, expectNoAxeViolations, mailsTo, placeOrderViaApi, signInViaApi, signUpWithUid, test, uniqueAccount, waitForMail, expectNoSidewaysScroll } from "./fixtures";
import { createStaffAccount } from "./staff";

const TRACKING = { typed: "1z 999 aa1 0123456784", number: "1Z999AA10123456784" };
const UPS_URL = `https://www.ups.com/track?tracknum=${TRACKING.number}`;

/** A signed-up buyer with a placed order of `quantity` prints; the page is signed in as the buyer. */
async function buyerWithOrder(page: Page, quantity = 2) {
  const buyer = await signUpWithUid(page, uniqueAccount("buyer"));
  const product = await addProduct({ stock: 5, price_cents: 1800, name: `Harbor Print ${buyer.username.slice(-6)}` });
  await addCartItems(buyer.uid, [{ productId: product.id, quantity }]);
  await page.goto("/home");
  const order = await placeOrderViaApi(page, buyer.email);
  return { buyer, product, order };
}

async function signInAsAdmin(page: Page) {
  const admin = await createStaffAccount("admin");
  await signInViaApi(page, admin);
  return admin;
}

const announcement = (page: Page) => page.getByRole("status").filter({ hasText: /^Order MB-/ });
const actions = (page: Page) => page.getByRole("region", { name: "Actions" });
const shipDialog = (page: Page, id: string) => page.getByRole("dialog", { name: `Ship order ${id}` });

/** Presses a control with the keyboard: focus, then Enter. */
async function press(control: Locator) {
  await control.focus();
  await control.press("Enter");
}

async function stockOf(page: Page, productId: string): Promise<number> {
  const res = await page.request.get(`/api/products/${productId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { stock: number }).stock;
}

test("an admin marks an order paid and ships it with the keyboard; the buyer sees it shipped with the tracking link and gets the e-mail", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { buyer, order } = await buyerWithOrder(page);
  await signInAsAdmin(page);

  // Found by its number, typed in lower case.
  await page.goto("/admin/orders");
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  const search = page.getByRole("searchbox", { name: "Search orders" });
  await search.focus();
  await page.keyboard.type(order.id.toLowerCase());
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]q=${order.id.toLowerCase()}`));
  const table = page.getByRole("table", { name: "Orders" });
  await expect(table.getByRole("row")).toHaveCount(2);
  const row = table.getByRole("row").nth(1);
  await expect(row).toContainText(buyer.email);
  await expect(row).toContainText("$41.99");
  await expect(row).toContainText("Placed");
  await expectNoAxeViolations(page);
  await press(row.getByRole("link", { name: order.id }));

  await expect(page.getByRole("heading", { level: 1, name: `Order ${order.id}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Payment" })).toContainText("Due by invoice");
  await expect(actions(page).getByRole("button")).toHaveText(["Mark Paid", "Cancel Order"]);
  await expectNoAxeViolations(page);

  await press(actions(page).getByRole("button", { name: "Mark Paid" }));
  await expect(announcement(page)).toHaveText(`Order ${order.id} was marked paid.`);
  await expect(actions(page).getByRole("button")).toHaveText(["Ship", "Refund"]);
  await expect(page.getByRole("region", { name: "Payment" })).toContainText("Paid");
  // Focus stays in the actions, not lost with the button that went.
  await expect(actions(page).getByRole("heading", { name: "Actions" })).toBeFocused();

  // The ship form: the server's message on each field, focus on the first, nothing typed lost.
  await press(actions(page).getByRole("button", { name: "Ship" }));
  const dialog = shipDialog(page, order.id);
  await expect(dialog).toBeVisible();
  await press(dialog.getByRole("button", { name: "Ship Order" }));
  await expect(dialog.getByText("Choose a carrier: USPS, UPS, FedEx, DHL")).toBeVisible();
  await expect(dialog.getByText("Enter the tracking number")).toBeVisible();
  await expect(dialog.getByLabel("Carrier")).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByLabel("Carrier").selectOption("ups");
  await expect(dialog.getByText("Choose a carrier: USPS, UPS, FedEx, DHL")).toBeHidden();
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Tracking number")).toBeFocused();
  await page.keyboard.type("12-3");
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("A tracking number is 8 to 40 letters and digits")).toBeVisible();
  await expect(dialog.getByLabel("Carrier")).toHaveValue("ups");
  await expect(dialog.getByLabel("Tracking number")).toHaveValue("12-3");
  await dialog.getByLabel("Tracking number").fill(TRACKING.typed);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(announcement(page)).toHaveText(`Order ${order.id} was shipped.`);
  await expect(actions(page).getByRole("button")).toHaveText(["Mark Delivered", "Refund"]);
  const shipment = page.getByRole("region", { name: "Shipment" });
  await expect(shipment).toContainText("UPS");
  await expect(shipment).toContainText(TRACKING.number);
  await expect(shipment.getByRole("link", { name: /Track with UPS/ })).toHaveAttribute("href", UPS_URL);
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText("Shipped");
  await expectNoAxeViolations(page);

  // The buyer: 'Shipped' with the carrier and a tracking link that opens the carrier's page in a new tab.
  await signInViaApi(page, buyer);
  await page.goto("/orders");
  const mine = page.getByRole("list", { name: "Orders" }).getByRole("listitem").filter({ hasText: order.id });
  await expect(mine).toContainText("Shipped");
  await expect(mine).toContainText("Shipped with UPS on");
  const track = mine.getByRole("link", { name: /Track with UPS/ });
  await expect(track).toHaveAttribute("href", UPS_URL);
  await expect(track).toHaveAttribute("target", "_blank");
  await expect(track).toHaveAttribute("rel", "noopener noreferrer");
  await expectNoAxeViolations(page);
  await mine.getByRole("link", { name: `Order ${order.id}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${order.id}` })).toBeVisible();
  await expect(page.getByRole("list", { name: "Order progress" }).getByRole("listitem")).toHaveText([
    "Placed (done)",
    "Paid (done)",
    "Shipped (done)",
    "Delivered (to come)",
  ]);
  await expect(page.getByRole("region", { name: "Shipment" }).getByRole("link", { name: /Track with UPS/ })).toHaveAttribute("href", UPS_URL);

  // The e-mail, with the tracking link and the order's page.
  const mail = await waitForMail(buyer.email, `Your MAYBE order ${order.id} is on its way`);
  expect(mail.text).toContain(`Your order ${order.id} has shipped with UPS.`);
  expect(mail.text).toContain(`Tracking number: ${TRACKING.number}`);
  expect(mail.text).toContain(UPS_URL);
  expect(mail.text).toContain(`/orders/${order.id}`);
  // Marking it paid told the buyer too.
  const paid = await waitForMail(buyer.email, `Payment received for your MAYBE order ${order.id}`);
  expect(paid.text).toMatch(new RegExp(`we have received your payment of \\$41\\.99 for invoice INV-\\d{4}-\\d{6}, order ${order.id}\\.`));
});

test("cancel and refund ask first and take a note; a move another admin made first is explained and the order shown as it is", async ({
  page,
  request,
}) => {
  const { buyer, product, order } = await buyerWithOrder(page, 3);
  expect(await stockOf(page, product.id)).toBe(2);
  await signInAsAdmin(page);
  await page.goto(`/admin/orders/${order.id}`);
  await expect(actions(page).getByRole("button", { name: "Cancel Order" })).toBeVisible();

  // Keep Order changes nothing; the confirm step starts on it.
  await press(actions(page).getByRole("button", { name: "Cancel Order" }));
  const confirm = page.getByRole("dialog", { name: `Cancel order ${order.id}?` });
  await expect(confirm.getByRole("button", { name: "Keep Order" })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();

  // Another admin marks it paid meanwhile, in a session of their own.
  const other = await createStaffAccount("admin");
  const origin = new URL(page.url()).origin;
  expect((await request.post("/api/auth/sign-in/email", { data: { email: other.email, password: other.password }, headers: { origin } })).status()).toBe(200);
  expect((await request.post(`/api/admin/orders/${order.id}/pay`, { headers: { origin } })).status()).toBe(200);

  await press(actions(page).getByRole("button", { name: "Cancel Order" }));
  await confirm.getByLabel(/Note/).fill("Asked by phone");
  await confirm.getByRole("button", { name: "Yes, Cancel Order" }).click();
  await expect(confirm).toBeHidden();
  await expect(actions(page).getByRole("alert")).toHaveText(`Order ${order.id} is paid; it cannot be cancelled.`);
  await expect(actions(page).getByRole("button")).toHaveText(["Ship", "Refund"]);
  expect(await stockOf(page, product.id)).toBe(2);

  // The refund: confirmed with a note, the stock back once, the buyer told.
  await press(actions(page).getByRole("button", { name: "Refund" }));
  const refund = page.getByRole("dialog", { name: `Refund order ${order.id}?` });
  await expect(refund).toContainText("$59.99 is marked refunded");
  await refund.getByLabel(/Note/).fill("Paid twice by mistake");
  await refund.getByRole("button", { name: "Yes, Refund" }).click();
  await expect(refund).toBeHidden();
  await expect(announcement(page)).toHaveText(`Order ${order.id} was refunded.`);
  await expect(actions(page)).toContainText("Nothing more can be done to this order.");
  await expect(page.getByRole("region", { name: "Payment" })).toContainText("Refunded");
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline).toContainText("Refunded");
  await expect(timeline).toContainText("“Paid twice by mistake”");
  await expect(timeline).toContainText(`by ${other.email}`);
  expect(await stockOf(page, product.id)).toBe(5);

  const mail = await waitForMail(buyer.email, `Your MAYBE order ${order.id} was refunded`);
  expect(mail.text).toContain("Total refunded: $59.99");
  expect(mail.text).not.toContain("Paid twice by mistake");
  expect(mailsTo(buyer.email, /was cancelled/)).toEqual([]);

  await signInViaApi(page, buyer);
  await page.goto("/orders");
  await expect(page.getByRole("list", { name: "Orders" }).getByRole("listitem").filter({ hasText: order.id })).toContainText("Refunded");
  await page.goto(`/orders/${order.id}`);
  await expect(page.getByText("This order was refunded.", { exact: false })).toBeVisible();
  await expect(page.getByText("Refunded", { exact: true }).last()).toBeVisible();
});

test("the list filters by status and keeps the search in the URL", async ({ page }) => {
  const first = await buyerWithOrder(page);
  const { order: second } = await buyerWithOrder(page);
  await signInAsAdmin(page);
  // Paid through the API as an admin (what the test above does with the keyboard).
  const origin = new URL(page.url()).origin;
  expect((await page.request.post(`/api/admin/orders/${second.id}/pay`, { headers: { origin } })).status()).toBe(200);

  await page.goto(`/admin/orders?q=${encodeURIComponent(first.buyer.email)}`);
  await expect(page.getByRole("searchbox", { name: "Search orders" })).toHaveValue(first.buyer.email);
  const table = page.getByRole("table", { name: "Orders" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await page.getByRole("navigation", { name: "Orders by status" }).getByRole("link", { name: "Paid" }).click();
  await expect(page).toHaveURL(/status=paid/);
  await expect(page).toHaveURL(/q=/);
  await expect(page.getByText("No orders match.")).toBeVisible();
  await page.getByRole("navigation", { name: "Orders by status" }).getByRole("link", { name: "All" }).click();
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("navigation", { name: "Orders by status" }).getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");

  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page).not.toHaveURL(/q=/);
  await page.getByRole("navigation", { name: "Orders by status" }).getByRole("link", { name: "Paid" }).click();
  await expect(page).toHaveURL(/status=paid/);
  // Every row shown is paid, the order paid above among them (the list of all orders may still
  // be on screen for a moment, hence the retries).
  await expect(async () => {
    const rows = await table.locator("tbody tr").allTextContents();
    expect(rows.some((text) => text.includes(second.id))).toBe(true);
    expect(rows.filter((text) => !text.includes("Paid"))).toEqual([]);
  }).toPass();
});

test("visitors, members and curators find no back office orders: a 404", async ({ page }) => {
  expect((await page.goto("/admin/orders"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await signUpWithUid(page);
  expect((await page.goto("/admin/orders"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  const curator = await createStaffAccount("curator");
  await signInViaApi(page, curator);
  expect((await page.goto("/admin/orders/MB-00000000"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px: the list, an order, the ship form and the packing slip (axe, print, screenshots)`, async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const { buyer, order } = await buyerWithOrder(page);
    await signInAsAdmin(page);
    const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`admin-${name}-${viewport.width}.png`), fullPage: true });

    await page.goto("/admin/orders");
    await expect(page.getByRole("link", { name: order.id }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);
    await shot("orders");

    await page.goto(`/admin/orders/${order.id}`);
    await press(actions(page).getByRole("button", { name: "Mark Paid" }));
    await expect(actions(page).getByRole("button", { name: "Ship" })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);
    await shot("order");

    await press(actions(page).getByRole("button", { name: "Ship" }));
    const dialog = shipDialog(page, order.id);
    await press(dialog.getByRole("button", { name: "Ship Order" }));
    await expect(dialog.getByText("Enter the tracking number")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`admin-ship-form-${viewport.width}.png`) });
    await dialog.getByLabel("Carrier").selectOption("usps");
    await dialog.getByLabel("Tracking number").fill("9400 1118 9922 3344 5566 77");
    await dialog.getByRole("button", { name: "Ship Order" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("region", { name: "Shipment" })).toContainText("9400111899223344556677");
    await shot("order-shipped");

    await page.getByRole("link", { name: "Packing Slip" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Packing Slip ${order.id}` })).toBeVisible();
    const slip = page.getByRole("article", { name: "Packing slip" });
    await expect(slip).toContainText("Ada Buyer");
    await expect(slip).toContainText("Springfield, IL 62701");
    await expect(slip.getByRole("table").getByRole("row").nth(1)).toContainText(/^2Harbor Print/);
    await expect(slip).not.toContainText("$");
    await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);
    await shot("packing-slip");

    // On paper: only the slip (no site header, footer, back-office tabs or buttons).
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("contentinfo")).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Back Office" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
    await expect(slip).toBeVisible();
    await shot("packing-slip-print");
    await page.emulateMedia({ media: "screen" });

    // What the buyer sees of it.
    await signInViaApi(page, buyer);
    await page.goto("/orders");
    await expect(page.getByRole("link", { name: /Track with USPS/ }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`buyer-orders-shipped-${viewport.width}.png`), fullPage: true });
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByRole("region", { name: "Shipment" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`buyer-order-shipped-${viewport.width}.png`), fullPage: true });
  });
}
