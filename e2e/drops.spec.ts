/**
 * A scheduled drop (docs/decisions/0025): shown with its time in the viewer's zone, not for sale
 * before it, for sale once the server's clock reaches it; a limit per buyer. The server's clock is
 * moved through the test server's control port and the page's with Playwright's clock: no test
 * waits for a drop to open.
 */
import { dropTimeText } from "../src/common/drops";
import { addProduct, expect, expectNoAxeViolations, moveServerClock, signUpViaApi, test, uniqueAccount } from "./fixtures";

const ZONE = "America/New_York";
test.use({ timezoneId: ZONE });

const MINUTE = 60_000;

/** A drop of the test's own, 10 minutes ahead, 2 per person (addProduct's kind: no shared list shows it). */
async function scheduleDrop(now: number) {
  const dropsAt = new Date(Math.ceil((now + 10 * MINUTE) / MINUTE) * MINUTE).toISOString();
  const { id, name } = await addProduct({ stock: 5, price_cents: 1200, name: `Night Drop Patch ${now.toString(36)}`, drops_at: dropsAt, limit_per_buyer: 2 });
  return { id, title: name, dropsAt };
}

test.afterEach(async () => {
  await moveServerClock(0);
});

test("a drop shows its time, cannot be added before it, and is sold once the server's clock reaches it; 2 per person", async ({ page }, testInfo) => {
  const now = Date.now();
  await page.clock.install({ time: now });
  const drop = await scheduleDrop(now);
  const local = `Drops ${dropTimeText(drop.dropsAt, ZONE)}`;

  // The server's HTML of the shared link carries the ISO time, written in UTC (it knows no zone).
  const html = await (await page.request.get(`/store?productId=${drop.id}`)).text();
  const serverTime = `<time dateTime="${drop.dropsAt}" class="ml-4 text-lg">Drops ${dropTimeText(drop.dropsAt, "UTC")}</time>`;
  expect(html.includes(serverTime), `the server's HTML has ${serverTime}`).toBe(true);
  expect(html.includes(`"availabilityStarts":"${drop.dropsAt}"`), "the JSON-LD says when it becomes available").toBe(true);

  await signUpViaApi(page, uniqueAccount("drop"));
  await page.goto(`/store?productId=${drop.id}`);
  const dialog = page.getByRole("dialog", { name: drop.title });
  const waiting = dialog.getByRole("button", { name: local });
  await expect(waiting).toBeDisabled();
  await expect(waiting.locator("time")).toHaveAttribute("datetime", drop.dropsAt);
  await expect(dialog.getByText("2 per person")).toBeVisible();
  await expect(dialog.getByRole("button", { name: /Add to Cart/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: testInfo.outputPath(`drop-waiting-${width}.png`) });
  }

  // The browser's clock is not trusted: before the server's time, the API refuses.
  const early = await page.request.post("/api/me/cart/items", { headers: { origin: new URL(page.url()).origin }, data: { product_id: drop.id } });
  expect(early.status()).toBe(409);
  expect(((await early.json()) as { error: { code: string } }).error.code).toBe("DROP_NOT_OPEN");

  // The moment comes, for the server and for the page: the button turns into Add to Cart.
  await moveServerClock(11 * MINUTE);
  await page.clock.fastForward(11 * MINUTE);
  const add = dialog.getByRole("button", { name: "Add to Cart - $12.00" });
  await expect(add).toBeEnabled();
  const cartCount = async () => ((await (await page.request.get("/api/me/cart")).json()) as { count: number }).count;
  await add.press("Enter");
  await expect(dialog.getByRole("status").filter({ hasText: `${drop.title} added to cart!` })).toBeVisible();
  await expect.poll(cartCount).toBe(1);
  await add.press("Enter");
  await expect.poll(cartCount).toBe(2);
  // The third is past the limit: the server says so, and the page shows its words.
  await add.press("Enter");
  await expect(dialog.getByText(`${drop.title} is limited to 2 per person, and you have reached it.`)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("drop-open-390.png") });
  expect(await cartCount()).toBe(2);
});
