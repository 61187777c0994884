import {
  type AddOnGroup,
  type CartItem,
  cartLineId,
  cartReducer,
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
  hasFitment: false,
  priceFrom: null,
  regularPriceFrom: null,
  isDigital: false,
  isGiftCard: false,
  rating: null,
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
      // The sale is shown beside the regular price, add-ons counted in both.
      regularPrice: 1000 + 250,
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
      unit: null,
      description: null,
    };
    const line = cartLineFor(product, "en", { variation });
    expect(line).toMatchObject({ variationId: 3, price: 1500, stock: 2, options: ["Large"], name: "Pizza" });
    expect(line.addOns).toBeUndefined();
    expect(line.regularPrice).toBeUndefined();
  });

  it("says whether the product is a digital good, so the cart knows its checkout before pricing", () => {
    expect(cartLineFor(product, "en").isDigital).toBe(false);
    expect(cartLineFor({ ...product, isDigital: true }, "en").isDigital).toBe(true);
  });
});

describe("parseStoredCart", () => {
  it("keeps a line's digital flag, and reads lines stored before lines had one", () => {
    const stored = cartReducer(emptyCart("en"), {
      type: "ADD_ITEM_WITH_QUANTITY",
      item: cartLineFor({ ...product, isDigital: true }, "en"),
      quantity: 1,
    });
    expect(parseStoredCart(JSON.stringify(stored))?.items[0]?.isDigital).toBe(true);
    const { isDigital: _flag, ...older } = stored.items[0] as CartItem;
    const parsed = parseStoredCart(JSON.stringify({ ...stored, items: [older] }));
    expect(parsed?.items[0]).toBeDefined();
    expect(parsed?.items[0]?.isDigital).toBeUndefined();
  });

  it("reads a stored cart and refuses anything else", () => {
    expect(parseStoredCart(JSON.stringify(emptyCart("he")))).toEqual(emptyCart("he"));
    expect(parseStoredCart(null)).toBeNull();
    expect(parseStoredCart("{not json")).toBeNull();
    expect(parseStoredCart(JSON.stringify({ items: "x" }))).toBeNull();
  });

  it("refuses a cart another version or a hand edit left, whatever its fault", () => {
    const stored = cartReducer(emptyCart("en"), {
      type: "ADD_ITEM_WITH_QUANTITY",
      item: cartLineFor(product, "en"),
      quantity: 2,
    });
    const line = stored.items[0] as CartItem;
    for (const foreign of [
      "null",
      "[]",
      '"stoa-cart"',
      "42",
      JSON.stringify({ ...stored, language: "fr" }),
      JSON.stringify({ ...stored, total: "18.00" }),
      JSON.stringify({ ...stored, meta: [] }),
      JSON.stringify({ ...stored, items: [{ ...line, price: "9.00" }] }),
      JSON.stringify({ ...stored, items: [{ ...line, quantity: 0 }] }),
      JSON.stringify({ ...stored, items: [{ ...line, image: { url: "/x.jpg" } }] }),
      JSON.stringify({ ...stored, items: [{ ...line, addOns: { crust: "thin" } }] }),
      JSON.stringify({ ...stored, items: [line, null] }),
    ])
      expect(parseStoredCart(foreign), foreign).toBeNull();
  });

  it("keeps a cart's own fields only", () => {
    const stored = cartReducer(emptyCart("ar"), {
      type: "ADD_ITEM_WITH_QUANTITY",
      item: cartLineFor(product, "ar"),
      quantity: 1,
    });
    const text = JSON.stringify({ ...stored, version: 9, items: [{ ...stored.items[0], secret: "x" }] });
    expect(parseStoredCart(text)).toStrictEqual(stored);
  });
});
