import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("POST /api/me/subscribe", () => {
  it("subscribes a signed-in user who was not subscribed", async () => {
    const { cookie, user } = await t.signUp();
    await t.database.db.updateTable("user").set({ subscribed: t.database.dialect === "sqlite" ? 0 : false }).where("id", "=", user.uid).execute();
    expect(((await (await t.request("/api/me", { cookie })).json()) as { subscribed: boolean }).subscribed).toBe(false);
    const res = await t.request("/api/me/subscribe", { method: "POST", cookie });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { subscribed: boolean }).subscribed).toBe(true);
    expect((await t.request("/api/me/subscribe", { method: "POST" })).status).toBe(401);
  });
});
