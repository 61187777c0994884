import { type CartItem, cartReducer, emptyCart, type PricedLine } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import {
  checkoutPathFor,
  digitalOnly,
  fixFor,
  hasPhysicalLine,
  lineIsDigital,
  lineProblemsOf,
} from "./line-problems.ts";

function item(id: string, quantity: number, price = 500, stock = 10): CartItem {
  const productId = Number(id.split(":")[0]);
  return {
    id,
    productId,
    name: `P${productId}`,
    image: null,
    price,
    quantity,
    stock,
    itemTotal: price * quantity,
  };
}

function priced(id: string, problems: PricedLine["problems"], isDigital = false): PricedLine {
  return {
    id,
    productId: Number(id.split(":")[0]),
    variationId: null,
    addOns: {},
    quantity: 1,
    name: "",
    sku: "",
    options: [],
    image: null,
    isDigital,
    isGiftCard: false,
    unitPrice: 500,
    lineTotal: 500,
    tax: 0,
    stock: 10,
    problems,
  };
}

describe("problems on cart lines", () => {
  const cart = [item("1::", 3, 500), item("2::", 1, 700), item("3::", 2)];
  const calculation = {
    lines: [
      priced("1::", [{ kind: "short_stock", available: 2 }]),
      priced("2::", [{ kind: "price_changed", was: 700, now: 750 }]),
      priced("3::", []),
      priced("9::", [{ kind: "unavailable" }]),
    ],
  };

  it("puts each problem on the line it belongs to, and none on lines without one", () => {
    const problems = lineProblemsOf(calculation, cart);
    expect(problems.get("1::")).toEqual([{ kind: "short_stock", available: 2 }]);
    expect(problems.get("2::")).toEqual([{ kind: "price_changed", was: 700, now: 750 }]);
    expect(problems.has("3::")).toBe(false);
    // A line no longer in the cart has nothing to show.
    expect(problems.has("9::")).toBe(false);
    expect(lineProblemsOf(null, cart).size).toBe(0);
  });

  it("drops a problem once the cart has settled it", () => {
    const settled = [item("1::", 2, 500), item("2::", 1, 750), item("3::", 2)];
    expect(lineProblemsOf(calculation, settled).size).toBe(0);
  });

  it("settles short stock by keeping what is there, and the stepper stops there too", () => {
    let state = cartReducer(emptyCart(), {
      type: "ADD_ITEM_WITH_QUANTITY",
      item: { productId: 1, name: "P1", image: null, price: 500, stock: 10 },
      quantity: 3,
    });
    const line = state.items[0] as CartItem;
    state = cartReducer(state, fixFor({ kind: "short_stock", available: 2 }, line));
    expect(state.items[0]).toMatchObject({ quantity: 2, stock: 2, itemTotal: 1000 });
    state = cartReducer(state, fixFor({ kind: "short_stock", available: 0 }, line));
    expect(state.items).toEqual([]);
  });

  it("settles a changed price by taking it, and an unavailable line by taking it out", () => {
    const line = item("2::", 2, 700);
    expect(fixFor({ kind: "price_changed", was: 700, now: 750 }, line)).toEqual({
      type: "UPDATE_ITEM",
      id: "2::",
      item: { price: 750 },
    });
    expect(fixFor({ kind: "unavailable" }, line)).toEqual({ type: "REMOVE_ITEM", id: "2::" });
  });
});

describe("which checkout a cart goes to", () => {
  const cart = [item("1::", 1), item("2::", 1)];
  const digital = (id: string): CartItem => ({ ...item(id, 1), isDigital: true });
  const physical = (id: string): CartItem => ({ ...item(id, 1), isDigital: false });

  it("goes to the digital checkout as soon as every line was added as a digital good", () => {
    // No calculation yet: the lines say what the catalogue said when they were added.
    expect(checkoutPathFor([digital("1::"), digital("2::")], null)).toBe("/checkout/digital");
    expect(checkoutPathFor([digital("1::"), physical("2::")], null)).toBe("/checkout");
    expect(checkoutPathFor([digital("1::"), item("2::", 1)], null)).toBe("/checkout");
    expect(checkoutPathFor([], null)).toBe("/checkout");
  });

  it("goes to the digital checkout when the API said every line is digital", () => {
    const allDigital = { lines: [priced("1::", [], true), priced("2::", [], true)] };
    const mixed = { lines: [priced("1::", [], true), priced("2::", [], false)] };
    expect(checkoutPathFor(cart, allDigital)).toBe("/checkout/digital");
    expect(checkoutPathFor(cart, mixed)).toBe("/checkout");
    expect(checkoutPathFor(cart, null)).toBe("/checkout");
    // A line added since the answer, of which nothing is known, is not taken for digital.
    expect(digitalOnly([...cart, item("3::", 1)], allDigital)).toBe(false);
    // One added since as a digital good is.
    expect(digitalOnly([...cart, digital("3::")], allDigital)).toBe(true);
    expect(digitalOnly([], allDigital)).toBe(false);
  });

  it("takes the API's newest word over what a line said when it was added", () => {
    const nowPhysical = { lines: [priced("1::", [], true), priced("2::", [], false)] };
    expect(checkoutPathFor([digital("1::"), digital("2::")], nowPhysical)).toBe("/checkout");
    expect(lineIsDigital(digital("2::"), nowPhysical)).toBe(false);
    const nowDigital = { lines: [priced("1::", [], true), priced("2::", [], true)] };
    expect(checkoutPathFor([digital("1::"), physical("2::")], nowDigital)).toBe("/checkout/digital");
    expect(lineIsDigital(item("3::", 1), nowDigital)).toBeUndefined();
  });

  it("knows when a cart holds something the digital checkout cannot send", () => {
    expect(hasPhysicalLine(cart, { lines: [priced("1::", [], true), priced("2::", [], false)] })).toBe(true);
    expect(hasPhysicalLine(cart, { lines: [priced("1::", [], true)] })).toBe(false);
    expect(hasPhysicalLine(cart, null)).toBe(false);
    expect(hasPhysicalLine([digital("1::"), physical("2::")], null)).toBe(true);
    expect(hasPhysicalLine([digital("1::"), item("2::", 1)], null)).toBe(false);
  });

  it("never sends a cart both ways: digital only and holding a physical line exclude each other", () => {
    const carts = [
      [digital("1::"), digital("2::")],
      [digital("1::"), physical("2::")],
      [digital("1::"), item("2::", 1)],
      [physical("1::")],
    ];
    const answers = [null, { lines: [priced("1::", [], false)] }, { lines: [priced("2::", [], true)] }];
    for (const lines of carts)
      for (const answer of answers)
        expect(digitalOnly(lines, answer) && hasPhysicalLine(lines, answer)).toBe(false);
  });
});
