import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_IP: "4" });
});
afterAll(async () => {
  await t.close();
});

describe("POST /api/newsletter", () => {
  it("keeps the email once, lower-cased, and accepts a repeat silently", async () => {
    for (const email of ["Zine.Fan@Example.com", "zine.fan@example.com"]) {
      const res = await t.request("/api/newsletter", { json: { email }, ip: "198.51.100.1" });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ subscribed: true });
    }
    const rows = await t.database.db.selectFrom("newsletter_subscriber").select("email").execute();
    expect(rows).toEqual([{ email: "zine.fan@example.com" }]);
  });

  it("answers bad emails with the form's messages", async () => {
    for (const [email, message] of [["", "Email is required"], ["nope", "Email is invalid"]]) {
      const res = await t.request("/api/newsletter", { json: { email }, ip: "198.51.100.2" });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ email: message });
    }
  });

  it("limits sign-ups per client address", async () => {
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await t.request("/api/newsletter", { json: { email: `n${i}@example.com` }, ip: "198.51.100.3" })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});
