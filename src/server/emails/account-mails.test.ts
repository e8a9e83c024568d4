/** The account e-mails: the link in both parts, how long it is valid, what to do if it was not you. */
import { describe, expect, it } from "vitest";
import { validFor } from "./account-mails.js";
import { CONTEXT, SAMPLES } from "./emails.fixtures.js";
import { renderMail } from "./render.js";

const NOT_YOU = `If this was not you, write to ${CONTEXT.contactEmail} at once.`;

describe("password-reset", () => {
  it("gives the single-use link, valid for one hour, and says to ignore the mail if you did not ask", async () => {
    const props = SAMPLES["password-reset"];
    const mail = await renderMail("password-reset", props, CONTEXT);
    expect(mail.subject).toBe("Reset your MAYBE password");
    expect(mail.text).toContain("Hello Ada,");
    expect(mail.text).toContain(`Choose a new password: ${props.url}`);
    expect(mail.text).toContain("The link is valid for one hour and works once.");
    expect(mail.text).toContain("If you did not ask, ignore this e-mail: your password stays as it is.");
    expect(mail.html).toContain(`href="${props.url.replace("&", "&amp;")}"`);
    // The address to paste when the button cannot be clicked is in the HTML; the text has it once.
    expect(mail.html).toContain("If the button does not work, paste this address into your browser");
    expect(mail.text).not.toContain("If the button does not work");
    expect(mail.text.split(props.url)).toHaveLength(2);
  });

  it("says how long the link lasts in words", async () => {
    const mail = await renderMail("password-reset", { ...SAMPLES["password-reset"], expiresInMinutes: 30 }, CONTEXT);
    expect(mail.text).toContain("The link is valid for 30 minutes and works once.");
    expect([1, 45, 60, 120].map(validFor)).toEqual(["one minute", "45 minutes", "one hour", "2 hours"]);
  });

  it("greets without a name when the account has none", async () => {
    const mail = await renderMail("password-reset", { ...SAMPLES["password-reset"], name: "  " }, CONTEXT);
    expect(mail.text).toContain("\nHello,\n");
  });
});

describe("verify-email", () => {
  it("gives the confirmation link", async () => {
    const props = SAMPLES["verify-email"];
    const mail = await renderMail("verify-email", props, CONTEXT);
    expect(mail.subject).toBe("Confirm your e-mail address for MAYBE");
    expect(mail.text).toContain(`Confirm your e-mail address: ${props.url}`);
    expect(mail.text).toContain("If you did not sign up for MAYBE, ignore this e-mail.");
    expect(mail.html).toContain(`href="${props.url}"`);
  });
});

describe("change-email-confirm", () => {
  it("names the new address and gives the link that makes it the account's", async () => {
    const props = SAMPLES["change-email-confirm"];
    const mail = await renderMail("change-email-confirm", props, CONTEXT);
    expect(mail.subject).toBe("Confirm your new MAYBE e-mail address");
    expect(mail.text).toContain("You asked to use ada.new@example.com for your MAYBE account. Confirm it with this link:");
    expect(mail.text).toContain(`Confirm the new address: ${props.url}`);
    expect(mail.text).toContain("Until you do, your account keeps its current address.");
    expect(mail.text).toContain("If you did not ask, ignore this e-mail.");
  });
});

describe("email-changed", () => {
  it("tells the old address the new one and whom to write if it was not you", async () => {
    const mail = await renderMail("email-changed", SAMPLES["email-changed"], CONTEXT);
    expect(mail.subject).toBe("Your MAYBE e-mail address was changed");
    expect(mail.text).toContain("Your MAYBE e-mail was changed to ada.new@example.com.");
    expect(mail.text).toContain("instead of to ada@example.com.");
    expect(mail.text).toContain(NOT_YOU);
    expect(mail.html).toContain(`<a href="mailto:${CONTEXT.contactEmail}"`);
  });
});

describe("password-changed", () => {
  it("says the password changed, the other devices are signed out, and whom to write if it was not you", async () => {
    const mail = await renderMail("password-changed", SAMPLES["password-changed"], CONTEXT);
    expect(mail.subject).toBe("Your MAYBE password was changed");
    expect(mail.text).toContain("The password of your MAYBE account was just changed, and your other devices were signed out.");
    expect(mail.text).toContain(NOT_YOU);
  });
});

describe("account-deleted", () => {
  it("confirms the deletion, says orders are kept, and whom to write if it was not you", async () => {
    const mail = await renderMail("account-deleted", SAMPLES["account-deleted"], CONTEXT);
    expect(mail.subject).toBe("Your MAYBE account was deleted");
    expect(mail.text).toContain("As you asked, we deleted your MAYBE account");
    expect(mail.text).toContain("Orders you placed stay in the shop's bookkeeping, no longer linked to an account.");
    expect(mail.text).toContain(`If you did not delete your account, write to ${CONTEXT.contactEmail} at once.`);
  });
});
