// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LikesProvider, useLikes, type LikesOwner } from "./likes-provider";

function wrapper(owner: LikesOwner) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <LikesProvider owner={owner}>{children}</LikesProvider>
    </QueryClientProvider>
  );
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe("outside its provider", () => {
  it("the likes helper throws a clear error (spec §8)", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => renderHook(() => useLikes())).toThrow(/useLikes must be used inside <LikesProvider>/);
  });
});

describe("signed out", () => {
  it("keeps the likes in local storage", async () => {
    const { result } = renderHook(() => useLikes(), { wrapper: wrapper({ status: "signed-out" }) });
    expect(result.current.loading).toBe(false);
    await act(() => result.current.setLiked("creator", "c1", true));
    expect(result.current.isLiked("creator", "c1")).toBe(true);
    expect(result.current.count).toBe(1);
    expect(JSON.parse(localStorage.getItem("maybeUserLikes")!)).toEqual({ stories: [], creators: ["c1"], products: [] });
  });
});
