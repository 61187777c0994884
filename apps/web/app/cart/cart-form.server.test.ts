import type { AddOnGroup, ProductInfo, SavedCartLine } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import {
  backWithNotice,
  cartChangeOf,
  changedLines,
  lineOfChoices,
  postsChoices,
} from "./cart-form.server.ts";

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

  it("carries the saved cart's count, replacing the one an earlier redirect left", () => {
    expect(backWithNotice("/products/7", "added", 3)).toBe("/products/7?cart=added&cartItems=3");
    expect(backWithNotice("/products/7?cartItems=2&cart=added", "added", 3)).toBe(
      "/products/7?cartItems=3&cart=added",
    );
    expect(backWithNotice("/products/7?cartItems=2", "failed")).toBe("/products/7?cart=failed");
  });
});

describe("choices posted by a page without scripts", () => {
  const variation = (id: number, size: string, colour: string) =>
    ({
      id,
      optionValues: { size, colour },
      stock: 5,
      isAvailable: true,
    }) as unknown as ProductInfo["variations"][number];
  const sofa = {
    id: 9,
    variationOptions: [
      {
        key: "size",
        name: "Size",
        values: [
          { key: "2", label: "2 seats" },
          { key: "3", label: "3 seats" },
        ],
      },
      { key: "colour", name: "Colour", values: [{ key: "grey", label: "Grey" }] },
    ],
    variations: [variation(91, "2", "grey"), variation(92, "3", "grey")],
    addOnGroups: [],
  } as unknown as ProductInfo;
  const group = (key: string, min: number, max: number, items: string[]) =>
    ({
      key,
      name: key,
      minSelect: min,
      maxSelect: max,
      items: items.map((k) => ({ key: k, name: k, price: 100 })),
    }) as unknown as AddOnGroup;
  const pizza = {
    id: 7,
    variationOptions: [],
    variations: [],
    addOnGroups: [
      group("crust", 1, 1, ["thin", "thick"]),
      group("extras", 0, 2, ["olives", "basil", "chilli"]),
    ],
  } as unknown as ProductInfo;
  const posted = (pairs: [string, string][]) => {
    const data = new FormData();
    for (const [name, value] of pairs) data.append(name, value);
    return data;
  };

  it("are told apart from a plain add", () => {
    expect(postsChoices(posted([["productId", "9"]]))).toBe(false);
    expect(postsChoices(posted([["option:size", "2"]]))).toBe(true);
    expect(postsChoices(posted([["addOn:extras", "basil"]]))).toBe(true);
    // A product page's form with nothing chosen yet.
    expect(
      postsChoices(
        posted([
          ["productId", "9"],
          ["choices", "1"],
        ]),
      ),
    ).toBe(true);
  });

  it("name the variation of the chosen values, or ask for the rest", () => {
    expect(
      lineOfChoices(
        sofa,
        posted([
          ["option:size", "3"],
          ["option:colour", "grey"],
        ]),
        2,
      ),
    ).toEqual({
      productId: 9,
      variationId: 92,
      quantity: 2,
    });
    expect(lineOfChoices(sofa, posted([["option:size", "3"]]), 1)).toBe("choose");
    expect(
      lineOfChoices(
        sofa,
        posted([
          ["option:size", "4"],
          ["option:colour", "grey"],
        ]),
        1,
      ),
    ).toBe("choose");
  });

  it("keep a dish's add-ons within each group's rule, ignoring items the dish has not", () => {
    expect(
      lineOfChoices(
        pizza,
        posted([
          ["addOn:crust", "thin"],
          ["addOn:extras", "basil"],
          ["addOn:extras", "gold"],
        ]),
        1,
      ),
    ).toEqual({ productId: 7, addOns: { crust: ["thin"], extras: ["basil"] }, quantity: 1 });
    expect(lineOfChoices(pizza, posted([["addOn:extras", "basil"]]), 1)).toBe("choose");
    expect(
      lineOfChoices(
        pizza,
        posted([
          ["addOn:crust", "thin"],
          ["addOn:extras", "olives"],
          ["addOn:extras", "basil"],
          ["addOn:extras", "chilli"],
        ]),
        1,
      ),
    ).toBe("choose");
  });
});
