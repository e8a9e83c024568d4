import { describe, expect, it } from "vitest";
import { actionLabel, changesOf, formatValue } from "./format";

describe("an audit entry in words", () => {
  it("names an action by its target and verb, and leaves an unknown verb to its code", () => {
    expect(actionLabel("product.stock")).toBe("Product stock adjusted");
    expect(actionLabel("order.ship")).toBe("Order shipped");
    expect(actionLabel("creator.unsuspend")).toBe("Creator no longer suspended");
    expect(actionLabel("order.teleport")).toBeUndefined();
    expect(actionLabel("stock")).toBeUndefined();
  });

  it("shows the fields that changed, not those kept only to name the item", () => {
    expect(changesOf({ before: { role: "member", email: "a@example.com" }, after: { role: "admin", email: "a@example.com" } })).toEqual([
      { field: "role", before: "member", after: "admin" },
    ]);
    expect(changesOf({ before: { stock: 4 }, after: { stock: 10 } })).toEqual([{ field: "stock", before: "4", after: "10" }]);
  });

  it("shows every field when there was nothing before or after", () => {
    expect(changesOf({ before: null, after: { carrier: "ups", tracking_number: "1Z999" } })).toEqual([
      { field: "carrier", before: null, after: "ups" },
      { field: "tracking_number", before: null, after: "1Z999" },
    ]);
    expect(changesOf({ before: null, after: null })).toEqual([]);
  });

  it("writes null as none and times as dates", () => {
    expect(formatValue(null)).toBe("none");
    expect(formatValue("2026-05-01T09:03:00.000Z")).toMatch(/^May 1, 2026/);
    expect(formatValue({ a: 1 })).toBe('{"a":1}');
  });
});
