import { describe, expect, it } from "vitest";
import { expectAgreement, FOREIGN_VALUES, variantsOf } from "../platform/plain-checks.testing.ts";
import { asCartAddOns, asCartItem, asCartState } from "./checks.ts";
import { cartAddOnsSchema, cartItemSchema, cartStateSchema } from "./schemas.ts";

const line = {
  id: "7:2:crust=thin",
  productId: 7,
  variationId: 2,
  addOns: { crust: ["thin"], extras: ["olives", "basil"] },
  name: "Pizza",
  options: ["Large", "Thin crust"],
  slug: "pizza",
  image: { url: "/pizza.jpg", alt: "Pizza" },
  price: 1450,
  regularPrice: 1650,
  currency: "CAD",
  quantity: 2,
  stock: 10,
  itemTotal: 2900,
  isDigital: false,
};
const bareLine = {
  id: "8::",
  productId: 8,
  name: "Bread",
  image: null,
  price: 300,
  quantity: 1,
  stock: 0,
  itemTotal: 300,
};
const cart = {
  items: [line, bareLine],
  isEmpty: false,
  totalItems: 3,
  totalUniqueItems: 2,
  total: 3200,
  meta: { source: "drawer", nested: { any: ["thing"] } },
  language: "he",
};

describe("the cart's plain checks agree with its schemas", () => {
  it("on add-ons", () => {
    const values = [
      ...FOREIGN_VALUES,
      { crust: ["thin"] },
      { crust: "thin" },
      { crust: [1] },
      { a: [], b: ["x"] },
    ];
    const { accepted, refused } = expectAgreement(asCartAddOns, cartAddOnsSchema, values);
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });

  it("on cart lines, with and without their optional fields", () => {
    const values = [
      ...FOREIGN_VALUES,
      ...variantsOf(line),
      ...variantsOf(bareLine),
      { ...line, quantity: 0 },
      { ...line, quantity: -1 },
      { ...line, options: ["Large", 2] },
      { ...line, addOns: { crust: [null] } },
    ];
    const { accepted, refused } = expectAgreement(asCartItem, cartItemSchema, values);
    expect(accepted).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(100);
  });

  it("on stored carts", () => {
    const values = [
      ...FOREIGN_VALUES,
      ...variantsOf(cart),
      { ...cart, items: [line, { ...bareLine, price: "3.00" }] },
      { ...cart, items: [] },
      { ...cart, language: "fr" },
      { ...cart, meta: [] },
      JSON.parse(JSON.stringify({ ...cart, version: 2 })),
    ];
    const { accepted, refused } = expectAgreement(asCartState, cartStateSchema, values);
    expect(accepted).toBeGreaterThan(5);
    expect(refused).toBeGreaterThan(50);
  });
});
