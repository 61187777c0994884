import {
  type AddOnGroup,
  cartLineId,
  emptyCart,
  type ProductSummary,
  type ProductVariation,
} from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { cartLineFor } from "./cart-line.ts";
import { parseStoredCart } from "./cart-storage.ts";

const product: ProductSummary = {
  id: 7,
  name: "Pizza",
  nameLocalizations: { en: "Pizza", ar: "بيتزا" },
  slug: "pizza",
  price: 1000,
  salePrice: 900,
  currency: "EUR",
  stock: 4,
  sku: "P",
  brand: "",
  unit: "",
  image: null,
  categoryIds: [],
  isOnSale: true,
  isAvailable: true,
  createTime: "",
  remarks: "",
  hasVariations: false,
  hasOptions: true,
};
const groups: AddOnGroup[] = [
  {
    key: "toppings",
    name: "Toppings",
    minSelect: 0,
    maxSelect: 2,
    items: [
      { key: "cheese", name: "Cheese", price: 150 },
      { key: "olives", name: "Olives", price: 100 },
    ],
  },
];

describe("cartLineFor", () => {
  it("prices a dish at its sale price plus the picked add-ons, in the shopper's language", () => {
    const line = cartLineFor(product, "ar", {
      groups,
      choice: { toppings: ["olives", "cheese"], sauce: [] },
    });
    expect(line).toMatchObject({
      productId: 7,
      name: "بيتزا",
      price: 900 + 250,
      stock: 4,
      addOns: { toppings: ["olives", "cheese"] },
      options: ["Olives", "Cheese"],
    });
    expect(cartLineId(line)).toBe("7::toppings=cheese,toppings=olives");
  });

  it("takes a chosen variation's price, stock and title", () => {
    const variation: ProductVariation = {
      id: 3,
      sku: "L",
      optionValues: { size: "l" },
      title: "Large",
      price: 1500,
      salePrice: null,
      stock: 2,
      isAvailable: true,
    };
    const line = cartLineFor(product, "en", { variation });
    expect(line).toMatchObject({ variationId: 3, price: 1500, stock: 2, options: ["Large"], name: "Pizza" });
    expect(line.addOns).toBeUndefined();
  });
});

describe("parseStoredCart", () => {
  it("reads a stored cart and refuses anything else", () => {
    expect(parseStoredCart(JSON.stringify(emptyCart("he")))).toEqual(emptyCart("he"));
    expect(parseStoredCart(null)).toBeNull();
    expect(parseStoredCart("{not json")).toBeNull();
    expect(parseStoredCart(JSON.stringify({ items: "x" }))).toBeNull();
  });
});
