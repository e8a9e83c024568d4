import { describe, expect, it } from "vitest";
import { storyDate } from "./story-card";

describe("storyDate", () => {
  it("writes what Intl would, month and year in UTC, for every month", () => {
    const intl = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
    for (let month = 0; month < 12; month++) {
      for (const iso of [new Date(Date.UTC(2025, month, 1)).toISOString(), new Date(Date.UTC(1999, month, 28, 23, 59)).toISOString()]) {
        expect(storyDate(iso)).toBe(intl.format(new Date(iso)));
      }
    }
  });

  it("keeps the day a date names, whatever the reader's time zone (UTC)", () => {
    expect(storyDate("2024-03-01")).toBe("March 2024");
    expect(storyDate("2024-12-31T23:30:00Z")).toBe("December 2024");
  });

  it("says 'No date' for none or nonsense", () => {
    expect(storyDate(null)).toBe("No date");
    expect(storyDate("")).toBe("No date");
    expect(storyDate("not a date")).toBe("No date");
  });
});
