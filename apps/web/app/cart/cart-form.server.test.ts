import type { SavedCartLine } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { backWithNotice, cartChangeOf, changedLines } from "./cart-form.server.ts";

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

function saved(productId: number, quantity: number, variationId?: number): SavedCartLine {
  return {
    id: `${productId}:${variationId ?? ""}:`,
    productId,
    ...(variationId === undefined ? {} : { variationId }),
    quantity,
    name: `P${productId}`,
    image: null,
    price: 100,
    stock: 10,
    isAvailable: true,
    isDigital: false,
  };
}

describe("cart forms of pages without scripts", () => {
  it("reads an add, a quantity set, a removal, and refuses anything else", () => {
    expect(cartChangeOf(form({ intent: "add", productId: "7", quantity: "2" }))).toEqual({
      kind: "add",
      line: { productId: 7, quantity: 2 },
    });
    expect(cartChangeOf(form({ intent: "add", productId: "7", variationId: "9" }))).toEqual({
      kind: "add",
      line: { productId: 7, variationId: 9, quantity: 1 },
    });
    expect(cartChangeOf(form({ intent: "set", line: "7::", quantity: "3" }))).toEqual({
      kind: "set",
      id: "7::",
      quantity: 3,
    });
    expect(cartChangeOf(form({ intent: "set", line: "7::", quantity: "0" }))).toEqual({
      kind: "remove",
      id: "7::",
    });
    expect(cartChangeOf(form({ intent: "remove", line: "7::" }))).toEqual({ kind: "remove", id: "7::" });
    expect(cartChangeOf(form({ intent: "add", productId: "-1" }))).toBeNull();
    expect(cartChangeOf(form({ intent: "set", line: "7::", quantity: "two" }))).toBeNull();
    expect(cartChangeOf(form({ intent: "empty" }))).toBeNull();
  });

  it("adds to the same line, appends a new one, sets and removes by line id", () => {
    const lines = [saved(1, 2), saved(2, 1, 5)];
    expect(changedLines(lines, { kind: "add", line: { productId: 1, quantity: 3 } })).toEqual([
      { productId: 1, quantity: 5 },
      { productId: 2, variationId: 5, quantity: 1 },
    ]);
    expect(changedLines(lines, { kind: "add", line: { productId: 3, quantity: 1 } })).toHaveLength(3);
    expect(changedLines(lines, { kind: "set", id: "2:5:", quantity: 4 })[1]?.quantity).toBe(4);
    expect(changedLines(lines, { kind: "remove", id: "1::" })).toEqual([
      { productId: 2, variationId: 5, quantity: 1 },
    ]);
  });

  it("goes back only to a path of this shop, with the notice", () => {
    expect(backWithNotice("/products?page=2", "added")).toBe("/products?page=2&cart=added");
    expect(backWithNotice("//elsewhere.example/x", "added")).toBe("/cart?cart=added");
    expect(backWithNotice("https://elsewhere.example/", "failed")).toBe("/cart?cart=failed");
    expect(backWithNotice(null, "changed")).toBe("/cart?cart=changed");
  });
});
