import { describe, expect, it } from "vitest";
import { addLocalItem, parseLocalCart, removeLocalItem, setLocalQuantity, toCents, type CartProduct } from "./local-cart";

const tee: CartProduct = { id: "p1", size: null, name: "Tee", category: "clothing", price_cents: 2800, image_url: null, stock: 2 };

describe("the visitor's cart", () => {
  it("adds a product with quantity 1, then adds 1, never past the stock", () => {
    const one = addLocalItem([], tee);
    expect(one).toEqual([{ id: "p1", product_id: "p1", size: null, name: "Tee", category: "clothing", price: 28, quantity: 1, image_url: null }]);
    const two = addLocalItem(one as never, tee);
    expect((two as { quantity: number }[])[0]!.quantity).toBe(2);
    expect(addLocalItem(two as never, tee)).toBe("out-of-stock");
    expect(addLocalItem([], { ...tee, stock: 0 })).toBe("out-of-stock");
  });

  it("keeps each size on its own line, with the size's own stock", () => {
    const m = addLocalItem([], { ...tee, size: "M", stock: 1 }) as never;
    expect(addLocalItem(m, { ...tee, size: "M", stock: 1 })).toBe("out-of-stock");
    const both = addLocalItem(m, { ...tee, size: "L", stock: 1 });
    expect(both).toEqual([
      expect.objectContaining({ id: "p1.m", product_id: "p1", size: "M", quantity: 1 }),
      expect.objectContaining({ id: "p1.l", product_id: "p1", size: "L", quantity: 1 }),
    ]);
    expect(parseLocalCart(both)).toEqual(both);
  });

  it("sets quantities never below 1, and removes", () => {
    const items = addLocalItem([], tee) as never;
    expect(setLocalQuantity(items, "p1", 0)[0]!.quantity).toBe(1);
    expect(setLocalQuantity(items, "p1", -5)[0]!.quantity).toBe(1);
    expect(setLocalQuantity(items, "p1", 3.7)[0]!.quantity).toBe(3);
    expect(removeLocalItem(items, "p1")).toEqual([]);
  });

  it("turns dollars back into exact cents", () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });

  it("reads what was saved, and refuses anything else as a whole", () => {
    const saved = [{ id: "p1", name: "Tee", category: "clothing", price: 28, quantity: 2, image_url: "/media/x.svg" }];
    // A cart saved before sizes: its id is the product's.
    expect(parseLocalCart(saved)).toEqual([{ ...saved[0], product_id: "p1", size: null }]);
    for (const bad of [{}, "x", [{ id: "p1" }], [{ ...saved[0], quantity: 0 }], [{ ...saved[0], price: "28" }], [null]]) {
      expect(() => parseLocalCart(bad)).toThrow();
    }
  });
});
