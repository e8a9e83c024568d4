import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, failureMessage, isRefusal, logFailure } from "./api";

describe("logFailure", () => {
  afterEach(() => vi.restoreAllMocks());

  it("does not log a refusal the API gives by design, which the screen already shows", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    logFailure("favorite change failed", new ApiError({ status: 409, code: "OUT_OF_STOCK", message: "Sold out" }));
    logFailure("profile save failed", new ApiError({ status: 403, code: "SUSPENDED", message: "Suspended" }));
    expect(error).not.toHaveBeenCalled();
  });

  it("logs a server fault and a failed connection as errors", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const fault = new ApiError({ status: 500, code: "INTERNAL", message: "boom" });
    const offline = new TypeError("Failed to fetch");
    logFailure("checkout failed", fault);
    logFailure("search failed", offline);
    expect(error.mock.calls).toEqual([
      ["checkout failed", fault],
      ["search failed", offline],
    ]);
  });
});

describe("failureMessage: one rule for what a failed action says", () => {
  const OTHERWISE = "Your profile could not be saved. Check your connection and try again.";

  it("says the server's own message for a refusal (a 4xx in the API's error body)", () => {
    const suspended = new ApiError({ status: 403, code: "SUSPENDED", message: "Your creator profile is suspended." });
    expect(failureMessage(suspended, OTHERWISE)).toBe("Your creator profile is suspended.");
    expect(failureMessage(new ApiError({ status: 401, code: "UNAUTHORIZED", message: "Please sign in to continue." }), OTHERWISE)).toBe(
      "Please sign in to continue.",
    );
    expect(failureMessage(new ApiError({ status: 429, code: "RATE_LIMITED", message: "Too many attempts." }), OTHERWISE)).toBe("Too many attempts.");
  });

  it("says the form's own words only when the server was not reached or failed", () => {
    expect(failureMessage(new ApiError({ status: 0, code: "NETWORK_ERROR", message: "Could not reach the server." }), OTHERWISE)).toBe(OTHERWISE);
    expect(failureMessage(new ApiError({ status: 500, code: "INTERNAL", message: "Something went wrong on our side." }), OTHERWISE)).toBe(OTHERWISE);
    expect(failureMessage(new ApiError({ status: 503, code: "UNAVAILABLE", message: "Busy." }), OTHERWISE)).toBe(OTHERWISE);
    // A 4xx without the API's body (a proxy's page) carries no message for people.
    expect(failureMessage(new ApiError({ status: 413, code: "UNKNOWN", message: "Request failed (413)." }), OTHERWISE)).toBe(OTHERWISE);
    expect(failureMessage(new TypeError("Failed to fetch"), OTHERWISE)).toBe(OTHERWISE);
    expect(isRefusal(new ApiError({ status: 403, code: "SUSPENDED", message: "" }))).toBe(false);
  });
});
