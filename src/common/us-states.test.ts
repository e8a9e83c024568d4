import { describe, expect, it } from "vitest";
import { US_STATES, US_STATE_CODES, findCity, findState, stateOptionLabel } from "./us-states.js";

describe("US_STATES", () => {
  it("has all 50 states with unique two-letter codes and names", () => {
    expect(US_STATES).toHaveLength(50);
    expect(new Set(US_STATE_CODES).size).toBe(50);
    expect(new Set(US_STATES.map((s) => s.label)).size).toBe(50);
    for (const state of US_STATES) expect(state.code).toMatch(/^[A-Z]{2}$/);
    // Not states: the District of Columbia and the territories.
    for (const code of ["DC", "PR", "GU", "VI"]) expect(US_STATE_CODES).not.toContain(code);
  });

  it("is ordered by name, as the select lists it", () => {
    const labels = US_STATES.map((s) => s.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("gives every state 5 to 20 distinct cities in alphabetical order", () => {
    for (const state of US_STATES) {
      expect(state.cities.length, state.code).toBeGreaterThanOrEqual(5);
      expect(state.cities.length, state.code).toBeLessThanOrEqual(20);
      expect(new Set(state.cities.map((c) => c.toLowerCase())).size, state.code).toBe(state.cities.length);
      expect([...state.cities], state.code).toEqual([...state.cities].sort((a, b) => a.localeCompare(b, "en")));
      for (const city of state.cities) expect(city, state.code).toMatch(/^\S(.*\S)?$/);
    }
  });

  it("knows the capitals and largest cities of a few states", () => {
    expect(findState("IL")?.cities).toEqual(expect.arrayContaining(["Chicago", "Springfield"]));
    expect(findState("NY")?.cities).toEqual(expect.arrayContaining(["New York", "Albany"]));
    expect(findState("CA")?.cities).toEqual(expect.arrayContaining(["Los Angeles", "Sacramento", "San Francisco"]));
    expect(findState("TX")?.cities).toEqual(expect.arrayContaining(["Houston", "Austin"]));
  });
});

describe("lookups", () => {
  it("finds a state by its exact code", () => {
    expect(findState("OR")?.label).toBe("Oregon");
    expect(findState("or")).toBeUndefined();
    expect(findState("XX")).toBeUndefined();
  });

  it("labels the state options 'code - label'", () => {
    expect(stateOptionLabel(findState("IL")!)).toBe("IL - Illinois");
  });

  it("finds a city of a state ignoring case and spaces, in the list's spelling", () => {
    expect(findCity("OR", " portland ")).toBe("Portland");
    expect(findCity("ME", "Portland")).toBe("Portland");
    expect(findCity("CA", "Portland")).toBeUndefined();
    expect(findCity("XX", "Portland")).toBeUndefined();
    expect(findCity("IL", "")).toBeUndefined();
  });
});
