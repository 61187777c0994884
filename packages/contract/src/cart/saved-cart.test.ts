import { describe, expect, it } from "vitest";
import { SAVED_CART_LIMIT } from "./constants.ts";
import {
  savedCartBodySchema,
  savedCartItemSchema,
  savedCartLineId,
  savedCartLineSchema,
} from "./saved-cart.ts";

describe("savedCartLineId", () => {
  it("joins product, variation and the sorted add-on picks", () => {
    expect(savedCartLineId({ productId: 7 })).toBe("7::");
    expect(savedCartLineId({ productId: 7, variationId: 3 })).toBe("7:3:");
    expect(
      savedCartLineId({ productId: 7, addOns: { toppings: ["olives", "basil"], crust: ["thin"] } }),
    ).toBe("7::crust=thin,toppings=basil,toppings=olives");
  });

  it("is the same whatever order the picks were made in", () => {
    const a = savedCartLineId({ productId: 1, variationId: 2, addOns: { b: ["y", "x"], a: ["z"] } });
    const b = savedCartLineId({ productId: 1, variationId: 2, addOns: { a: ["z"], b: ["x", "y"] } });
    expect(a).toBe(b);
    expect(savedCartLineId({ productId: 1, addOns: {} })).toBe(savedCartLineId({ productId: 1 }));
    expect(savedCartLineId({ productId: 1, variationId: null })).toBe("1::");
  });
});

describe("saved cart schemas", () => {
  it("takes a line of ids, picks and a quantity of 1 to 999", () => {
    expect(savedCartLineSchema.parse({ productId: 1, quantity: 2 })).toEqual({ productId: 1, quantity: 2 });
    const full = { productId: 1, variationId: 4, addOns: { crust: ["thin"] }, quantity: 999 };
    expect(savedCartLineSchema.parse(full)).toEqual(full);
    for (const quantity of [0, 1000, 1.5, -1]) {
      expect(savedCartLineSchema.safeParse({ productId: 1, quantity }).success).toBe(false);
    }
    expect(savedCartLineSchema.safeParse({ productId: 0, quantity: 1 }).success).toBe(false);
    expect(savedCartLineSchema.safeParse({ productId: 1, variationId: -2, quantity: 1 }).success).toBe(false);
    expect(
      savedCartLineSchema.safeParse({ productId: 1, addOns: { crust: "thin" }, quantity: 1 }).success,
    ).toBe(false);
  });

  it(`holds at most ${SAVED_CART_LIMIT} lines and no prices`, () => {
    const line = { productId: 1, quantity: 1 };
    expect(savedCartBodySchema.safeParse({ items: Array(SAVED_CART_LIMIT).fill(line) }).success).toBe(true);
    expect(savedCartBodySchema.safeParse({ items: Array(SAVED_CART_LIMIT + 1).fill(line) }).success).toBe(
      false,
    );
    expect(savedCartBodySchema.safeParse({}).success).toBe(false);
    const parsed = savedCartBodySchema.parse({ items: [{ ...line, price: 1 }] });
    expect(parsed.items[0]).toEqual(line);
  });

  it("answers a line with what the storefront rebuilds it from", () => {
    const item = {
      productId: 1,
      quantity: 2,
      id: "1::",
      name: "Apples",
      image: null,
      price: 250,
      stock: 4,
      isAvailable: true,
      isDigital: false,
    };
    expect(savedCartItemSchema.parse(item)).toEqual(item);
    expect(savedCartItemSchema.safeParse({ ...item, price: 2.5 }).success).toBe(false);
    // Whether the line is a digital good is always said.
    const { isDigital: _digital, ...unsaid } = item;
    expect(savedCartItemSchema.safeParse(unsaid).success).toBe(false);
  });
});
