import { chromium } from "@playwright/test";
const base = "http://localhost:3100";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell" });
const errors = [];
async function shoot(page, name) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `/tmp/nl-shots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
const ctx = await browser.newContext();
const page = await ctx.newPage();
page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
await page.goto(base + "/login");
await page.getByLabel(/email|username/i).first().fill("admin@example.com");
await page.getByLabel("Password").fill("maybe-sample-admin");
await page.getByRole("button", { name: "Login" }).click();
await page.waitForURL(/\/home|\/admin|\/$/);
await page.goto(base + "/admin/newsletter");
await page.getByRole("link", { name: "New issue" }).waitFor();
await shoot(page, "list-empty");
await page.getByRole("link", { name: "New issue" }).click();
await page.getByLabel("Subject").fill("Winter on MAYBE");
await page.getByLabel("Issue (Markdown)").fill("Three new creators joined this month.\n\n## Meet them\n\n- **Maya Lopez**, prints\n- Sam Reed, zines\n\nSee [the directory](/creators) and [the store](/store).");
await page.getByRole("region", { name: "Preview" }).getByRole("heading", { name: "Meet them" }).waitFor();
await shoot(page, "editor");
await page.getByRole("button", { name: "Save draft" }).click();
await page.getByText("Saved.").waitFor();
await page.getByRole("button", { name: "Send now" }).click();
await page.getByRole("dialog").waitFor();
await shoot(page, "confirm");
await page.getByRole("dialog").getByRole("button", { name: "Send now" }).click();
await page.getByTestId("newsletter-sent").waitFor();
await page.waitForTimeout(3000);
await shoot(page, "sent");
await page.goto(base + "/admin/newsletter");
await page.getByRole("list", { name: "Newsletter issues" }).waitFor();
await shoot(page, "list");
// The confirmation page, signed out.
const p2 = await (await browser.newContext()).newPage();
p2.on("console", (m) => m.type() === "error" && errors.push(m.text()));
await p2.goto(base + "/newsletter/confirm?token=bogus");
await p2.getByRole("alert").waitFor();
await shoot(p2, "confirm-invalid");
console.log("errors", errors);
await browser.close();
