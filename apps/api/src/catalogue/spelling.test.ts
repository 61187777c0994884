import { describe, expect, it } from "vitest";
import { correctionsOf, ShopVocabulary, suggestedWords } from "./spelling.ts";

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
