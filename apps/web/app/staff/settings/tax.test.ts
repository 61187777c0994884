import { describe, expect, it } from "vitest";
import { basisPointsOfPercent, percentOfBasisPoints } from "./tax.ts";

describe("tax rates in percent", () => {
  it("are read as basis points", () => {
    expect(basisPointsOfPercent("7.25")).toBe(725);
    expect(basisPointsOfPercent(" 17 ")).toBe(1700);
    expect(basisPointsOfPercent("0,5")).toBe(50);
    expect(basisPointsOfPercent("8%")).toBe(800);
    expect(basisPointsOfPercent("0")).toBe(0);
  });
  it("refuse what is not a rate", () => {
    for (const text of ["", "-1", "7.255", "seven", "1e2"])
      expect(basisPointsOfPercent(text)).toBeUndefined();
  });
  it("show basis points as the field takes them", () => {
    expect(percentOfBasisPoints(725)).toBe("7.25");
    expect(percentOfBasisPoints(1700)).toBe("17");
    expect(percentOfBasisPoints(50)).toBe("0.5");
    expect(percentOfBasisPoints(0)).toBe("0");
  });
});
