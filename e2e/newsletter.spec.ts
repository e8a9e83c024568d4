/**
 * The newsletter (issue 32, docs/decisions/0031): the footer's sign-up is double opt-in (the link
 * e-mailed to the local SMTP receiver confirms it, on a page that asks first), and an issue an
 * admin writes in the back office, previewed and tested on themselves, reaches the confirmed
 * subscribers and no one still waiting to confirm.
 */
import type { APIRequestContext } from "@playwright/test";
import { allowConsoleErrors, expect, expectNoAxeViolations, mailsTo, openE2eDatabase, signInViaApi, test, uniqueAccount, waitForMail } from "./fixtures";
import { createStaffAccount } from "./staff";

const CONFIRM_SUBJECT = "Confirm your MAYBE newsletter sign-up";
const confirmLink = (text: string) => /(\/newsletter\/confirm\?token=[A-Za-z0-9_.%-]+)/.exec(text)?.[1];

/** A footer sign-up through the API, confirmed by posting its e-mailed link (as the page's form does) or left waiting. */
async function footerSignUp(request: APIRequestContext, email: string, confirm: boolean) {
  expect((await request.post("/api/newsletter", { data: { email }, headers: { origin: new URL(test.info().project.use.baseURL!).origin } })).status()).toBe(200);
  const link = confirmLink((await waitForMail(email, CONFIRM_SUBJECT)).text);
  expect(link).toBeDefined();
  if (confirm) expect((await request.post(link!.replace("/newsletter/confirm", "/api/newsletter/confirm"))).status()).toBe(200);
}

test.describe("newsletter sign-up from the footer", () => {
  test("validates, keeps what was typed, signs up, and the e-mailed link confirms it", async ({ page }) => {
    const { email } = uniqueAccount("letter");
    await page.goto("/about");
    const trigger = page.getByRole("contentinfo").getByRole("button", { name: "Newsletter" });
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Newsletter" });
    await expect(dialog).toBeVisible();

    await dialog.getByRole("button", { name: "Sign Up" }).click();
    await expect(dialog.getByLabel("Email")).toHaveAccessibleDescription("Email is required");
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByRole("button", { name: "Sign Up" }).click();
    await expect(dialog.getByLabel("Email")).toHaveAccessibleDescription("Email is invalid");
    await expect(dialog.getByLabel("Email")).toHaveValue("not-an-email");
    await expectNoAxeViolations(page);

    await dialog.getByLabel("Email").fill(email.toUpperCase());
    await expect(dialog.getByLabel("Email")).not.toHaveAttribute("aria-invalid");
    await dialog.getByRole("button", { name: "Sign Up" }).click();
    await expect(dialog.getByText("Almost there! Check your inbox.")).toBeVisible();
    const confirmed = () => {
      const db = openE2eDatabase();
      try {
        return db.prepare("select email, confirmed_at is not null as confirmed from newsletter_subscriber where email = ?").get(email);
      } finally {
        db.close();
      }
    };
    expect(confirmed()).toEqual({ email, confirmed: 0 });

    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    // The link asks first (mail scanners open links); its button is a plain form.
    const link = confirmLink((await waitForMail(email, CONFIRM_SUBJECT)).text);
    expect(link).toBeDefined();
    await page.goto(link!);
    await expect(page.getByText(`Send the newsletter to ${email}?`)).toBeVisible();
    expect(confirmed()).toEqual({ email, confirmed: 0 });
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/newsletter\/confirm\?outcome=confirmed$/);
    await expect(page.getByText("You are on the MAYBE newsletter.")).toBeVisible();
    expect(confirmed()).toEqual({ email, confirmed: 1 });
  });

  test("shows a general message when the server fails", async ({ page }) => {
    allowConsoleErrors(page, /status of 500\b/); // the sign-up this test fails on purpose
    await page.route("**/api/newsletter", (route) =>
      route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "boom" } } }),
    );
    await page.goto("/contact");
    await page.getByRole("contentinfo").getByRole("button", { name: "Newsletter" }).click();
    const dialog = page.getByRole("dialog", { name: "Newsletter" });
    await dialog.getByLabel("Email").fill("someone@example.com");
    await dialog.getByRole("button", { name: "Sign Up" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("We could not sign you up just now. Please try again.");
    await expect(dialog.getByLabel("Email")).toHaveValue("someone@example.com");
  });
});

test("an admin's newsletter issue, previewed and tested, reaches the confirmed subscribers only", async ({ page, request }) => {
  const confirmed = uniqueAccount("letter-yes").email;
  const waiting = uniqueAccount("letter-wait").email;
  await footerSignUp(request, confirmed, true);
  await footerSignUp(request, waiting, false);
  const admin = await createStaffAccount("admin");
  await signInViaApi(page, admin);

  await page.goto("/admin/newsletter");
  await page.getByRole("link", { name: "New issue" }).click();
  const subject = `Letters ${Date.now().toString(36)}`;
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Issue (Markdown)").fill("## Three new creators\n\nMeet them in [the directory](/creators).");
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: "Three new creators" })).toBeVisible();
  await expect(preview.getByRole("link", { name: "the directory" })).toHaveAttribute("href", "/creators");

  await page.getByRole("button", { name: "Send a test to me" }).click();
  await expect(page.getByRole("status").filter({ hasText: `A test copy is on its way to ${admin.email}.` })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/newsletter\/[0-9a-f-]{36}$/);
  const copy = await waitForMail(admin.email, `[Test] ${subject}`);
  expect(copy.text).toContain("This is a test copy, sent only to you.");
  expect(mailsTo(confirmed, subject)).toHaveLength(0);

  await page.getByRole("button", { name: "Send now" }).click();
  const dialog = page.getByRole("dialog", { name: "Send this issue?" });
  await expect(dialog).toContainText("It goes to everyone on the list now");
  await dialog.getByRole("button", { name: "Send now" }).click();
  await expect(page.getByText("Sent", { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("newsletter-queued")).toContainText("0");
  await expect(page.getByTestId("newsletter-failed")).toContainText("0");

  const mail = await waitForMail(confirmed, subject);
  expect(mail.text).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  expect(mail.text).toContain("Three new creators");
  // Sent means every e-mail of it went: none to the address still waiting for its link.
  expect(mailsTo(waiting, subject)).toHaveLength(0);
  await expectNoAxeViolations(page);
});
