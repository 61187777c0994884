import { describe, expect, it } from "vitest";
import { slipsBetween, slipsForgiven } from "./slips.ts";

describe("slipsBetween", () => {
  it("counts a wrong, missing or extra letter and two swapped neighbours as one slip each", () => {
    expect(slipsBetween("stawberry", "strawberry", 2)).toBe(1);
    expect(slipsBetween("crossiant", "croissant", 2)).toBe(2);
    expect(slipsBetween("crosisant", "croissant", 2)).toBe(1);
    expect(slipsBetween("strawbrery", "strawberry", 2)).toBe(1);
    expect(slipsBetween("bananna", "banana", 2)).toBe(1);
    expect(slipsBetween("sofs", "sofa", 1)).toBe(1);
    expect(slipsBetween("break", "brake", 2)).toBe(2);
    expect(slipsBetween("cake", "cake", 1)).toBe(0);
  });

  it("answers one more than the limit for anything further", () => {
    expect(slipsBetween("motor", "engine", 2)).toBe(3);
    expect(slipsBetween("oil", "olive", 1)).toBe(2);
    expect(slipsBetween("a", "abcdef", 2)).toBe(3);
  });

  it("measures to the nearest start of a word when asked", () => {
    expect(slipsBetween("stawberry", "strawberries", 2, true)).toBe(2);
    expect(slipsBetween("croisan", "croissants", 1, true)).toBe(1);
    expect(slipsBetween("stawberry", "strawberries", 2)).toBe(3);
  });

  it("reads Arabic and Hebrew letter by letter", () => {
    expect(slipsBetween("فراوله", "فراولة", 2)).toBe(1);
    expect(slipsBetween("תותם", "תותים", 1)).toBe(1);
  });
});

describe("slipsForgiven", () => {
  it("forgives nothing in one- and two-letter words or numbers, one slip in short words, two in longer", () => {
    expect(slipsForgiven("jm")).toBe(0);
    expect(slipsForgiven("2024")).toBe(0);
    expect(slipsForgiven("oil")).toBe(1);
    expect(slipsForgiven("pads")).toBe(1);
    expect(slipsForgiven("break")).toBe(2);
    expect(slipsForgiven("stawberry")).toBe(2);
  });
});
