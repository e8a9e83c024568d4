import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, logFailure } from "./api";

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
