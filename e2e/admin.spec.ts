/**
 * The back office (/admin) against the real server: who sees which sections (everyone else gets
 * the site's 404 page), the header's way in, the overview, an admin adjusting stock and finding it
 * in the audit log, roles on the people page; keyboard, axe and 390 px on every section, with
 * screenshots of each page at both widths kept with the test's results.
 */
import type { Page } from "@playwright/test";
import { addProduct, expect, expectNoAxeViolations, setStock, signInViaApi, signUpViaApi, test, uniqueAccount, expectNoSidewaysScroll, waitForMail, withE2eDatabase } from "./fixtures";
import { createStaffAccount } from "./staff";

const ALL_SECTIONS = ["Overview", "Orders", "Curation", "Reports", "Comments", "Radio", "Stats", "Inventory", "Products", "Audit Log", "People", "Mail", "Newsletter"];
const CURATOR_SECTIONS = ["Overview", "Curation", "Reports", "Comments", "Radio", "Stats", "Audit Log"];
const SECTION_PATHS: Record<string, string> = {
  Overview: "/admin",
  Orders: "/admin/orders",
  Curation: "/admin/curation",
  Reports: "/admin/reports",
  Comments: "/admin/comments",
  Radio: "/admin/radio",
  Stats: "/admin/stats",
  Inventory: "/admin/inventory",
  Products: "/admin/products",
  "Audit Log": "/admin/audit",
  People: "/admin/people",
  Mail: "/admin/mail",
  Newsletter: "/admin/newsletter",
};

const tabs = (page: Page) => page.getByRole("navigation", { name: "Back Office" }).getByRole("link");
const notFound = (page: Page) => page.getByRole("heading", { level: 1, name: "Page not found" });
const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });

async function signInAs(page: Page, role: "admin" | "curator") {
  const account = await createStaffAccount(role);
  await signInViaApi(page, account);
  return account;
}

/** No part of the page is wider than the viewport (nothing to scroll sideways). */
/** A full-page picture kept with the test's results, to look at. */
async function snapshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

// ------------------------------------------------------------------------------------ who

test.describe("who gets in", () => {
  test("an admin sees every section, and each opens with its title", async ({ page }) => {
    await signInAs(page, "admin");
    expect((await page.goto("/admin"))?.status()).toBe(200);
    await expect(heading(page, "Overview")).toBeVisible();
    await expect(tabs(page)).toHaveText(ALL_SECTIONS);
    for (const section of ALL_SECTIONS) {
      await tabs(page).filter({ hasText: section }).click();
      await expect(page).toHaveURL(new RegExp(`${SECTION_PATHS[section]}$`));
      await expect(heading(page, section)).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${section} · Back Office`));
      await expect(tabs(page).filter({ hasText: section })).toHaveAttribute("aria-current", "page");
    }
  });

  test("a member visiting /admin gets the site's 404 page, on every section: status 404, and a tab that claims nothing", async ({ page }) => {
    await signUpViaApi(page, uniqueAccount("member"));
    for (const path of Object.values(SECTION_PATHS)) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(notFound(page)).toBeVisible();
      await expect(page).toHaveTitle("Page not found · MAYBE");
      await expect(page.getByRole("navigation", { name: "Back Office" })).toHaveCount(0);
    }
  });

  test("a visitor gets the 404 page too, not a way to sign in", async ({ page }) => {
    const response = await page.goto("/admin/audit");
    expect(response?.status()).toBe(404);
    await expect(notFound(page)).toBeVisible();
    await expect(page).toHaveTitle("Page not found · MAYBE");
    await expect(page).toHaveURL(/\/admin\/audit$/);
  });

  test("a curator sees only the curator's sections and no order cards; the admins' pages are the 404 page", async ({ page }) => {
    await signInAs(page, "curator");
    await page.goto("/admin");
    await expect(heading(page, "Overview")).toBeVisible();
    await expect(tabs(page)).toHaveText(CURATOR_SECTIONS);
    const cards = page.getByRole("list", { name: "Waiting for you" });
    await expect(cards.getByText("Open reports")).toBeVisible();
    await expect(cards.getByText("Orders awaiting payment")).toHaveCount(0);
    await expect(cards.getByText("Orders awaiting shipping")).toHaveCount(0);
    // Low stock is shown, but the inventory is not theirs: no link into it.
    await expect(cards.getByRole("link", { name: /Products low in stock/ })).toHaveCount(0);
    for (const path of ["/admin/orders", "/admin/inventory", "/admin/people"]) {
      expect((await page.goto(path))?.status(), path).toBe(404);
      await expect(notFound(page)).toBeVisible();
      await expect(page).toHaveTitle("Page not found · MAYBE");
    }
  });

  test("the header's profile menu offers 'Back Office' to staff only", async ({ page, browser }) => {
    await signUpViaApi(page, uniqueAccount("member"));
    await page.goto("/home");
    await page.getByRole("banner").getByRole("button", { name: "Open profile menu" }).click();
    const memberMenu = page.getByRole("menu", { name: "Profile" });
    await expect(memberMenu.getByRole("menuitem", { name: "Orders" })).toBeVisible();
    await expect(memberMenu.getByRole("menuitem", { name: "Back Office" })).toHaveCount(0);

    for (const role of ["curator", "admin"] as const) {
      const context = await browser.newContext();
      const staff = await context.newPage();
      await signInAs(staff, role);
      await staff.goto("/home");
      await staff.getByRole("banner").getByRole("button", { name: "Open profile menu" }).click();
      await staff.getByRole("menu", { name: "Profile" }).getByRole("menuitem", { name: "Back Office" }).click();
      await expect(staff).toHaveURL(/\/admin$/);
      await expect(heading(staff, "Overview")).toBeVisible();
      await context.close();
    }
  });
});

// ------------------------------------------------------------------------------ the work

test.describe("an admin at work", () => {
  test("the overview's low-stock card opens the inventory, low stock only", async ({ page }) => {
    const product = await addProduct({ stock: 1 });
    await signInAs(page, "admin");
    await page.goto("/admin");
    await expect(page.getByRole("list", { name: "Waiting for you" }).getByText("Orders awaiting payment")).toBeVisible();
    await page.getByRole("list", { name: "Waiting for you" }).getByRole("link", { name: /Products low in stock/ }).click();
    await expect(page).toHaveURL(/\/admin\/inventory\?low=1$/);
    await expect(page.getByRole("checkbox", { name: /Low stock only/ })).toBeChecked();
    await page.getByRole("searchbox", { name: "Search products by title" }).fill(product.name);
    await expect(page.getByTestId("inventory-item")).toHaveCount(1);
    await expect(page.getByTestId("inventory-item").getByRole("heading", { name: product.name })).toBeVisible();
  });

  test("adjusts a product's stock with a reason, by keyboard; the audit log shows the entry", async ({ page }) => {
    const product = await addProduct({ stock: 2 });
    const admin = await signInAs(page, "admin");
    await page.goto(`/admin/inventory?q=${encodeURIComponent(product.name)}`);
    const row = page.getByTestId("inventory-item").filter({ has: page.getByRole("heading", { name: product.name }) });
    await expect(row.getByTestId("stock")).toContainText("2");

    const toggle = row.getByRole("button", { name: `Adjust stock of ${product.name}` });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const amount = row.getByRole("spinbutton", { name: "Amount" });
    const reason = row.getByRole("textbox", { name: "Reason" });

    // Nothing typed: a message under each field, the amount focused.
    await row.getByRole("button", { name: "Save adjustment" }).press("Enter");
    await expect(row.getByText("Enter how many to add (e.g. 5) or take away (e.g. -2)")).toBeVisible();
    await expect(row.getByText("Give a reason for the change")).toBeVisible();
    await expect(amount).toBeFocused();

    // More than there is: the form says so at once, never previews a stock below 0, and sends nothing.
    let adjustments = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/adjust")) adjustments += 1;
    });
    await page.keyboard.type("-5");
    await expect(row.getByText("The stock is 2: at most 2 can be taken away (-2).")).toBeVisible();
    await expect(row.getByText(/Stock 2 →/)).toHaveCount(0);
    await reason.focus();
    await page.keyboard.type("Damaged in the rain");
    await page.keyboard.press("Enter");
    await expect(amount).toBeFocused();
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    expect(adjustments).toBe(0);

    // A sale elsewhere since the list was read: the server's 409, and what was typed stays.
    await setStock(product.id, 1);
    await amount.fill("-2");
    await expect(row.getByText("Stock 2 → 0")).toBeVisible();
    await reason.press("Enter");
    await expect(row.getByRole("alert")).toHaveText(
      `“${product.name}” has 1 in stock, so 2 cannot be taken away: stock cannot go below 0. Nothing changed.`,
    );
    await expect(amount).toHaveValue("-2");
    await expect(reason).toHaveValue("Damaged in the rain");
    expect(adjustments).toBe(1);
    await setStock(product.id, 2);

    await amount.fill("3");
    await expect(row.getByText("Stock 2 → 5")).toBeVisible();
    await reason.fill("Restocked from the printer");
    await reason.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: `Stock of ${product.name}: 2 → 5.` })).toBeVisible();
    await expect(row.getByTestId("stock")).toContainText("5");
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");

    await row.getByRole("link", { name: `History of ${product.name}` }).click();
    await expect(heading(page, "Audit Log")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/audit\?target_kind=product&target_id=/);
    const entries = page.getByTestId("audit-entry");
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText("Product stock adjusted");
    await expect(entries.first()).toContainText("product.stock");
    await expect(entries.first()).toContainText(`by ${admin.email}`);
    await expect(entries.first().getByRole("list", { name: "Changes" })).toHaveText(/^stock:\s*2\s*→\s*to\s*5$/);
    await expect(entries.first()).toContainText("Restocked from the printer");
    await expect(page.getByRole("textbox", { name: "Target id" })).toHaveValue(product.id);

    // The same entry from the whole log, filtered by who did it.
    await page.goto("/admin/audit");
    await page.getByRole("textbox", { name: "Who" }).fill(admin.email);
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`actor=${encodeURIComponent(admin.email).replace(/\./g, "\\.")}`));
    await expect(page.getByTestId("audit-entry")).toHaveCount(1);
  });

  test("changes a member's role, asks before making an admin, and says 'You' on the admin's own row", async ({ page }) => {
    const admin = await signInAs(page, "admin");
    const member = await createStaffAccount("member");
    await page.goto(`/admin/people?q=${encodeURIComponent(member.email)}`);
    const row = page.getByTestId("person").filter({ hasText: member.email });
    await expect(row).toHaveCount(1);
    const select = row.getByRole("combobox", { name: `Role of ${member.email}` });
    await expect(select).toHaveValue("member");
    const change = row.getByRole("button", { name: `Change role of ${member.email}` });
    await expect(change).toBeDisabled();

    await select.selectOption("curator");
    await change.click();
    await expect(page.getByRole("status").filter({ hasText: `${member.email} is now a Curator.` })).toBeVisible();

    await select.selectOption("admin");
    await change.click();
    const dialog = page.getByRole("dialog", { name: "Make this person an admin?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await change.click();
    await dialog.getByRole("button", { name: "Make admin" }).click();
    await expect(page.getByRole("status").filter({ hasText: `${member.email} is now an Admin.` })).toBeVisible();

    await page.goto(`/admin/people?q=${encodeURIComponent(admin.email)}`);
    const own = page.getByTestId("person").filter({ hasText: admin.email });
    await expect(own.getByText("You", { exact: true })).toBeVisible();
    await expect(own.getByRole("combobox")).toHaveCount(0);

    await page.goto(`/admin/audit?action=user.role&target_id=${member.uid}`);
    await expect(page.getByTestId("audit-entry")).toHaveCount(2);
    await expect(page.getByTestId("audit-entry").first()).toContainText("User role changed");
    await expect(page.getByTestId("audit-entry").first().getByRole("list", { name: "Changes" })).toHaveText(/^role:\s*curator\s*→\s*to\s*admin$/);
  });
});

// ------------------------------------------------------------------------- axe and 390 px

test.describe("every section, at 1280 and 390 px", () => {
  for (const width of [1280, 390]) {
    test(`passes axe with nothing wider than the screen at ${width} px`, async ({ page }) => {
      // Seven sections, each with axe and a full-page picture: more than one page's worth of time.
      test.setTimeout(60_000);
      await addProduct({ stock: 0 });
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await signInAs(page, "admin");
      for (const [section, path] of Object.entries(SECTION_PATHS)) {
        await page.goto(path);
        await expect(heading(page, section)).toBeVisible();
        await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
        await expectNoAxeViolations(page);
        await expectNoSidewaysScroll(page);
        await snapshot(page, `${section.toLowerCase().replace(/ /g, "-")}-${width}`);
      }
      // The open adjust form and its messages.
      await page.goto("/admin/inventory?low=1");
      await page.getByRole("button", { name: /^Adjust stock of/ }).first().click();
      await page.getByRole("button", { name: "Save adjustment" }).first().click();
      await expect(page.getByText("Give a reason for the change").first()).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await snapshot(page, `inventory-adjust-${width}`);
    });
  }
});

// ------------------------------------------------------------------------------------ mail

test("an admin finds an e-mail given up after its last attempt and sends it again", async ({ page }) => {
  const recipient = `${uniqueAccount("bounced").username}@example.com`;
  const id = `mail-e2e-${Date.now().toString(36)}-${process.pid}`;
  const at = new Date().toISOString();
  await withE2eDatabase((database) =>
    database.db
      .insertInto("outbox")
      .values({ id, kind: "mail", template: "password-changed", recipient, payload: JSON.stringify({ name: "Ada" }), created_at: at, available_at: at, attempts: 10, failed_at: at, last_error: "550 Mailbox unavailable" })
      .execute(),
  );
  await signInAs(page, "admin");
  await page.goto("/admin/mail");
  const row = page.getByRole("list", { name: "E-mails given up" }).getByRole("listitem").filter({ hasText: recipient });
  await expect(row).toContainText("550 Mailbox unavailable");
  await expectNoAxeViolations(page);
  await snapshot(page, "admin-mail-1280");
  await row.getByRole("button", { name: `Retry the e-mail to ${recipient}` }).click();
  await expect(page.getByText(`Queued again for ${recipient}.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await waitForMail(recipient, "Your MAYBE password was changed");
});
