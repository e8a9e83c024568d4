/**
 * The account's flows end to end (issue 20): forgot password → the e-mail at the suite's mail
 * receiver (e2e/mail-receiver.ts) → a new password → sign in with it, the old one refused; a new
 * e-mail address confirmed by the link sent to it, the old address told; confirming the address
 * from the banner's Resend; two devices listed and the other one signed out; the profile saved;
 * the password changed; the account deleted (sign-in refused, the address free again). Forms are
 * filled and sent with the keyboard; axe on the answers.
 */
import type { Page } from "@playwright/test";
import {
  createAccount,
  expect,
  expectNoAxeViolations,
  mailsTo,
  signInViaApi,
  signUpViaApi,
  test,
  uniqueAccount,
  waitForMail,
} from "./fixtures";

const TEXT = {
  resetRequested: "If an account uses this email, we have sent it a link to choose a new password. The link works for one hour.",
  passwordReset: "Your password was changed. Please sign in with the new one.",
  invalidResetLink: "This link has expired or was already used. Please ask for a new one.",
  emailVerified: "Thank you, your email address is confirmed.",
  verificationSent: "We have sent you a new confirmation link.",
  changeEmailSent: (email: string) => `We have sent a confirmation link to ${email}. Your email changes once you open it.`,
  wrongPassword: "The password is not correct.",
  passwordChanged: "Your password was changed. Your other devices were signed out.",
  accountDeleted: "Your account was deleted.",
};

/**
 * Waits for an e-mail to `recipient` holding a link to `path` with a token, and returns the link
 * on this site (the e-mail names the configured public address; the test follows its path).
 */
async function waitForLink(recipient: string, path: "/reset-password" | "/verify-email"): Promise<string> {
  const pattern = new RegExp(`${path}\\?token=([^\\s"'<>&]+)`);
  const tokens = () => mailsTo(recipient).flatMap((mail) => pattern.exec(mail.text)?.[1] ?? []);
  await expect.poll(() => tokens().length, { timeout: 20_000, message: `a ${path} link to ${recipient}` }).toBeGreaterThan(0);
  return `${path}?token=${tokens().at(-1)!}`;
}

async function me(page: Page) {
  return (await (await page.request.get("/api/me")).json()) as { email: string; username: string; phone: string; email_verified: boolean } | null;
}

async function signInStatus(page: Page, account: { email: string; password: string }) {
  const res = await page.request.post("/api/auth/sign-in/email", {
    data: account,
    headers: { origin: new URL(page.url()).origin },
  });
  return res.status();
}

test("forgot password: the e-mailed link sets a new password, used once; the old password stops working", async ({ page, request }) => {
  const account = await createAccount(request, uniqueAccount("forgot"));
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  // Login has an Email field too: fill the forgot page's once it has replaced Login's.
  await expect(page.getByRole("heading", { level: 1, name: "Forgot password?" })).toBeVisible();
  await page.getByLabel("Email").fill(account.email);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: TEXT.resetRequested })).toBeVisible();
  await expectNoAxeViolations(page);

  const link = await waitForLink(account.email, "/reset-password");
  await page.goto(link);
  const newPassword = "orange moons 42";
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.keyboard.press("Enter");
  await expect(page.getByText(TEXT.passwordReset)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(newPassword);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/home$/);
  expect((await me(page))?.email).toBe(account.email);

  // The old password is refused, and the link does not work twice.
  expect(await signInStatus(page, { email: account.email, password: account.password })).toBe(401);
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("another one 77");
  await page.getByLabel("Confirm new password").fill("another one 77");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert")).toHaveText(TEXT.invalidResetLink);
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
});

test("forgot password: an address without an account gets the same answer", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(uniqueAccount("nobody").email);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: TEXT.resetRequested })).toBeVisible();
});

test("the banner's Resend sends a confirmation link; opening it confirms the address and the banner goes", async ({ page }) => {
  const account = await signUpViaApi(page, uniqueAccount("confirm"));
  await page.goto("/home");
  const banner = page.getByRole("complementary", { name: "Email confirmation" });
  await banner.getByRole("button", { name: "Resend" }).click();
  await expect(banner.getByRole("status")).toHaveText(TEXT.verificationSent);

  const link = await waitForLink(account.email, "/verify-email");
  await page.goto(link);
  await expect(page.getByText(TEXT.emailVerified)).toBeVisible();
  await expectNoAxeViolations(page);
  await expect.poll(async () => (await me(page))?.email_verified).toBe(true);
  await page.getByRole("link", { name: "Continue to Home" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(banner).toHaveCount(0);
});

test("change e-mail: confirmed by the link sent to the new address; the old address is told", async ({ page }) => {
  const account = await signUpViaApi(page, uniqueAccount("moving"));
  const newEmail = uniqueAccount("moved").email;
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Email" });
  await section.getByLabel("New email").fill(account.email);
  await page.keyboard.press("Enter");
  await expect(section.getByLabel("New email")).toHaveAccessibleDescription(/already your email/);

  await section.getByLabel("New email").fill(newEmail);
  await page.keyboard.press("Enter");
  await expect(section.getByText(TEXT.changeEmailSent(newEmail))).toBeVisible();
  expect((await me(page))?.email).toBe(account.email);

  const link = await waitForLink(newEmail, "/verify-email");
  await page.goto(link);
  await expect(page.getByText(TEXT.emailVerified)).toBeVisible();
  await expect.poll(async () => (await me(page))?.email).toBe(newEmail);
  const notice = await waitForMail(account.email, "Your MAYBE e-mail address was changed", 20_000);
  expect(notice.text).toContain(newEmail);

  await page.goto("/settings");
  await expect(section.getByText(newEmail, { exact: true })).toBeVisible();
});

test("sessions: two devices are listed; signing out the other one ends its session", async ({ page, browser }) => {
  const account = await signUpViaApi(page, uniqueAccount("devices"));
  const other = await browser.newContext({ userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0" });
  const otherPage = await other.newPage();
  try {
    await otherPage.goto("/login");
    await signInViaApi(otherPage, account);
    expect((await me(otherPage))?.email).toBe(account.email);

    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Signed-in devices" });
    const rows = section.getByRole("listitem");
    await expect(rows).toHaveCount(2);
    await expect(section.getByText("This device", { exact: true })).toHaveCount(1);
    await expect(rows.filter({ hasText: "Firefox" })).toContainText("Last seen");
    await expectNoAxeViolations(page);

    await rows.filter({ hasText: "Firefox" }).getByRole("button", { name: /^Sign out/ }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText("This device");
    await expect(section.getByText("You are signed in on this device only.")).toBeVisible();
    await expect.poll(() => me(otherPage)).toBeNull();
    expect((await me(page))?.email).toBe(account.email);
  } finally {
    await other.close();
  }
});

test("profile: a new username and phone are saved and shown in the profile menu", async ({ page }) => {
  await signUpViaApi(page, uniqueAccount("renamed"));
  await page.goto("/settings");
  const username = page.getByLabel("Username");
  await username.fill("Neon Harbor");
  await page.getByLabel("Phone").fill("+1 (555) 010-9999");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Profile saved.")).toBeVisible();
  expect(await me(page)).toMatchObject({ username: "Neon Harbor", phone: "+1 (555) 010-9999" });
  await page.getByRole("button", { name: "Open profile menu" }).click();
  await expect(page.getByText("Neon Harbor", { exact: true })).toBeVisible();
});

test("password: the current one is checked; a new one signs the other devices out", async ({ page }) => {
  const account = await signUpViaApi(page, uniqueAccount("repass"));
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Password" });
  await section.getByLabel("Current password").fill("not my password");
  await section.getByLabel("New password", { exact: true }).fill("purple rain 55");
  await section.getByLabel("Confirm new password").fill("purple rain 55");
  await page.keyboard.press("Enter");
  await expect(section.getByLabel("Current password")).toHaveAccessibleDescription(TEXT.wrongPassword);
  await expect(section.getByLabel("Current password")).toBeFocused();

  await section.getByLabel("Current password").fill(account.password);
  await page.keyboard.press("Enter");
  await expect(section.getByText(TEXT.passwordChanged)).toBeVisible();
  expect(await signInStatus(page, { email: account.email, password: "purple rain 55" })).toBe(200);
});

test("delete account: password and DELETE, one more question, then signed out on the landing page; the address can subscribe again", async ({
  page,
  request,
}) => {
  const account = await signUpViaApi(page, uniqueAccount("leaving"));
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Delete account" });
  await section.getByLabel("Password").fill("not my password");
  await section.getByLabel("Type DELETE to confirm").fill("DELETE");
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(section.getByLabel("Password")).toHaveAccessibleDescription(TEXT.wrongPassword);

  await section.getByLabel("Password").fill(account.password);
  await section.getByLabel("Type DELETE to confirm").focus();
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Delete my account" })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(TEXT.accountDeleted)).toBeVisible();
  await expect(page.getByRole("link", { name: "SUBSCRIBE" })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await me(page)).toBeNull();
  expect(await signInStatus(page, account)).toBe(401);
  await createAccount(request, { ...account, username: `${account.username.slice(0, 24)}again` });
});

test("email preferences: the newsletter switch is saved at once, with the keyboard", async ({ page }) => {
  await signUpViaApi(page, uniqueAccount("letters"));
  await page.goto("/settings");
  const newsletter = page.getByRole("switch", { name: "Send me the newsletter" });
  const before = (await me(page)) as unknown as { newsletter: boolean };
  await expect(newsletter).toBeChecked({ checked: before.newsletter });
  await newsletter.focus();
  await page.keyboard.press("Space");
  await expect(page.getByText("Preferences saved.")).toBeVisible();
  await expect.poll(async () => ((await me(page)) as unknown as { newsletter: boolean }).newsletter).toBe(!before.newsletter);
  await page.reload();
  await expect(newsletter).toBeChecked({ checked: !before.newsletter });
});
