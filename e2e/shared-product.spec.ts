/**
 * A shared product link (/store?productId=…) opened by someone who cannot shop yet: the product
 * shows above the spec's gate, server-rendered and after hydration, with or without JavaScript,
 * the tab keeps its name, and 'Subscribe to Shop' comes back to it after sign-up.
 */
import type { Page } from "@playwright/test";
import type { Product } from "../src/common/api/catalog";
import { expect, openInApp, test, uniqueAccount } from "./fixtures";

const SHARED_ID = "prod-neon-bakery-print";

async function sharedProduct(page: Page): Promise<Product> {
  const res = await page.request.get(`/api/products/${SHARED_ID}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Product;
}

const storeLink = (id: string) => `/store?productId=${encodeURIComponent(id)}`;

async function expectProductShown(page: Page, product: Product) {
  const shared = page.getByRole("region", { name: product.name });
  await expect(shared.getByRole("heading", { level: 2 })).toHaveText(product.name);
  await expect(shared.getByText(product.price, { exact: true })).toBeVisible();
  await expect(shared.getByRole("link", { name: product.creator!.artist_name })).toHaveAttribute("href", `/creators/${product.creator!.id}`);
  await expect(shared.locator("img")).toHaveAttribute("src", product.image_url!);
  // The spec's gate stays over the store below it.
  await expect(page.getByRole("heading", { name: "Unlock Store Access" })).toBeVisible();
  await expect(page).toHaveTitle(`${product.name} · MAYBE`);
  return shared;
}

test("a visitor sees the shared product above the gate, and Subscribe to Shop brings them back to it", async ({ page }) => {
  const product = await sharedProduct(page);
  expect(product.creator).not.toBeNull();
  await page.goto(storeLink(product.id));
  const shared = await expectProductShown(page, product);

  await shared.getByRole("link", { name: "Subscribe to Shop" }).click();
  await expect(page).toHaveURL(`/subscribe?next=${encodeURIComponent(storeLink(product.id))}`);
  const account = uniqueAccount("shared");
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Phone").fill(account.phone);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("Confirm password").fill(account.password);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Account created successfully! Taking you back...")).toBeVisible();

  // Back at the product, now as a subscriber: its modal opens and the tab still names it.
  await expect(page).toHaveURL(storeLink(product.id), { timeout: 10_000 });
  await expect(page.getByRole("dialog", { name: product.name })).toBeVisible();
  await expect(page).toHaveTitle(`${product.name} · MAYBE`);
});

test("opened inside the app, the shared product shows and the tab takes its name", async ({ page }) => {
  const product = await sharedProduct(page);
  await openInApp(page, storeLink(product.id));
  await expectProductShown(page, product);
  // Sign in returns to the product too.
  await expect(page.getByRole("region", { name: product.name }).getByRole("link", { name: "Already have an account? Sign in" })).toHaveAttribute(
    "href",
    `/login?next=${encodeURIComponent(storeLink(product.id))}`,
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server's page shows the shared product, its way to subscribe and back, and the gate", async ({ page }) => {
    const product = await sharedProduct(page);
    await page.goto(storeLink(product.id));
    const shared = await expectProductShown(page, product);
    await expect(shared.getByRole("link", { name: "Subscribe to Shop" })).toHaveAttribute("href", `/subscribe?next=${encodeURIComponent(storeLink(product.id))}`);
  });
});
