import { describe, expect, it } from "vitest";
import {
  basisPointsOf,
  discountPercent,
  divideRounded,
  effectivePrice,
  formatMoney,
  includedTax,
  lineTotal,
  parseMajor,
  percentOf,
} from "./money.ts";

describe("money in minor units", () => {
  it("parses decimal text without float drift", () => {
    expect(parseMajor("12.5")).toBe(1250);
    expect(parseMajor("0.07")).toBe(7);
    expect(parseMajor("19.99")).toBe(1999);
    expect(parseMajor("-3")).toBe(-300);
    expect(() => parseMajor("1.999")).toThrow(RangeError);
    expect(() => parseMajor("abc")).toThrow(RangeError);
  });

  it("multiplies lines exactly and refuses fractional cents", () => {
    expect(lineTotal(1999, 3)).toBe(5997);
    expect(() => lineTotal(19.99, 1)).toThrow(RangeError);
    expect(() => lineTotal(100, 1.5)).toThrow(RangeError);
  });

  it("rounds a percentage once, half away from zero", () => {
    expect(percentOf(1005, 10)).toBe(101);
    expect(percentOf(-1005, 10)).toBe(-101);
    expect(percentOf(999, 13)).toBe(130);
  });

  it("divides whole numbers with one rounding, half away from zero", () => {
    expect(divideRounded(5, 2)).toBe(3);
    expect(divideRounded(-5, 2)).toBe(-3);
    expect(divideRounded(7, 3)).toBe(2);
    expect(divideRounded(0, 7)).toBe(0);
    expect(() => divideRounded(1, 0)).toThrow(RangeError);
    expect(() => divideRounded(1.5, 2)).toThrow(RangeError);
  });

  it("takes basis points of an amount exactly where a float would slip", () => {
    // 7.25 % of 1.00 is 7.25 cents; of 2.00, exactly 14.5 → 15.
    expect(basisPointsOf(100, 725)).toBe(7);
    expect(basisPointsOf(200, 725)).toBe(15);
    // 0.57 % of 50.00 is exactly 28.5 cents; 5,000 × 0.57 ÷ 100 in floats is 28.4999…
    expect(basisPointsOf(5_000, 57)).toBe(29);
  });

  it("finds the tax inside a price that includes it", () => {
    // 117.00 at 17 % holds 17.00 of tax.
    expect(includedTax(11_700, 1_700)).toBe(1_700);
    expect(includedTax(999, 1_700)).toBe(145);
    expect(includedTax(1_000, 0)).toBe(0);
  });

  it("formats with two fraction digits in each locale", () => {
    expect(formatMoney(123456, "USD", "en")).toBe("$1,234.56");
    expect(formatMoney(500, "EUR", "en")).toBe("€5.00");
    expect(formatMoney(500, "USD", "ar")).toMatch(/٥|5/);
    expect(formatMoney(500, "ILS", "he")).toContain("5.00");
  });

  it("gives the same text for a price formatted again, per language and currency", () => {
    for (let round = 0; round < 2; round++) {
      expect(formatMoney(123456, "USD", "en")).toBe("$1,234.56");
      expect(formatMoney(123456, "EUR", "en")).toBe("€1,234.56");
      expect(formatMoney(-250, "USD", "en")).toBe("-$2.50");
      expect(formatMoney(123456, "USD", "he")).not.toBe(formatMoney(123456, "USD", "ar"));
    }
  });

  it("knows the price a shopper pays and the saving", () => {
    expect(effectivePrice(1000, 800)).toBe(800);
    expect(effectivePrice(1000, 1200)).toBe(1000);
    expect(effectivePrice(1000, null)).toBe(1000);
    expect(discountPercent(1000, 750)).toBe(25);
    expect(discountPercent(1000, null)).toBe(0);
    expect(discountPercent(0, 0)).toBe(0);
  });
});
