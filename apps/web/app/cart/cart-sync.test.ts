import {
  type CartItem,
  type CartItemInput,
  type CartState,
  cartReducer,
  emptyCart,
  type ProductInfo,
  SAVED_CART_LIMIT,
  type SavedCartLine,
} from "@stoa/contract";
import { describe, expect, it } from "vitest";
import {
  cartFromSaved,
  cartSignature,
  hasOptions,
  parseSyncedMark,
  savedLineOptions,
  savedLinesOf,
  stepOnPageLoad,
} from "./cart-sync.ts";

function line(productId: number, extra: Partial<CartItemInput> = {}): CartItemInput {
  return {
    productId,
    name: `Product ${productId}`,
    image: null,
    price: 500,
    currency: "EUR",
    stock: 10,
    ...extra,
  };
}

function cartOf(...lines: [CartItemInput, number][]): CartState {
  return lines.reduce(
    (cart, [item, quantity]) => cartReducer(cart, { type: "ADD_ITEM_WITH_QUANTITY", item, quantity }),
    emptyCart("ar"),
  );
}

function saved(productId: number, extra: Partial<SavedCartLine> = {}): SavedCartLine {
  const variation = extra.variationId === undefined ? "" : String(extra.variationId);
  return {
    id: `${productId}:${variation}:`,
    productId,
    quantity: 1,
    name: `Saved ${productId}`,
    image: { url: `/img/${productId}.jpg`, alt: "" },
    price: 700,
    stock: 10,
    isAvailable: true,
    isDigital: false,
    ...extra,
  };
}

describe("the lines a device sends", () => {
  it("are what was picked and how many, without names or prices", () => {
    const cart = cartOf(
      [line(1), 2],
      [line(2, { variationId: 20, options: ["Large"] }), 1],
      [line(3, { addOns: { crust: ["thin"] } }), 3],
    );
    expect(savedLinesOf(cart.items)).toEqual([
      { productId: 1, quantity: 2 },
      { productId: 2, variationId: 20, quantity: 1 },
      { productId: 3, addOns: { crust: ["thin"] }, quantity: 3 },
    ]);
  });

  it("keep the most recently added lines and at most 999 of one", () => {
    const items: CartItem[] = Array.from({ length: SAVED_CART_LIMIT + 5 }, (_, index) => ({
      ...line(index + 1),
      id: `${index + 1}::`,
      quantity: index === SAVED_CART_LIMIT + 4 ? 5000 : 1,
      itemTotal: 500,
    }));
    const lines = savedLinesOf(items);
    expect(lines).toHaveLength(SAVED_CART_LIMIT);
    expect(lines[0]?.productId).toBe(6);
    expect(lines.at(-1)).toEqual({ productId: SAVED_CART_LIMIT + 5, quantity: 999 });
  });
});

describe("rebuilding the cart from the saved cart", () => {
  it("takes today's name, image, price and stock, in the saved cart's order, through the reducer", () => {
    const device = cartOf([line(2, { variationId: 20, options: ["Large"], slug: "two" }), 1]);
    const { cart, notes } = cartFromSaved(
      device,
      {
        items: [saved(1, { quantity: 3 }), saved(2, { variationId: 20, quantity: 4, price: 650, stock: 6 })],
        options: {},
      },
      "EUR",
    );
    expect(cart.items.map((item) => [item.id, item.quantity])).toEqual([
      ["1::", 3],
      ["2:20:", 4],
    ]);
    expect(cart.items[1]).toMatchObject({
      name: "Saved 2",
      price: 650,
      stock: 6,
      itemTotal: 2600,
      currency: "EUR",
      // The device's own line keeps the option names and link it had.
      options: ["Large"],
      slug: "two",
      image: { url: "/img/2.jpg" },
    });
    expect(cart).toMatchObject({ totalItems: 7, totalUniqueItems: 2, total: 3 * 700 + 2600, language: "ar" });
    expect(notes.size).toBe(0);
  });

  it("carries whether each line is a digital good, so a cart from another device knows its checkout", () => {
    const { cart } = cartFromSaved(
      cartOf(),
      { items: [saved(1, { isDigital: true }), saved(2)], options: {} },
      "EUR",
    );
    expect(cart.items.map((item) => [item.id, item.isDigital])).toEqual([
      ["1::", true],
      ["2::", false],
    ]);
  });

  it("names the options of lines only the saved cart had from the answer", () => {
    const { cart } = cartFromSaved(
      emptyCart(),
      {
        items: [saved(5, { id: "5::crust=thin", addOns: { crust: ["thin"] } })],
        options: { "5::crust=thin": ["Thin crust"] },
      },
      "USD",
    );
    expect(cart.items[0]).toMatchObject({ addOns: { crust: ["thin"] }, options: ["Thin crust"] });
    expect(cart.items[0]).not.toHaveProperty("slug");
  });

  it("keeps a line the shop no longer sells, with its quantity and no stock", () => {
    const { cart } = cartFromSaved(
      cartOf([line(1), 2]),
      {
        items: [
          saved(1, { quantity: 2, stock: 0, isAvailable: false }),
          saved(3, { quantity: 1, stock: 8, isAvailable: false }),
          saved(4, { quantity: 2 }),
        ],
        options: {},
      },
      "EUR",
    );
    expect(cart.items.map((item) => [item.id, item.quantity, item.stock])).toEqual([
      ["1::", 2, 0],
      ["3::", 1, 0],
      ["4::", 2, 10],
    ]);
  });

  it("notes a line brought down to its stock, not one lowered on another device", () => {
    const device = cartOf([line(1), 5], [line(2), 5]);
    const { notes } = cartFromSaved(
      device,
      { items: [saved(1, { quantity: 2, stock: 2 }), saved(2, { quantity: 3, stock: 10 })], options: {} },
      "EUR",
    );
    expect([...notes]).toEqual([["1::", { asked: 5, kept: 2 }]]);
  });

  it("empties the cart when the saved cart is empty", () => {
    const { cart } = cartFromSaved(cartOf([line(1), 2]), { items: [], options: {} }, "EUR");
    expect(cart).toEqual(emptyCart("ar"));
  });
});

describe("a saved line's options", () => {
  const product: Pick<ProductInfo, "variations" | "addOnGroups"> = {
    variations: [
      {
        id: 20,
        sku: "",
        optionValues: { size: "l" },
        title: "Large",
        price: 0,
        salePrice: null,
        stock: 1,
        isAvailable: true,
        unit: null,
        description: null,
      },
    ],
    addOnGroups: [
      {
        key: "extras",
        name: "Extras",
        minSelect: 0,
        maxSelect: 3,
        items: [
          { key: "olives", name: "Olives", price: 50 },
          { key: "cheese", name: "Cheese", price: 100 },
        ],
      },
    ],
  };

  it("are the variation's title, then the picked add-ons by name", () => {
    const picked = saved(9, { variationId: 20, addOns: { extras: ["cheese", "olives"] } });
    expect(hasOptions(picked)).toBe(true);
    expect(savedLineOptions(product, picked)).toEqual(["Large", "Cheese", "Olives"]);
    expect(hasOptions(saved(9, { addOns: {} }))).toBe(false);
  });
});

describe("how a page meets the saved cart", () => {
  const cart = cartOf([line(1), 2]);

  it("merges when this device was not in step with this customer", () => {
    expect(stepOnPageLoad(null, 7, cart)).toBe("merge");
    expect(stepOnPageLoad({ userId: 8, lines: cartSignature(cart.items) }, 7, cart)).toBe("merge");
  });

  it("reads the saved cart when the cart is as last saved, and saves it when it changed since", () => {
    expect(stepOnPageLoad({ userId: 7, lines: cartSignature(cart.items) }, 7, cart)).toBe("pull");
    expect(stepOnPageLoad({ userId: 7, lines: "1::*1" }, 7, cart)).toBe("push");
  });

  it("reads only a well-formed mark", () => {
    expect(parseSyncedMark('{"userId":7,"lines":"1::*2"}')).toEqual({ userId: 7, lines: "1::*2" });
    expect(parseSyncedMark("{")).toBeNull();
    expect(parseSyncedMark('{"userId":"7"}')).toBeNull();
    expect(parseSyncedMark(null)).toBeNull();
  });
});
