// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CartProvider, useCart, type CartOwner } from "./cart-provider";

function wrapper(owner: CartOwner) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <CartProvider owner={owner}>{children}</CartProvider>
    </QueryClientProvider>
  );
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe("outside its provider", () => {
  it("the cart helper throws a clear error (spec §8)", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => renderHook(() => useCart())).toThrow(/useCart must be used inside <CartProvider>/);
  });
});

describe("signed out", () => {
  it("keeps the cart in local storage, with totals in cents", async () => {
    const { result } = renderHook(() => useCart(), { wrapper: wrapper({ status: "signed-out" }) });
    expect(result.current.loading).toBe(false);
    await act(() => result.current.add({ id: "p1", size: null, name: "Tee", category: "clothing", price_cents: 1999, image_url: null, stock: 5 }));
    await act(() => result.current.setQuantity("p1", 3));
    expect(result.current).toMatchObject({ count: 3, subtotal_cents: 5997, shipping_cents: 599, total_cents: 6596 });
    expect(JSON.parse(localStorage.getItem("maybeUserCart")!)).toEqual([
      { id: "p1", product_id: "p1", size: null, name: "Tee", category: "clothing", price: 19.99, quantity: 3, image_url: null },
    ]);
  });

  it("ignores a corrupted saved cart with a warning instead of crashing", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    localStorage.setItem("maybeUserCart", "[{");
    const { result } = renderHook(() => useCart(), { wrapper: wrapper({ status: "signed-out" }) });
    await waitFor(() => expect(result.current.items).toEqual([]));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("maybeUserCart"), expect.anything());
  });
});
