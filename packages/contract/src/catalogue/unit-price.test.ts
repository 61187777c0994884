import { describe, expect, it } from "vitest";
import { unitPrice } from "./unit-price.ts";

describe("unitPrice", () => {
  it("prices grams per kilogram and millilitres per litre", () => {
    expect(unitPrice("500 g", 200)).toEqual({ amount: 400, per: "kg" });
    expect(unitPrice("250g", 399)).toEqual({ amount: 1596, per: "kg" });
    expect(unitPrice("750 ml", 300)).toEqual({ amount: 400, per: "l" });
    expect(unitPrice("5 L", 2500)).toEqual({ amount: 500, per: "l" });
  });

  it("multiplies packs", () => {
    expect(unitPrice("6 × 330 ml", 594)).toEqual({ amount: 300, per: "l" });
    expect(unitPrice("2 x 0,25 kg", 500)).toEqual({ amount: 1000, per: "kg" });
  });

  it("says nothing for one kilogram or litre, or for counted units", () => {
    expect(unitPrice("1 kg", 299)).toBeNull();
    expect(unitPrice("1 L", 129)).toBeNull();
    expect(unitPrice("each", 100)).toBeNull();
    expect(unitPrice("24 pcs", 100)).toBeNull();
    expect(unitPrice("0 g", 100)).toBeNull();
  });
});
