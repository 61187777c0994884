import { describe, expect, it } from "vitest";
import { minorUnitsOfInput } from "./refund-limit.ts";

describe("minorUnitsOfInput", () => {
  it("reads amounts in major units", () => {
    expect(minorUnitsOfInput("12")).toBe(1200);
    expect(minorUnitsOfInput("12.5")).toBe(1250);
    expect(minorUnitsOfInput(" 0,07 ")).toBe(7);
    expect(minorUnitsOfInput("0")).toBe(0);
  });
  it("gives null for no limit and undefined for what is not an amount", () => {
    expect(minorUnitsOfInput("")).toBeNull();
    expect(minorUnitsOfInput("-1")).toBeUndefined();
    expect(minorUnitsOfInput("1.234")).toBeUndefined();
    expect(minorUnitsOfInput("abc")).toBeUndefined();
  });
});
