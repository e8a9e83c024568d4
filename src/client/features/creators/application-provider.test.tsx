// @vitest-environment jsdom
import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useCreatorApplication } from "./application-provider";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("useCreatorApplication", () => {
  it("throws a clear error outside its provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => renderHook(() => useCreatorApplication())).toThrow(
      /useCreatorApplication must be used inside <CreatorApplicationProvider>/,
    );
  });
});
