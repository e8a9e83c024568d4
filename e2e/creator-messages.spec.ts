/**
 * A creator writes to their followers (issue 32, docs/decisions/0030) in the browser: a fan
 * follows (arranged through the API), the creator writes a Markdown message in the studio,
 * previews it, sends it after the confirm names who gets it, sees the result and when the next
 * may go; the fan's e-mail arrives at the local SMTP receiver with one-click unsubscribe.
 */
import { becomeCreator, expect, expectNoAxeViolations, signUpViaApi, test, uniqueAccount, waitForMail } from "./fixtures";

test("a creator writes to their followers from the studio, and the follower gets the e-mail", async ({ page, browser, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const studio = await browser.newPage();
  const { creator } = await becomeCreator(studio, { first: "Lena" });
  const fan = await signUpViaApi(page, uniqueAccount("listener"));
  expect((await page.request.put(`/api/me/follows/${encodeURIComponent(creator.id)}`, { headers: { origin } })).status()).toBe(200);

  await studio.goto("/studio");
  await expect(studio.getByTestId("studio-followers")).toHaveText("1 follower");
  const section = studio.getByRole("region", { name: "Write to your followers" });
  await expect(section.getByText("You have not written to your followers yet.")).toBeVisible();

  const marker = `Printing night ${Date.now().toString(36)}`;
  const text = `${marker}: new **risograph** prints go up on Friday.\n\nThank you for following.`;
  await section.getByLabel("Your message").fill(text);
  await expect(section.getByTestId("message-count")).toHaveText(`${text.length} / 2,000`);

  await section.getByRole("button", { name: "Preview" }).click();
  await expect(section.getByRole("button", { name: "Preview" })).toHaveAttribute("aria-pressed", "true");
  await expect(section.getByTestId("message-preview").locator("strong")).toHaveText("risograph");
  // Back to writing: what was typed is still there.
  await section.getByRole("button", { name: "Write" }).click();
  await expect(section.getByLabel("Your message")).toHaveValue(text);
  for (const width of [1280, 390]) {
    await studio.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await section.screenshot({ path: test.info().outputPath(`follower-messages-write-${width}.png`) });
  }
  await studio.setViewportSize({ width: 1280, height: 900 });

  await section.getByRole("button", { name: "Send to followers" }).click();
  const confirm = studio.getByRole("dialog", { name: "Send this message?" });
  await expect(confirm).toContainText("It goes by e-mail to your 1 follower.");
  await confirm.getByRole("button", { name: "Send message" }).click();
  await expect(section.getByText("Sent to your 1 follower.")).toBeVisible();
  await expect(section.getByLabel("Your message")).toHaveValue("");
  await expect(section.getByTestId("next-message")).toContainText("You can write again on");
  await expect(section.getByRole("button", { name: "Send to followers" })).toBeDisabled();
  await expect(section.getByTestId("past-message")).toHaveCount(1);
  await expect(section.getByTestId("past-message")).toContainText(marker);
  await expectNoAxeViolations(studio);
  for (const width of [1280, 390]) {
    await studio.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await section.screenshot({ path: test.info().outputPath(`follower-messages-sent-${width}.png`) });
  }
  await studio.close();

  const mail = await waitForMail(fan.email, "A message from a creator you follow on MAYBE");
  expect(mail.text).toContain(marker);
  expect(mail.text).toContain("<strong>risograph</strong>");
  expect(mail.text).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  expect(mail.text.replace(/\r?\n[ \t]+/g, " ")).toMatch(/List-Unsubscribe:\s*<[^>]*\/api\/unsubscribe\?token=[^>]+>/);
});
