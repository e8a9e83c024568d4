/**
 * Newsletter consent belongs to the account while there is one (issue 29, decision 0020): it
 * follows a changed address, goes with a deleted account, and an address is on the list through
 * exactly one of the account or the footer's sign-up, so Settings shows what the list holds. On
 * SQLite and, with TEST_DB=postgres, PostgreSQL.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { lastMailTo, linkToken } from "../account/account.fixtures.js";
import { newsletterAddresses } from "./newsletter.queries.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const address = (name: string) => `${name}-${randomBytes(4).toString("hex")}@example.com`;
const list = () => newsletterAddresses(t.database.db);
const newsletterOf = async (cookie: string) => ((await (await t.request("/api/me", { cookie })).json()) as { newsletter: boolean }).newsletter;
const setNewsletter = (cookie: string, newsletter: boolean) => t.request("/api/me/preferences", { method: "PUT", cookie, json: { newsletter } });
const footer = (email: string) => t.request("/api/newsletter", { json: { email } });
/** The footer's sign-up and its e-mailed link followed (double opt-in). */
async function footerConfirmed(email: string) {
  expect((await footer(email)).status).toBe(200);
  const token = linkToken(await lastMailTo(t, email.toLowerCase(), "newsletter-confirm"));
  expect((await t.request(`/api/newsletter/confirm?token=${encodeURIComponent(token)}`, { method: "POST", origin: null })).status).toBe(200);
}

/** Asks for the new address, then opens the link sent to it. */
async function changeEmail(cookie: string, to: string) {
  expect((await t.request("/api/me/email", { cookie, json: { email: to } })).status).toBe(200);
  const token = linkToken(await lastMailTo(t, to, "change-email-confirm"));
  expect((await t.request("/api/auth/verify-email", { json: { token }, cookie })).status).toBe(200);
}

describe("an account's newsletter consent", () => {
  it("follows a changed address, goes with the deleted account, and a new account with the old address starts without it", async () => {
    const old = address("mover");
    const { cookie, account } = await t.signUp({ email: old });
    expect((await setNewsletter(cookie, true)).status).toBe(200);
    expect(await list()).toContain(old);

    const moved = address("moved");
    await changeEmail(cookie, moved);
    expect(await newsletterOf(cookie)).toBe(true);
    const afterMove = await list();
    expect(afterMove).toContain(moved);
    expect(afterMove).not.toContain(old);

    const deleted = await t.request("/api/me/delete", { cookie, json: { password: account.password, confirmation: "DELETE" } });
    expect(deleted.status).toBe(200);
    const afterDelete = await list();
    expect(afterDelete).not.toContain(moved);
    expect(afterDelete).not.toContain(old);

    for (const email of [old, moved]) {
      const again = await t.signUp({ email });
      expect(await newsletterOf(again.cookie), email).toBe(false);
    }
    expect(await list()).not.toContain(old);
  });

  it("is switched off in Settings, which takes the account's address off the list", async () => {
    const email = address("switch");
    const { cookie } = await t.signUp({ email });
    expect((await setNewsletter(cookie, true)).status).toBe(200);
    expect(await setNewsletter(cookie, true).then((r) => r.json())).toMatchObject({ newsletter: true });
    expect((await list()).filter((a) => a === email)).toHaveLength(1);
    expect(await setNewsletter(cookie, false).then((r) => r.json())).toMatchObject({ newsletter: false });
    expect(await list()).not.toContain(email);
  });

  it("keeps the date of the first consent, which Download my data shows", async () => {
    const { cookie } = await t.signUp();
    await setNewsletter(cookie, true);
    const first = (await (await t.request("/api/me/export", { cookie })).json()) as { newsletter: { subscribed: boolean; since: string } };
    expect(first.newsletter.subscribed).toBe(true);
    await setNewsletter(cookie, true);
    const again = (await (await t.request("/api/me/export", { cookie })).json()) as { newsletter: { since: string } };
    expect(again.newsletter.since).toBe(first.newsletter.since);
    await setNewsletter(cookie, false);
    expect(((await (await t.request("/api/me/export", { cookie })).json()) as { newsletter: unknown }).newsletter).toEqual({ subscribed: false, since: null });
  });
});

describe("the footer's sign-up and accounts", () => {
  it("an address signed up in the footer becomes the account's consent when it signs up, shown in Settings", async () => {
    const email = address("footer-first");
    await footerConfirmed(email.toUpperCase());
    expect(await list()).toContain(email);
    const { cookie } = await t.signUp({ email });
    expect(await newsletterOf(cookie)).toBe(true);
    expect(await t.database.db.selectFrom("newsletter_subscriber").select("email").where("email", "=", email).executeTakeFirst()).toBeUndefined();
    expect((await list()).filter((a) => a === email)).toHaveLength(1);
    await setNewsletter(cookie, false);
    expect(await list()).not.toContain(email);
  });

  it("a sign-up still waiting for its link is not the consent of the account that signs up with the address", async () => {
    const email = address("footer-unconfirmed");
    await footer(email);
    const { cookie } = await t.signUp({ email });
    expect(await newsletterOf(cookie)).toBe(false);
    expect(await list()).not.toContain(email);
  });

  it("the footer's sign-up of an account's address turns on that account's consent once its link is followed", async () => {
    const email = address("member");
    const { cookie } = await t.signUp({ email });
    for (let i = 0; i < 2; i += 1) {
      const res = await footer(email);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ confirm: true });
    }
    // Anyone may type an address in the footer: only its link, from its inbox, says yes.
    expect(await newsletterOf(cookie)).toBe(false);
    await footerConfirmed(email);
    expect(await newsletterOf(cookie)).toBe(true);
    expect(await t.database.db.selectFrom("newsletter_subscriber").select("email").where("email", "=", email).executeTakeFirst()).toBeUndefined();
  });

  it("an address signed up in the footer becomes the consent of the account that changes to it", async () => {
    const taken = address("footer-then-moved");
    await footerConfirmed(taken);
    const { cookie } = await t.signUp();
    expect(await newsletterOf(cookie)).toBe(false);
    await changeEmail(cookie, taken);
    expect(await newsletterOf(cookie)).toBe(true);
    expect((await list()).filter((a) => a === taken)).toHaveLength(1);
  });

  it("a visitor's address stays on the list as it was signed up", async () => {
    const email = address("visitor");
    await footerConfirmed(email);
    await footer(email);
    expect((await list()).filter((a) => a === email)).toHaveLength(1);
  });
});
