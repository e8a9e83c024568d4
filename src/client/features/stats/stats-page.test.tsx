// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PERIOD_MESSAGES } from "../../../common/api/period";
import type { Stats } from "../../../common/api/stats";
import { STATS_METRICS } from "../../../common/stats";
import { jsonResponse, renderWithQueries } from "../../test/jsdom";
import { StatsPage } from "./stats-page";
import type { StatsScope } from "./stats-api";

const ZERO = Object.fromEntries(STATS_METRICS.map((m) => [m, 0])) as Stats["totals"];

function fixture(from = "2031-05-01", to = "2031-05-03"): Stats {
  return {
    scope: "creator",
    from,
    to,
    totals: {
      ...ZERO,
      views: 1234,
      visitors: 567,
      plays_complete: 12,
      plays_partial: 3,
      plays_skipped: 1,
      favorites: 8,
      followers: 5,
      comments: 4,
      units: 3,
      revenue_cents: 12345,
      signups: 2,
    },
    days: [
      { day: "2031-05-01", ...ZERO, views: 400, visitors: 200 },
      { day: "2031-05-02", ...ZERO, views: 0, visitors: 0 },
      { day: "2031-05-03", ...ZERO, views: 834, visitors: 367, revenue_cents: 12345 },
    ],
    items: [
      { kind: "story", id: "st-1", title: "Neon Nights", ...ZERO, views: 900, visitors: 400, comments: 4, favorites: 6, signups: 1 },
      { kind: "product", id: "pr-1", title: "Marquee Print", ...ZERO, views: 200, visitors: 100, units: 3, revenue_cents: 12345 },
      { kind: "track", id: "tr-1", title: "Night Bus", ...ZERO, views: 0, visitors: 0, plays_complete: 12, plays_partial: 3, plays_skipped: 1 },
      { kind: "creator", id: "cr-1", title: "Maya Lopez", ...ZERO, views: 100, visitors: 50, followers: 5 },
      { kind: "page", id: "/about", title: "About", ...ZERO, views: 34, visitors: 17, signups: 1 },
    ],
    sources: [
      { source: "", views: 1000, visitors: 500, signups: 1 },
      { source: "news.example.com", views: 234, visitors: 67, signups: 1 },
    ],
  };
}

let answer: (url: string) => Response;
let requested: string[];

beforeEach(() => {
  requested = [];
  answer = () => jsonResponse(200, fixture());
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      requested.push(url);
      return answer(url);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(scope: StatsScope = "creator", address = "/studio/stats") {
  return renderWithQueries(
    <MemoryRouter initialEntries={[address]}>
      <StatsPage uid="user-1" scope={scope} ownHeading={scope === "creator"} />
    </MemoryRouter>,
  );
}

const tile = (label: string) => screen.getAllByTestId("stats-tile").find((t) => t.querySelector("dt")?.textContent === label)!;
const rowsOf = (name: string) =>
  within(screen.getByRole("table", { name }))
    .getAllByRole("row")
    .slice(1)
    .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));

describe("the stats page", () => {
  it("asks for the last 30 days and shows the totals", async () => {
    renderPage();
    expect(await screen.findByText("1,234")).toBeTruthy();
    expect(requested).toEqual(["/api/studio/stats?days=30"]);
    expect(screen.getByRole("heading", { level: 2, name: "Stats" })).toBeTruthy();
    expect(within(tile("Views")).getByText("1,234")).toBeTruthy();
    expect(within(tile("Visitors")).getByText("567")).toBeTruthy();
    expect(within(tile("Plays")).getByText("16")).toBeTruthy();
    expect(within(tile("Plays")).getByText("12 complete · 3 partial · 1 skipped")).toBeTruthy();
    expect(within(tile("Followers gained")).getByText("5")).toBeTruthy();
    expect(within(tile("Units sold")).getByText("3")).toBeTruthy();
    expect(within(tile("Revenue")).getByText("$123.45")).toBeTruthy();
    expect(within(tile("Sign-ups")).getByText("2")).toBeTruthy();
    expect(screen.getByText("May 1, 2031 to May 3, 2031, in UTC days")).toBeTruthy();
    expect(screen.getByRole("button", { name: "30 days" }).getAttribute("aria-pressed")).toBe("true");
    // The inputs show the days the preset covers.
    expect((screen.getByLabelText("From") as HTMLInputElement).value).toBe("2031-05-01");
    expect((screen.getByLabelText("To") as HTMLInputElement).value).toBe("2031-05-03");
  });

  it("lists the top items and sources with their numbers and links, and the chart's table by day", async () => {
    const user = renderPage();
    await screen.findByText("1,234");
    expect(rowsOf("Top items")).toEqual([
      ["Story", "Neon Nights", "900", "400", "0", "6", "4", "0", "$0.00", "1"],
      ["Product", "Marquee Print", "200", "100", "0", "0", "0", "3", "$123.45", "0"],
      ["Track", "Night Bus", "0", "0", "16", "0", "0", "0", "$0.00", "0"],
      ["Creator", "Maya Lopez", "100", "50", "0", "0", "0", "0", "$0.00", "0"],
      ["Page", "About", "34", "17", "0", "0", "0", "0", "$0.00", "1"],
    ]);
    const items = screen.getByRole("table", { name: "Top items" });
    expect(within(items).getByRole("link", { name: "Neon Nights" }).getAttribute("href")).toBe("/stories/st-1");
    expect(within(items).getByRole("link", { name: "Marquee Print" }).getAttribute("href")).toBe("/store?productId=pr-1");
    expect(within(items).getByRole("link", { name: "Maya Lopez" }).getAttribute("href")).toBe("/creators/cr-1");
    expect(within(items).getByRole("link", { name: "About" }).getAttribute("href")).toBe("/about");
    expect(within(items).queryByRole("link", { name: "Night Bus" })).toBeNull();

    expect(rowsOf("Top sources")).toEqual([
      ["Direct / none", "1,000", "500", "1"],
      ["news.example.com", "234", "67", "1"],
    ]);

    // The chart is hidden from screen readers; the table behind it has its numbers.
    expect(screen.getByTestId("stats-chart-box").getAttribute("aria-hidden")).toBe("true");
    await user.click(screen.getByText("Show table"));
    expect(rowsOf("Views and visitors by day")).toEqual([
      ["May 1, 2031", "400", "200"],
      ["May 2, 2031", "0", "0"],
      ["May 3, 2031", "834", "367"],
    ]);
    await user.selectOptions(screen.getByLabelText("Chart"), "Revenue");
    expect(rowsOf("Revenue by day")).toEqual([
      ["May 1, 2031", "$0.00"],
      ["May 2, 2031", "$0.00"],
      ["May 3, 2031", "$123.45"],
    ]);
    // Each table box scrolls on its own, reachable by keyboard and named.
    for (const name of ["Top items", "Top sources", "Revenue by day"]) {
      expect(screen.getByRole("region", { name }).getAttribute("tabindex")).toBe("0");
    }
  });

  it("asks for the range a button names, and the CSV link follows", async () => {
    const user = renderPage();
    await screen.findByText("1,234");
    const csv = () => screen.getByRole("link", { name: "Download CSV" });
    expect(csv().getAttribute("href")).toBe("/api/studio/stats.csv?days=30");
    expect(csv().hasAttribute("download")).toBe(true);

    answer = () => jsonResponse(200, fixture("2031-04-27", "2031-05-03"));
    await user.click(screen.getByRole("button", { name: "7 days" }));
    expect(await screen.findByText("Apr 27, 2031 to May 3, 2031, in UTC days")).toBeTruthy();
    expect(requested.at(-1)).toBe("/api/studio/stats?days=7");
    expect(screen.getByRole("button", { name: "7 days" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "30 days" }).getAttribute("aria-pressed")).toBe("false");
    expect(csv().getAttribute("href")).toBe("/api/studio/stats.csv?days=7");

    await user.click(screen.getByRole("button", { name: "90 days" }));
    await vi.waitFor(() => expect(requested.at(-1)).toBe("/api/studio/stats?days=90"));
    expect(csv().getAttribute("href")).toBe("/api/studio/stats.csv?days=90");

    await user.clear(screen.getByLabelText("From"));
    await user.type(screen.getByLabelText("From"), "2031-04-01");
    await user.clear(screen.getByLabelText("To"));
    await user.type(screen.getByLabelText("To"), "2031-04-15");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    await vi.waitFor(() => expect(requested.at(-1)).toBe("/api/studio/stats?from=2031-04-01&to=2031-04-15"));
    expect(csv().getAttribute("href")).toBe("/api/studio/stats.csv?from=2031-04-01&to=2031-04-15");
    expect(screen.queryAllByRole("button", { pressed: true })).toEqual([]);
  });

  it("says a start after the end by the From field without asking, and keeps the typed days", async () => {
    const user = renderPage();
    await screen.findByText("1,234");
    const from = screen.getByLabelText("From") as HTMLInputElement;
    const to = screen.getByLabelText("To") as HTMLInputElement;
    await user.clear(from);
    await user.type(from, "2031-05-10");
    await user.clear(to);
    await user.type(to, "2031-05-01");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    const message = await screen.findByRole("alert");
    expect(message.textContent).toBe(PERIOD_MESSAGES.order);
    expect(from.getAttribute("aria-invalid")).toBe("true");
    expect(from.getAttribute("aria-describedby")).toBe(message.id);
    expect(requested).toEqual(["/api/studio/stats?days=30"]);
    expect([from.value, to.value]).toEqual(["2031-05-10", "2031-05-01"]);
  });

  it("shows the server's message for a refused range by its field, and keeps the typed days", async () => {
    const user = renderPage();
    await screen.findByText("1,234");
    answer = () => jsonResponse(400, { error: { code: "VALIDATION_FAILED", message: "Check the period.", fields: { from: PERIOD_MESSAGES.tooLong } } });
    const from = screen.getByLabelText("From") as HTMLInputElement;
    const to = screen.getByLabelText("To") as HTMLInputElement;
    await user.clear(from);
    await user.type(from, "2029-01-01");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    const message = await screen.findByRole("alert");
    expect(message.textContent).toBe(PERIOD_MESSAGES.tooLong);
    expect(from.getAttribute("aria-describedby")).toBe(message.id);
    expect(requested.at(-1)).toBe("/api/studio/stats?from=2029-01-01&to=2031-05-03");
    expect([from.value, to.value]).toEqual(["2029-01-01", "2031-05-03"]);
    // Neither the numbers of another period nor a CSV of a refused one.
    expect(screen.queryByText("1,234")).toBeNull();
    expect(screen.queryByRole("link", { name: "Download CSV" })).toBeNull();

    // A preset puts it right.
    answer = () => jsonResponse(200, fixture());
    await user.click(screen.getByRole("button", { name: "30 days" }));
    expect(await screen.findByText("1,234")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("puts a refusal of the end by the To field", async () => {
    answer = () => jsonResponse(400, { error: { code: "VALIDATION_FAILED", message: "Check the period.", fields: { to: PERIOD_MESSAGES.date } } });
    renderPage("creator", "/studio/stats?from=2031-05-01&to=");
    const message = await screen.findByRole("alert");
    expect(message.textContent).toBe(PERIOD_MESSAGES.date);
    expect(screen.getByLabelText("To").getAttribute("aria-describedby")).toBe(message.id);
    expect(screen.getByLabelText("From").hasAttribute("aria-invalid")).toBe(false);
    expect((screen.getByLabelText("From") as HTMLInputElement).value).toBe("2031-05-01");
  });

  it("opens on the range its address names", async () => {
    renderPage("creator", "/studio/stats?from=2031-05-01&to=2031-05-03");
    expect(await screen.findByText("1,234")).toBeTruthy();
    expect(requested).toEqual(["/api/studio/stats?from=2031-05-01&to=2031-05-03"]);
    expect(screen.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe("/api/studio/stats.csv?from=2031-05-01&to=2031-05-03");
  });

  it("says when nothing was counted", async () => {
    answer = () => jsonResponse(200, { ...fixture(), totals: ZERO, days: fixture().days.map((d) => ({ ...d, ...ZERO })), items: [], sources: [] });
    renderPage();
    expect(await screen.findByText("Nothing counted yet in these days.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByRole("link", { name: "Download CSV" })).toBeTruthy();
  });

  it("says when the stats could not be loaded, and tries again", async () => {
    answer = () => jsonResponse(500, { error: { code: "INTERNAL", message: "Something broke." } });
    const user = renderPage();
    expect((await screen.findByRole("alert")).textContent).toBe("The stats could not be loaded. Check your connection and try again.");
    answer = () => jsonResponse(200, fixture());
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("1,234")).toBeTruthy();
  });

  it("asks the back office's endpoint for the site's stats", async () => {
    renderPage("site", "/admin/stats?days=7");
    expect(await screen.findByText("1,234")).toBeTruthy();
    expect(requested).toEqual(["/api/admin/stats?days=7"]);
    expect(screen.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe("/api/admin/stats.csv?days=7");
    // The back office's frame has the h1 "Stats": the page's parts are h2.
    expect(screen.getByRole("heading", { level: 2, name: "Top items" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Stats" })).toBeNull();
  });
});
