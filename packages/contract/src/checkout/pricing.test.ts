import { describe, expect, it } from "vitest";
import { checkoutRequestSchema } from "./checkout.ts";
import { finalTotal } from "./pricing.ts";

describe("finalTotal (spec §3's final total helper)", () => {
  it("adds tax and shipping and takes the discount off", () => {
    expect(
      finalTotal({
        totalAmount: 10_000,
        tax: 1_300,
        taxIncluded: false,
        shipping_charge: 500,
        discount: 1_000,
      }),
    ).toBe(10_800);
  });
  it("does not add tax that the prices already include", () => {
    expect(finalTotal({ totalAmount: 10_000, tax: 1_300, taxIncluded: true, shipping_charge: 0 })).toBe(
      10_000,
    );
  });
  it("never goes below zero however large the discount", () => {
    expect(
      finalTotal({ totalAmount: 500, tax: 0, taxIncluded: false, shipping_charge: 0, discount: 2_000 }),
    ).toBe(0);
  });
});

describe("checkout request", () => {
  it("fills the defaults of the checkout state", () => {
    const body = checkoutRequestSchema.parse({
      products: [{ productId: 1, quantity: 2 }],
      delivery_type: "pickup",
    });
    expect(body).toMatchObject({
      coupon: null,
      use_wallet: false,
      outStockPreference: "contact_me",
      payment_gateway: null,
      verified_response: null,
    });
  });
  it("refuses an empty cart, a zero quantity and an unknown delivery type", () => {
    expect(checkoutRequestSchema.safeParse({ products: [], delivery_type: "pickup" }).success).toBe(false);
    expect(
      checkoutRequestSchema.safeParse({ products: [{ productId: 1, quantity: 0 }], delivery_type: "pickup" })
        .success,
    ).toBe(false);
    expect(
      checkoutRequestSchema.safeParse({ products: [{ productId: 1, quantity: 1 }], delivery_type: "drone" })
        .success,
    ).toBe(false);
  });
  it("refuses a tip above the limit", () => {
    const tip = { type: "percent", value: 101 };
    expect(
      checkoutRequestSchema.safeParse({
        products: [{ productId: 1, quantity: 1 }],
        delivery_type: "pickup",
        tip_option: tip,
      }).success,
    ).toBe(false);
  });
});
