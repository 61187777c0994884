import { describe, expect, it } from "vitest";
import type { AddOnGroup } from "../catalogue/schemas.ts";
import {
  type CartItemInput,
  CartQuantityError,
  cartLineId,
  cartLinePrice,
  cartReducer,
  emptyCart,
  getCartItem,
  inStock,
  itemTotal,
} from "./cart.ts";
import { CART_DEFAULT_LANGUAGE, CART_QUANTITY_ERROR } from "./constants.ts";
import { cartStateSchema } from "./schemas.ts";

const shirt: CartItemInput = {
  productId: 1,
  variationId: 10,
  name: "Shirt",
  image: null,
  price: 1250,
  stock: 5,
};
const shirtLarge: CartItemInput = { ...shirt, variationId: 11 };
const mug: CartItemInput = {
  productId: 2,
  name: "Mug",
  image: { url: "/m.png", alt: "Mug" },
  price: 399,
  stock: 3,
};

const groups: AddOnGroup[] = [
  {
    key: "toppings",
    name: "Toppings",
    minSelect: 0,
    maxSelect: 3,
    items: [
      { key: "cheese", name: "Cheese", price: 150 },
      { key: "olives", name: "Olives", price: 100 },
    ],
  },
];

function add(state = emptyCart(), item: CartItemInput = shirt, quantity = 1) {
  return cartReducer(state, { type: "ADD_ITEM_WITH_QUANTITY", item, quantity });
}

describe("line identity", () => {
  it("derives the id from product, variation and sorted add-on picks", () => {
    expect(cartLineId({ productId: 1 })).toBe("1::");
    expect(cartLineId({ productId: 1, variationId: 10 })).toBe("1:10:");
    expect(cartLineId({ productId: 1, addOns: { toppings: ["olives", "cheese"] } })).toBe(
      cartLineId({ productId: 1, addOns: { toppings: ["cheese", "olives"], sauce: [] } }),
    );
  });

  it("prices a line with the catalogue's add-on rule", () => {
    expect(cartLinePrice(1000, groups, { toppings: ["cheese", "olives"] })).toBe(1250);
    expect(cartLinePrice(1000)).toBe(1000);
  });
});

describe("cartReducer", () => {
  it("starts empty in the default language", () => {
    expect(emptyCart()).toEqual({
      items: [],
      isEmpty: true,
      totalItems: 0,
      totalUniqueItems: 0,
      total: 0,
      meta: null,
      language: CART_DEFAULT_LANGUAGE,
    });
  });

  it("adds many items at once, merging repeats of one line", () => {
    const state = cartReducer(emptyCart(), {
      type: "ADD_ITEMS_WITH_QUANTITY",
      items: [{ ...shirt, quantity: 2 }, mug, { ...shirt, quantity: 1 }],
    });
    expect(state.items.map((item) => [item.name, item.quantity])).toEqual([
      ["Shirt", 3],
      ["Mug", 1],
    ]);
    expect(state.totalUniqueItems).toBe(2);
    expect(state.totalItems).toBe(4);
  });

  it("adds a quantity onto the existing line", () => {
    const state = add(add(emptyCart(), shirt, 2), shirt, 2);
    expect(state.items).toHaveLength(1);
    expect(state.items[0]).toMatchObject({ id: "1:10:", quantity: 4, itemTotal: 5000 });
  });

  it("keeps lines of one product with another variation or other add-ons apart", () => {
    const pizza: CartItemInput = { productId: 3, name: "Pizza", image: null, price: 1000, stock: 9 };
    let state = add(add(emptyCart(), shirt), shirtLarge);
    state = add(state, {
      ...pizza,
      addOns: { toppings: ["cheese"] },
      price: cartLinePrice(1000, groups, { toppings: ["cheese"] }),
    });
    state = add(state, pizza);
    expect(state.items.map((item) => item.id)).toEqual(["1:10:", "1:11:", "3::toppings=cheese", "3::"]);
    expect(state.items.map((item) => item.price)).toEqual([1250, 1250, 1150, 1000]);
  });

  it("sets an exact quantity", () => {
    const state = cartReducer(add(add(), mug), { type: "SET_ITEM_QUANTITY", id: "1:10:", quantity: 4 });
    expect(getCartItem(state, "1:10:")).toMatchObject({ quantity: 4, itemTotal: 5000 });
    expect(state.totalItems).toBe(5);
  });

  it("reduces by one by default and drops the line at zero", () => {
    let state = add(emptyCart(), shirt, 2);
    state = cartReducer(state, { type: "REMOVE_ITEM_OR_QUANTITY", id: "1:10:" });
    expect(state.items[0]?.quantity).toBe(1);
    state = cartReducer(state, { type: "REMOVE_ITEM_OR_QUANTITY", id: "1:10:" });
    expect(state.items).toEqual([]);
    expect(state.isEmpty).toBe(true);
  });

  it("reduces by a given quantity and drops the line below zero", () => {
    let state = add(emptyCart(), shirt, 4);
    state = cartReducer(state, { type: "REMOVE_ITEM_OR_QUANTITY", id: "1:10:", quantity: 3 });
    expect(state.items[0]?.quantity).toBe(1);
    state = cartReducer(state, { type: "REMOVE_ITEM_OR_QUANTITY", id: "1:10:", quantity: 5 });
    expect(state.isEmpty).toBe(true);
  });

  it("removes a line whatever its quantity", () => {
    const state = cartReducer(add(add(emptyCart(), shirt, 3), mug), { type: "REMOVE_ITEM", id: "1:10:" });
    expect(state.items.map((item) => item.name)).toEqual(["Mug"]);
    expect(state.total).toBe(399);
  });

  it("updates a line and recomputes its totals", () => {
    const state = cartReducer(add(emptyCart(), shirt, 2), {
      type: "UPDATE_ITEM",
      id: "1:10:",
      item: { price: 1000, name: "Shirt (sale)" },
    });
    expect(state.items[0]).toMatchObject({ id: "1:10:", name: "Shirt (sale)", price: 1000, itemTotal: 2000 });
    expect(state.total).toBe(2000);
  });

  it("changing language empties the cart and keeps only the language", () => {
    const full = { ...add(add(), mug), meta: { note: "x" } };
    expect(cartReducer(full, { type: "CHANGE_LANGUAGE", language: "ar" })).toEqual(emptyCart("ar"));
  });

  it("renames lines into another language, keeping quantities, prices and the lines it has no names for", () => {
    const shirtLine = { ...shirt, options: ["Large"] };
    const full = add(add(emptyCart("en"), shirtLine, 2), mug);
    const renamed = cartReducer(full, {
      type: "RENAME_ITEMS",
      language: "ar",
      names: { "1:10:": { name: "قميص", options: ["كبير"] }, "9:9:": { name: "غائب", options: [] } },
    });
    expect(renamed.language).toBe("ar");
    expect(
      renamed.items.map(({ name, options, quantity, price }) => ({ name, options, quantity, price })),
    ).toEqual(
      full.items.map(({ id, name, options, quantity, price }) => ({
        name: id === "1:10:" ? "قميص" : name,
        options: id === "1:10:" ? ["كبير"] : options,
        quantity,
        price,
      })),
    );
    expect(renamed.total).toBe(full.total);
    const noOptions = cartReducer(full, {
      type: "RENAME_ITEMS",
      language: "he",
      names: { "1:10:": { name: "חולצה", options: [] } },
    });
    expect(noOptions.items[0]).not.toHaveProperty("options");
  });

  it("resets to an empty cart in the same language", () => {
    const full = add({ ...emptyCart("he"), meta: { note: "x" } });
    expect(cartReducer(full, { type: "RESET_CART" })).toEqual(emptyCart("he"));
  });

  it("keeps isEmpty, totalItems, totalUniqueItems, total and itemTotal in minor units", () => {
    const state = add(add(emptyCart(), shirt, 2), mug, 3);
    expect(state).toMatchObject({
      isEmpty: false,
      totalItems: 5,
      totalUniqueItems: 2,
      total: 2 * 1250 + 3 * 399,
    });
    expect(state.items.map(itemTotal)).toEqual([2500, 1197]);
    expect(Number.isInteger(state.total)).toBe(true);
    expect(cartStateSchema.parse(state)).toEqual(state);
  });

  it("says a line is in stock while its quantity is below its stock", () => {
    expect(inStock({ quantity: 4, stock: 5 })).toBe(true);
    expect(inStock({ quantity: 5, stock: 5 })).toBe(false);
    expect(inStock({ quantity: 1, stock: 0 })).toBe(false);
  });

  it("refuses to add or set a quantity of zero or less", () => {
    const state = add();
    expect(() => add(state, shirt, 0)).toThrow(CartQuantityError);
    expect(() => add(state, shirt, -1)).toThrow(CART_QUANTITY_ERROR);
    expect(() => cartReducer(state, { type: "SET_ITEM_QUANTITY", id: "1:10:", quantity: 0 })).toThrow(
      "cartQuantity can't be zero or less than zero",
    );
    expect(() =>
      cartReducer(state, { type: "ADD_ITEMS_WITH_QUANTITY", items: [{ ...mug, quantity: -2 }] }),
    ).toThrow(CartQuantityError);
  });

  it("clamps adds and sets to the stock", () => {
    let state = add(emptyCart(), mug, 5);
    expect(state.items[0]?.quantity).toBe(3);
    state = add(state, mug, 1);
    expect(state.items[0]?.quantity).toBe(3);
    state = cartReducer(state, { type: "SET_ITEM_QUANTITY", id: "2::", quantity: 99 });
    expect(state.items[0]).toMatchObject({ quantity: 3, itemTotal: 1197 });
    expect(state.total).toBe(1197);
  });

  it("does not add a sold-out product and drops a line re-added with no stock", () => {
    expect(add(emptyCart(), { ...mug, stock: 0 }).isEmpty).toBe(true);
    const state = add(add(emptyCart(), mug, 2), { ...mug, stock: 0 });
    expect(state.isEmpty).toBe(true);
  });

  it("does not change the state it was given", () => {
    const before = add();
    const snapshot = structuredClone(before);
    add(before, shirt, 2);
    cartReducer(before, { type: "REMOVE_ITEM", id: "1:10:" });
    expect(before).toEqual(snapshot);
  });
});
