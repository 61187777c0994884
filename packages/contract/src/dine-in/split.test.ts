import { describe, expect, it } from "vitest";
import { evenPart, evenParts } from "./split.ts";

describe("an even split of a bill", () => {
  it("gives equal parts when the total divides", () => {
    expect(evenParts(3000, 3)).toEqual([1000, 1000, 1000]);
  });

  it("gives the cents left over one each to the first parts", () => {
    expect(evenParts(1001, 3)).toEqual([334, 334, 333]);
    expect(evenParts(1002, 3)).toEqual([334, 334, 334]);
    expect(evenParts(5, 4)).toEqual([2, 1, 1, 1]);
  });

  it("always adds up to the total", () => {
    for (const total of [0, 1, 99, 1234, 98765])
      for (let parts = 1; parts <= 20; parts += 1)
        expect(evenParts(total, parts).reduce((a, b) => a + b, 0)).toBe(total);
  });

  it("names one part by its number", () => {
    expect(evenPart(1001, 3, 1)).toBe(334);
    expect(evenPart(1001, 3, 3)).toBe(333);
  });

  it("refuses a part that is not one of the parts, and a total that is not whole cents", () => {
    expect(() => evenPart(1000, 2, 3)).toThrow(RangeError);
    expect(() => evenPart(1000, 2, 0)).toThrow(RangeError);
    expect(() => evenParts(10.5, 2)).toThrow(RangeError);
    expect(() => evenParts(1000, 0)).toThrow(RangeError);
  });
});
