/**
 * A creator's stats in the studio (issue 35, docs/decisions/0034), on whichever database TEST_DB
 * names: only their own items, for a visitor 401 and a member 403; the CSV one row a day with
 * every figure and a Total row, in the pages' words; a period refused with a message on `from`,
 * never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERIOD_MESSAGES } from "../../../../common/api/period.js";
import type { Stats } from "../../../../common/api/stats.js";
import { STATS_LABELS, STATS_METRICS } from "../../../../common/stats.js";
import { serverClock } from "../../../lib/clock.js";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { staffKit, type ErrorBody, type Person } from "../../admin/admin.fixtures.js";
import { sendBeacon } from "../../stats/stats.fixtures.js";
import { addDays, dayOf } from "../../stats/visitors.js";

const PATHS = ["/api/studio/stats", "/api/studio/stats.csv"] as const;

let t: TestApp;
let maker: Person;
let story: { id: string; title: string };
let product: { id: string; title: string };
beforeAll(async () => {
  t = await createTestApp();
  maker = await kit.creator("Maren");
  story = await kit.story(maker.creatorId);
  product = await kit.product(maker.creatorId, { price_cents: 1250 });
  // Two views of the story by two visitors, one of the product, and one sale of three.
  for (const [ip, path] of [
    ["192.0.2.1", `/stories/${story.id}`],
    ["192.0.2.2", `/stories/${story.id}`],
    ["192.0.2.1", `/store?productId=${product.id}`],
  ] as const) {
    expect((await sendBeacon(t, path, { ip })).status).toBe(204);
  }
  t.stats.action("sale", { kind: "product", id: product.id }, { units: 3, amountCents: 3750 });
  await t.stats.flush();
});
afterAll(async () => {
  await t?.close();
});
const kit = staffKit(() => t);
const todayOf = () => dayOf(serverClock.now());

describe("a creator's stats", () => {
  it("answers the creator's own items, the days of the period and the totals", async () => {
    const stats = await kit.ok<Stats>(maker, "GET", "/api/studio/stats");
    expect([stats.scope, stats.to, stats.from, stats.days.length]).toEqual(["creator", todayOf(), addDays(todayOf(), -29), 30]);
    expect(stats.totals).toMatchObject({ views: 3, visitors: 2, units: 3, revenue_cents: 3750 });
    expect(stats.items.map((i) => [i.kind, i.id, i.title, i.views, i.units])).toEqual([
      ["story", story.id, story.title, 2, 0],
      ["product", product.id, product.title, 1, 3],
    ]);
    expect((await kit.ok<Stats>(maker, "GET", "/api/studio/stats?days=7")).days).toHaveLength(7);
    expect((await kit.ok<Stats>(maker, "GET", "/api/studio/stats?days=90")).days).toHaveLength(90);
    // A period before anything was counted.
    const earlier = await kit.ok<Stats>(maker, "GET", "/api/studio/stats?from=2020-01-01&to=2020-01-31");
    expect([earlier.days.length, earlier.totals.views, earlier.items, earlier.sources]).toEqual([31, 0, [], []]);
  });

  it("downloads the period as CSV: a header in the pages' words, one row a day, then the totals", async () => {
    const [to, from] = [todayOf(), addDays(todayOf(), -2)];
    const res = await t.request(`/api/studio/stats.csv?from=${from}&to=${to}`, { cookie: maker.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="maybe-stats-${from}-to-${to}.csv"`);
    const quoted = (cells: (string | number)[]) => cells.map((c) => `"${c}"`).join(",");
    const zeros = STATS_METRICS.map((m) => (m === "revenue_cents" ? "$0.00" : 0));
    const figures = { views: 3, visitors: 2, units: 3, revenue_cents: "$37.50" } as Record<string, string | number>;
    const counted = STATS_METRICS.map((m) => figures[m] ?? (m === "revenue_cents" ? "$0.00" : 0));
    expect((await res.text()).split("\r\n")).toEqual([
      quoted(["Day", ...STATS_METRICS.map((m) => STATS_LABELS[m])]),
      quoted([from, ...zeros]),
      quoted([addDays(from, 1), ...zeros]),
      quoted([to, ...counted]),
      quoted(["Total", ...counted]),
      "",
    ]);
  });

  it("is the creator's alone: 401 for a visitor, 403 for a member, zeros of another creator's items for another creator", async () => {
    const [member, other] = [await kit.person("member"), await kit.creator("Otto")];
    for (const path of PATHS) {
      expect((await kit.call(null, "GET", path)).status, path).toBe(401);
      expect((await kit.call(member, "GET", path)).status, path).toBe(403);
      expect((await kit.call(await kit.person("curator"), "GET", path)).status, path).toBe(403);
    }
    const theirs = await kit.ok<Stats>(other, "GET", "/api/studio/stats?days=7");
    expect(theirs.totals).toEqual(Object.fromEntries(STATS_METRICS.map((m) => [m, 0])));
    expect([theirs.items, theirs.sources]).toEqual([[], []]);
    const csv = await t.request("/api/studio/stats.csv?days=7", { cookie: other.cookie });
    expect((await csv.text()).trimEnd().split("\r\n").at(-1)).toBe(`"Total",${STATS_METRICS.map((m) => (m === "revenue_cents" ? '"$0.00"' : '"0"')).join(",")}`);
  });

  it("refuses a period that ends before it starts, is over 366 days, or is not a date, with a message on from, never a 500", async () => {
    const today = todayOf();
    const cases = [
      ["from=2026-02-01&to=2026-01-31", "from", PERIOD_MESSAGES.order],
      ["from=2024-01-01&to=2025-01-01", "from", PERIOD_MESSAGES.tooLong],
      ["from=2026-02-30&to=2026-03-01", "from", PERIOD_MESSAGES.date],
      ["from=yesterday", "from", PERIOD_MESSAGES.date],
      ["from=0001-01-01&to=0001-01-01x", "to", PERIOD_MESSAGES.date],
      // One end given: the other is today (to) or 29 days before it (from), and the period is checked the same.
      [`from=${addDays(today, 1)}`, "from", PERIOD_MESSAGES.order],
      [`from=${addDays(today, -366)}`, "from", PERIOD_MESSAGES.tooLong],
      ["from=0001-01-01", "from", PERIOD_MESSAGES.tooLong],
    ] as const;
    for (const path of PATHS) {
      for (const [query, field, message] of cases) {
        const res = await kit.call<ErrorBody>(maker, "GET", `${path}?${query}`);
        expect([res.status, res.body.error.code, res.body.error.fields?.[field]], `${path}?${query}`).toEqual([400, "VALIDATION_FAILED", message]);
      }
      expect((await kit.call<ErrorBody>(maker, "GET", `${path}?days=5`)).status).toBe(400);
    }
    // The longest period is accepted, at both ends of the schema's check and today's.
    expect((await kit.ok<Stats>(maker, "GET", "/api/studio/stats?from=2024-01-01&to=2024-12-31")).days).toHaveLength(366);
    expect((await kit.ok<Stats>(maker, "GET", `/api/studio/stats?from=${addDays(today, -365)}`)).days).toHaveLength(366);
  });
});
