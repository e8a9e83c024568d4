/**
 * The footer's newsletter sign-up, double opt-in (issue 32, docs/decisions/0031), on whichever
 * database TEST_DB names: a sign-up waits for its e-mailed link and gets nothing else; the link
 * confirms it (and only a genuine, unexpired one); an unconfirmed sign-up is forgotten after 7
 * days (a fake clock); the answer never tells whether an address was on the list.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { lastMailTo, linkToken } from "../account/account.fixtures.js";
import { forgetUnconfirmed, newsletterAddresses } from "./newsletter.queries.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_IP: "4" });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const join = (email: string, ip: string) => t.request("/api/newsletter", { json: { email }, ip });
const confirmMails = async (email: string) =>
  (await t.database.db.selectFrom("outbox").select("id").where("recipient", "=", email).where("template", "=", "newsletter-confirm").execute()).length;

describe("POST /api/newsletter", () => {
  it("keeps the email once, lower-cased, waiting for its link, and answers a repeat the same", async () => {
    for (const email of ["Zine.Fan@Example.com", "zine.fan@example.com"]) {
      const res = await join(email, "198.51.100.1");
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ confirm: true });
    }
    const rows = await t.database.db.selectFrom("newsletter_subscriber").select(["email", "confirmed_at"]).where("email", "=", "zine.fan@example.com").execute();
    expect(rows).toEqual([{ email: "zine.fan@example.com", confirmed_at: null }]);
    // Waiting: not on the list, and one link an hour however often it is asked for.
    expect(await newsletterAddresses(t.database.db)).not.toContain("zine.fan@example.com");
    expect(await confirmMails("zine.fan@example.com")).toBe(1);
  });

  it("answers bad emails with the form's messages", async () => {
    for (const [email, message] of [["", "Email is required"], ["nope", "Email is invalid"]] as const) {
      const res = await join(email, "198.51.100.2");
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ email: message });
    }
  });

  it("limits sign-ups per client address", async () => {
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await join(`n${i}@example.com`, "198.51.100.3")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});

describe("the confirmation link", () => {
  it("puts the address on the list when posted, not when opened, and a second post changes nothing", async () => {
    const email = "link.reader@example.com";
    await join(email, "198.51.100.4");
    const token = linkToken(await lastMailTo(t, email, "newsletter-confirm"));
    const query = `/api/newsletter/confirm?token=${encodeURIComponent(token)}`;

    const opened = await t.request(query);
    expect(opened.status).toBe(200);
    expect(await opened.json()).toEqual({ email, confirmed: false });
    expect(await newsletterAddresses(t.database.db)).not.toContain(email);

    // A mail provider's or a plain form's post: no session, no CSRF token, no Origin.
    for (let i = 0; i < 2; i += 1) {
      const posted = await t.request(query, { method: "POST", origin: null });
      expect(posted.status).toBe(200);
      expect(await posted.json()).toEqual({ email, confirmed: true });
    }
    expect((await newsletterAddresses(t.database.db)).filter((a) => a === email)).toHaveLength(1);
    expect(await (await t.request(query)).json()).toEqual({ email, confirmed: true });

    // On the list: signing up again sends no further link.
    await join(email, "198.51.100.4");
    expect(await confirmMails(email)).toBe(1);
  });

  it("sends a browser's form post back to the page with the outcome", async () => {
    const email = "form.reader@example.com";
    await join(email, "198.51.100.5");
    const token = linkToken(await lastMailTo(t, email, "newsletter-confirm"));
    const page = { method: "POST", origin: null, headers: { accept: "text/html" } };
    const ok = await t.request(`/api/newsletter/confirm?token=${encodeURIComponent(token)}`, page);
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/newsletter/confirm?outcome=confirmed");
    const bad = await t.request(`/api/newsletter/confirm?token=${encodeURIComponent(`${token}x`)}`, page);
    expect(bad.headers.get("location")).toBe("/newsletter/confirm?outcome=invalid");
  });

  it("refuses a changed, foreign or expired link and changes nothing", async () => {
    const email = "slow.reader@example.com";
    await join(email, "198.51.100.6");
    const token = linkToken(await lastMailTo(t, email, "newsletter-confirm"));
    const [payload, mac] = token.split(".");
    const forged = `${Buffer.from(JSON.stringify({ a: "someone.else@example.com", e: 9_999_999_999 })).toString("base64url")}.${mac}`;
    for (const bad of [`${payload}.${mac}A`, forged, "not-a-token"]) {
      const res = await t.request(`/api/newsletter/confirm?token=${encodeURIComponent(bad)}`, { method: "POST", origin: null });
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("INVALID_TOKEN");
    }
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 7 * 86_400_000 + 1_000 });
    const late = await t.request(`/api/newsletter/confirm?token=${encodeURIComponent(token)}`, { method: "POST", origin: null });
    expect(late.status).toBe(400);
    expect(await newsletterAddresses(t.database.db)).not.toContain(email);
  });

  it("forgets a sign-up not confirmed within 7 days, and keeps confirmed ones", async () => {
    const waiting = "never.confirmed@example.com";
    const confirmed = "did.confirm@example.com";
    await join(waiting, "198.51.100.7");
    await join(confirmed, "198.51.100.7");
    const token = linkToken(await lastMailTo(t, confirmed, "newsletter-confirm"));
    await t.request(`/api/newsletter/confirm?token=${encodeURIComponent(token)}`, { method: "POST", origin: null });
    const emails = async () => (await t.database.db.selectFrom("newsletter_subscriber").select("email").where("email", "in", [waiting, confirmed]).execute()).map((r) => r.email).sort();

    expect(await forgetUnconfirmed(t.database, new Date(Date.now() + 6 * 86_400_000))).toBe(0);
    expect(await emails()).toEqual([confirmed, waiting].sort());
    expect(await forgetUnconfirmed(t.database, new Date(Date.now() + 7 * 86_400_000 + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await emails()).toEqual([confirmed]);
  });
});
