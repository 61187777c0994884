import { describe, expect, it } from "vitest";
import { correctionsOf, ShopVocabulary, slipsBetween, slipsForgiven, suggestedWords } from "./spelling.ts";

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

describe("ShopVocabulary", () => {
  const vocabulary = new ShopVocabulary([
    "strawberry",
    "strawberries",
    "cream",
    "cake",
    "brake",
    "pads",
    "pad",
    "oil",
    "coil",
    "olive",
    "platter",
    "water",
    "croissant",
  ]);

  it("knows its words and their starts", () => {
    expect(vocabulary.knows("cake")).toBe(true);
    expect(vocabulary.knows("straw")).toBe(true);
    expect(vocabulary.knows("stawberry")).toBe(false);
    expect(vocabulary.size).toBe(13);
  });

  it("corrects a word towards the closest words of the shop, the nearest apart", () => {
    expect(correctionsOf(vocabulary, "break")).toEqual({ all: ["brake", "cream"], nearest: ["brake"] });
    expect(correctionsOf(vocabulary, "plater")).toEqual({ all: ["platter", "water"], nearest: ["platter"] });
    expect(correctionsOf(vocabulary, "stawberry").all).toEqual(["strawberry", "strawberries"]);
    expect(correctionsOf(vocabulary, "crossiant").all).toEqual(["croissant"]);
    // Short words only within one slip, and never towards the start of a longer word.
    expect(correctionsOf(vocabulary, "oil").all).toEqual(["coil"]);
    expect(correctionsOf(vocabulary, "jm").all).toEqual([]);
  });

  it("suggests the nearest words for the words it does not know, or nothing", () => {
    expect(suggestedWords(vocabulary, ["stawberry", "cake"])).toEqual(["strawberry", "cake"]);
    // Looks one slip further than matching: "strwbery" is three slips from strawberry.
    expect(suggestedWords(vocabulary, ["strwbery"])).toEqual(["strawberry"]);
    expect(suggestedWords(vocabulary, ["cake"])).toBeUndefined();
    expect(suggestedWords(vocabulary, ["xylophone", "oil"])).toBeUndefined();
    expect(suggestedWords(vocabulary, ["stawberry", "jm"])).toBeUndefined();
  });

  it("chooses among equally near words the same way whatever the order it was given them in", () => {
    const one = new ShopVocabulary(["cart", "care", "card"]);
    const other = new ShopVocabulary(["card", "care", "cart"]);
    expect(one.near("carx", 1)).toEqual(other.near("carx", 1));
  });
});
