import { describe, expect, it } from "vitest";
import { discountPercent, effectivePrice, formatMoney, lineTotal, parseMajor, percentOf } from "./money.ts";

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

  it("formats with two fraction digits in each locale", () => {
    expect(formatMoney(123456, "USD", "en")).toBe("$1,234.56");
    expect(formatMoney(500, "EUR", "en")).toBe("€5.00");
    expect(formatMoney(500, "USD", "ar")).toMatch(/٥|5/);
    expect(formatMoney(500, "ILS", "he")).toContain("5.00");
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
