// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FavoritesProvider, useFavorites, type FavoritesOwner } from "./favorites-provider";

function wrapper(owner: FavoritesOwner) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <FavoritesProvider owner={owner}>{children}</FavoritesProvider>
    </QueryClientProvider>
  );
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe("outside its provider", () => {
  it("the favorites helper throws a clear error (spec §8)", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => renderHook(() => useFavorites())).toThrow(/useFavorites must be used inside <FavoritesProvider>/);
  });
});

describe("signed out", () => {
  it("keeps the favorites in local storage", async () => {
    const { result } = renderHook(() => useFavorites(), { wrapper: wrapper({ status: "signed-out" }) });
    expect(result.current.loading).toBe(false);
    await act(() => result.current.setFavorite("creator", "c1", true));
    expect(result.current.isFavorite("creator", "c1")).toBe(true);
    expect(result.current.count).toBe(1);
    expect(JSON.parse(localStorage.getItem("maybeUserLikes")!)).toEqual({ stories: [], creators: ["c1"], products: [] });
  });

  it("reads likes saved before tracks were a kind, and keeps a liked track beside them", async () => {
    localStorage.setItem("maybeUserLikes", JSON.stringify({ stories: ["s1"], creators: [], products: [] }));
    const { result } = renderHook(() => useFavorites(), { wrapper: wrapper({ status: "signed-out" }) });
    expect(result.current.count).toBe(1);
    expect(result.current.isFavorite("track", "t1")).toBe(false);
    await act(() => result.current.setFavorite("track", "t1", true));
    expect(result.current.isFavorite("track", "t1")).toBe(true);
    expect(result.current.count).toBe(2);
    expect(JSON.parse(localStorage.getItem("maybeUserLikes")!)).toEqual({ stories: ["s1"], creators: [], products: [], tracks: ["t1"] });
  });
});
