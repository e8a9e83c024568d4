/**
 * 'Notify me' (issue 32) in the browser: a subscriber asks on a sold-out product in the store's
 * modal, an admin restocks it, and one e-mail arrives at the local SMTP receiver; the request has
 * ended, so the modal offers to ask again only when it sells out again.
 */
import { addProduct, expect, signInViaApi, signUpViaApi, test, uniqueAccount, waitForMail } from "./fixtures";
import { createStaffAccount } from "./staff";

test("a subscriber asks to be told when a sold-out product is back, and one e-mail comes when an admin restocks it", async ({ page, browser, baseURL }) => {
  const { id, name: title } = await addProduct({ stock: 0, name: `Notify Sticker ${Date.now().toString(36)}` });
  const fan = await signUpViaApi(page, uniqueAccount("waiter"));
  await page.goto(`/store?productId=${id}`);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("button", { name: "Sold Out" })).toBeDisabled();
  const notify = dialog.getByRole("button", { name: "Notify me when it's back" });
  await notify.click();
  await expect(dialog.getByRole("button", { name: "We'll e-mail you" })).toHaveAttribute("aria-pressed", "true");
  await expect(dialog.getByText("We'll e-mail you once when it's here.")).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await dialog.screenshot({ path: test.info().outputPath(`notify-me-${width}.png`) });
  }

  const staff = await browser.newPage();
  await signInViaApi(staff, await createStaffAccount("admin"));
  const origin = new URL(baseURL!).origin;
  const res = await staff.request.post(`/api/admin/inventory/${id}/adjust`, { data: { delta: 3, reason: "Found a box" }, headers: { origin } });
  expect(res.status(), await res.text()).toBe(200);
  await staff.close();

  const mail = await waitForMail(fan.email, "Back in stock on MAYBE: what you asked about");
  expect(mail.text).toContain(title);
  expect(mail.text).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  await page.reload();
  await expect(page.getByRole("dialog").getByRole("button", { name: /Add to Cart/ })).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("button", { name: /Notify me|We'll e-mail you/ })).toHaveCount(0);
});
