/**
 * A product taken off the site after it was put in a cart: the cart keeps the line and says it is
 * no longer available (it cannot grow or shrink, only go), and checkout says so too, rather than
 * calling it sold out.
 */
import type { Page } from "@playwright/test";
import { addCartItems, addProduct, BUYER_ADDRESS as ADDRESS, expect, expectNoAxeViolations, signUpWithUid, test, writeE2eDatabase } from "./fixtures";

const banner = (page: Page) => page.getByRole("banner");

/** Takes a product off the site, as a curator's hide does. */
function hideProduct(productId: string) {
  return writeE2eDatabase((db) => db.prepare("update product set hidden_at = ? where id = ?").run(new Date().toISOString(), productId));
}

test("a hidden product's line says it is no longer available, in the cart and at checkout", async ({ page }, testInfo) => {
  const { uid } = await signUpWithUid(page);
  const gone = await addProduct({ stock: 5, price_cents: 1200 });
  const kept = await addProduct({ stock: 5, price_cents: 800 });
  await addCartItems(uid, [
    { productId: gone.id, quantity: 2 },
    { productId: kept.id, quantity: 1 },
  ]);
  await hideProduct(gone.id);
  await page.goto("/home");

  // The header's dropdown names it; it counts for nothing, as it cannot be bought.
  await banner(page).getByRole("button", { name: "Open cart, 1 item" }).click();
  const panel = page.getByLabel("Cart", { exact: true });
  await expect(panel.getByRole("listitem").filter({ hasText: gone.name })).toContainText("No longer available");
  await expect(panel.getByRole("listitem").filter({ hasText: kept.name })).toContainText("$8.00");

  // The cart dialog: the line says so and only its removal is offered.
  await page.getByRole("button", { name: "View Cart" }).click();
  const dialog = page.getByRole("dialog", { name: "Your Cart" });
  const goneLine = dialog.getByRole("listitem").filter({ hasText: gone.name });
  await expect(goneLine).toContainText("No longer available");
  await expect(goneLine).toContainText("Remove it to check out.");
  await expect(goneLine.getByRole("button", { name: `One more ${gone.name}` })).toBeDisabled();
  await expect(goneLine.getByRole("button", { name: `One fewer ${gone.name}` })).toBeDisabled();
  await expect(goneLine.getByRole("button", { name: `Remove ${gone.name}` })).toBeEnabled();
  const keptLine = dialog.getByRole("listitem").filter({ hasText: kept.name });
  await expect(keptLine.getByTestId("line-price")).toHaveText("$8.00");
  await expect(keptLine).not.toContainText("No longer available");
  await expect(dialog.getByText("$13.99")).toBeVisible();
  await expectNoAxeViolations(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await expect(goneLine).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`cart-unavailable-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Checkout refuses it as no longer available, not as sold out.
  await banner(page).getByRole("button", { name: "Open cart, 1 item" }).click();
  await page.getByRole("button", { name: "Continue to Checkout" }).click();
  const checkout = page.getByRole("dialog", { name: "Checkout" });
  await expect(checkout.getByRole("list", { name: "Order lines" }).getByRole("listitem").filter({ hasText: gone.name })).toContainText("No longer available");
  await expect(checkout.getByLabel("Order total")).toContainText("Total$13.99");
  await checkout.getByLabel("Full name").fill(ADDRESS.name);
  await checkout.getByLabel("Address", { exact: true }).fill(ADDRESS.line1);
  await checkout.getByLabel("City").fill(ADDRESS.city);
  await checkout.getByLabel("State").selectOption(ADDRESS.state);
  await checkout.getByLabel("ZIP code").fill(ADDRESS.zip);
  await checkout.getByRole("button", { name: "Place Order" }).click();
  const alert = checkout.getByRole("alert");
  await expect(alert).toContainText("Some items in your cart are no longer available. Nothing was charged and no order was placed.");
  await expect(alert.getByRole("list", { name: "Items short of stock" }).getByRole("listitem")).toHaveText([`${gone.name}: no longer available (you asked for 2)`]);
});
