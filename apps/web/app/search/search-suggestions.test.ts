import type { Category } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { testCategory } from "../catalogue/test-categories.ts";
import { highlightParts, matchingCategories } from "./search-suggestions.ts";

const category = (id: number, en: string, ar: string, children: Category[] = []) =>
  testCategory(id, en.toLowerCase().replace(/\s+/g, "-"), children, {
    name: en,
    nameLocalizations: { en, ar },
    sort: id,
  });

describe("highlightParts", () => {
  it("marks every match of the typed text, ignoring case", () => {
    expect(highlightParts("Green Tea with green mint", "GREEN")).toEqual([
      { text: "Green", match: true },
      { text: " Tea with ", match: false },
      { text: "green", match: true },
      { text: " mint", match: false },
    ]);
  });

  it("marks each typed word, the longest first where they overlap", () => {
    expect(highlightParts("Oat milk", "milk oa")).toEqual([
      { text: "Oa", match: true },
      { text: "t ", match: false },
      { text: "milk", match: true },
    ]);
    expect(highlightParts("Cheddar", "ch chedd")).toEqual([
      { text: "Chedd", match: true },
      { text: "ar", match: false },
    ]);
  });

  it("takes typed text literally, not as a pattern", () => {
    expect(highlightParts("Size (L) shirt", "(l)")).toEqual([
      { text: "Size ", match: false },
      { text: "(L)", match: true },
      { text: " shirt", match: false },
    ]);
  });

  it("leaves a name whole when nothing was typed or nothing matches", () => {
    expect(highlightParts("Bread", "  ")).toEqual([{ text: "Bread", match: false }]);
    expect(highlightParts("Bread", "milk")).toEqual([{ text: "Bread", match: false }]);
  });

  it("works in right-to-left scripts", () => {
    expect(highlightParts("حليب كامل الدسم", "حليب")).toEqual([
      { text: "حليب", match: true },
      { text: " كامل الدسم", match: false },
    ]);
  });
});

describe("matchingCategories", () => {
  const tree = [
    category(1, "Dairy", "ألبان", [category(11, "Oat milk drinks", "مشروبات الشوفان")]),
    category(2, "Milk", "حليب"),
    category(3, "Buttermilk", "لبن"),
    category(4, "Bakery", "مخبوزات"),
  ];

  it("finds categories at any depth, those starting with the text first", () => {
    expect(matchingCategories(tree, "milk", "en").map((c) => c.id)).toEqual([2, 11, 3]);
  });

  it("matches the name in the shopper's language", () => {
    expect(matchingCategories(tree, "حليب", "ar").map((c) => c.id)).toEqual([2]);
    expect(matchingCategories(tree, "حليب", "en")).toEqual([]);
  });

  it("suggests nothing for blank text and keeps to the limit", () => {
    expect(matchingCategories(tree, " ", "en")).toEqual([]);
    expect(matchingCategories(tree, "a", "en", 2)).toHaveLength(2);
  });
});
