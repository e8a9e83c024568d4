/**
 * The back office's Stats area (issue 35, docs/decisions/0034), on whichever database TEST_DB
 * names: the whole site's figures (the house's items, pages and sign-ups tied to no item
 * included) for curators and admins; 401 for a visitor, 403 for a member and a creator; the CSV;
 * a bad period refused on `from`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERIOD_MESSAGES } from "../../../../common/api/period.js";
import type { Stats } from "../../../../common/api/stats.js";
import { STATS_LABELS, STATS_METRICS } from "../../../../common/stats.js";
import { serverClock } from "../../../lib/clock.js";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { sendBeacon } from "../../stats/stats.fixtures.js";
import { dayOf } from "../../stats/visitors.js";
import { staffKit, type ErrorBody } from "../admin.fixtures.js";

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const PATHS = ["/api/admin/stats", "/api/admin/stats.csv"] as const;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const kit = staffKit(() => t);

describe("the site's stats", () => {
  it("opens for curators and admins only: 401 for a visitor, 403 for a member and a creator", async () => {
    const [member, maker, curator, admin] = [await kit.person("member"), await kit.creator("Rhea"), await kit.person("curator"), await kit.person("admin")];
    const status = async (who: { cookie: string } | null, path: string) => (await t.request(path, { cookie: who?.cookie })).status;
    for (const path of PATHS) {
      expect(await status(null, path), path).toBe(401);
      expect(await status(member, path), path).toBe(403);
      expect(await status(maker, path), path).toBe(403);
      expect(await status(curator, path), path).toBe(200);
      expect(await status(admin, path), path).toBe(200);
    }
  });

  it("counts every creator's items, the house's, its pages and sign-ups that no item brought", async () => {
    const curator = await kit.person("curator");
    const maker = await kit.creator("Sol");
    const [theirs, house] = [await kit.story(maker.creatorId), await kit.product(null, { price_cents: 999 })];
    for (const [ip, path] of [
      ["192.0.2.10", `/stories/${theirs.id}`],
      ["192.0.2.11", `/store?productId=${house.id}`],
      ["192.0.2.11", "/"],
      ["192.0.2.12", "/about?utm_source=Poster"],
    ] as const) {
      expect((await sendBeacon(t, path, { ip, agent: FIREFOX })).status).toBe(204);
    }
    t.stats.action("sale", { kind: "product", id: house.id }, { units: 1, amountCents: 999 });
    t.stats.signup(null);
    await t.stats.flush();

    const stats = await kit.ok<Stats>(curator, "GET", "/api/admin/stats?days=7");
    expect(stats.scope).toBe("site");
    expect(stats.totals).toMatchObject({ views: 4, visitors: 3, units: 1, revenue_cents: 999, signups: 1 });
    // Most views first, then most of anything else (the product sold).
    expect(stats.items.map((i) => [i.kind, i.id, i.title, i.views])).toEqual([
      ["product", house.id, house.title, 1],
      ["page", "/", "Landing page", 1],
      ["page", "/about", "About", 1],
      ["story", theirs.id, theirs.title, 1],
    ]);
    // A beacon's navigation has no source of its own, whatever its link says.
    expect(stats.sources).toEqual([{ source: "", views: 4, visitors: 3, signups: 1 }]);
    // The house's product is no creator's.
    expect((await kit.ok<Stats>(maker, "GET", "/api/studio/stats?days=7")).totals).toMatchObject({ views: 1, units: 0 });

    const today = dayOf(serverClock.now());
    const csv = await t.request(`/api/admin/stats.csv?from=${today}&to=${today}`, { cookie: curator.cookie });
    expect([csv.status, csv.headers.get("content-type"), csv.headers.get("content-disposition")]).toEqual([
      200,
      "text/csv; charset=utf-8",
      `attachment; filename="maybe-site-stats-${today}-to-${today}.csv"`,
    ]);
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toBe(["Day", ...STATS_METRICS.map((m) => STATS_LABELS[m])].map((c) => `"${c}"`).join(","));
    expect(lines.slice(1, 3).map((l) => l.split(",").slice(0, 3))).toEqual([
      [`"${today}"`, '"4"', '"3"'],
      ['"Total"', '"4"', '"3"'],
    ]);
    expect(lines.slice(3)).toEqual([""]);
  });

  it("refuses a bad period on from, never a 500", async () => {
    const curator = await kit.person("curator");
    for (const path of PATHS) {
      for (const [query, message] of [
        ["from=2026-03-02&to=2026-03-01", PERIOD_MESSAGES.order],
        ["from=2020-01-01&to=2026-01-01", PERIOD_MESSAGES.tooLong],
        ["from=2026-13-01", PERIOD_MESSAGES.date],
        ["from=1999-01-01", PERIOD_MESSAGES.tooLong],
      ] as const) {
        const res = await kit.call<ErrorBody>(curator, "GET", `${path}?${query}`);
        expect([res.status, res.body.error.fields?.from], `${path}?${query}`).toEqual([400, message]);
      }
    }
  });
});
