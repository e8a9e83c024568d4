import { describe, expect, it } from "vitest";
import { DROP_REFUSALS, DROP_TEXT, dropIsAhead, dropMomentText, dropTimeText } from "./drops.js";

describe("drop times", () => {
  it("are ahead only while the time is to come", () => {
    const at = "2026-12-04T19:00:00.000Z";
    expect(dropIsAhead(at, Date.parse(at) - 1)).toBe(true);
    expect(dropIsAhead(at, Date.parse(at))).toBe(false);
    expect(dropIsAhead(null, 0)).toBe(false);
  });

  it("read 'Drops Fri 7 PM' in the viewer's zone, with minutes only when there are some", () => {
    expect(DROP_TEXT.drops(dropTimeText("2026-12-04T19:00:00.000Z", "UTC"))).toBe("Drops Fri 7 PM UTC");
    expect(dropTimeText("2026-12-04T19:00:00.000Z", "America/New_York")).toBe("Fri 2 PM");
    expect(dropTimeText("2026-12-05T02:30:00.000Z", "America/Los_Angeles")).toBe("Fri 6:30 PM");
    expect(dropTimeText("2026-12-04T19:00:00.000Z", "Asia/Kolkata")).toBe("Sat 12:30 AM");
    expect(DROP_REFUSALS.notOpen(dropMomentText("2026-12-04T19:00:00.000Z"))).toBe("This drop opens at Fri, Dec 4, 7:00 PM UTC.");
  });
});
