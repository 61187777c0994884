import { describe, expect, it } from "vitest";
import {
  type AnswerReach,
  changeReaches,
  joinedReach,
  PRODUCT_CHANGE,
  reachHeaderOf,
  reachOfHeader,
  wordsCouldMatch,
} from "./answer-reach.ts";

const { LISTED, PRICE, TEXT } = PRODUCT_CHANGE;

describe("what a product's change reaches", () => {
  const productPage: AnswerReach = {
    shows: new Set([7, 8]),
    lists: [{ categories: new Set([3, 4]), byPrice: false, byText: false }],
  };
  const keywordSearch: AnswerReach = {
    shows: new Set([9]),
    lists: [{ categories: null, byPrice: false, byText: true }],
  };
  const byPrice: AnswerReach = {
    shows: new Set(),
    lists: [{ categories: new Set([5]), byPrice: true, byText: false }],
  };

  it("reaches what shows the product, whatever changed", () => {
    expect(changeReaches({ productId: 8, categoryIds: [], aspects: 0 }, productPage)).toBe(true);
    expect(changeReaches({ productId: 1, categoryIds: [3], aspects: 0 }, productPage)).toBe(false);
  });

  it("reaches a listing the product could join, leave or move in, by what the listing asks", () => {
    // Listed anew in one of its categories: the category's listing, not another category's.
    expect(changeReaches({ productId: 1, categoryIds: [4], aspects: LISTED }, productPage)).toBe(true);
    expect(changeReaches({ productId: 1, categoryIds: [6], aspects: LISTED }, productPage)).toBe(false);
    // A new price moves listings sorted or filtered by price only.
    expect(changeReaches({ productId: 1, categoryIds: [3], aspects: PRICE }, productPage)).toBe(false);
    expect(changeReaches({ productId: 1, categoryIds: [5], aspects: PRICE }, byPrice)).toBe(true);
    // New words move keyword searches (of any category), never a category listing by newest.
    expect(changeReaches({ productId: 1, categoryIds: [6], aspects: TEXT }, keywordSearch)).toBe(true);
    expect(changeReaches({ productId: 1, categoryIds: [3], aspects: TEXT }, productPage)).toBe(false);
  });

  it("reaches a listing by price band or sale only when a new price crosses it", () => {
    const band: AnswerReach = {
      shows: new Set(),
      lists: [{ categories: null, byPrice: false, byText: false, priceBand: [500, 1000] }],
    };
    const deals: AnswerReach = {
      shows: new Set(),
      lists: [{ categories: null, byPrice: false, byText: false, onSale: true }],
    };
    const priced = (before: number, after: number, onSaleBefore = false, onSaleAfter = false) => ({
      productId: 1,
      categoryIds: [],
      aspects: PRICE,
      prices: { before, after, onSaleBefore, onSaleAfter },
    });
    expect(changeReaches(priced(600, 700), band)).toBe(false);
    expect(changeReaches(priced(100, 200), band)).toBe(false);
    expect(changeReaches(priced(400, 500), band)).toBe(true);
    expect(changeReaches(priced(1000, 1001), band)).toBe(true);
    expect(changeReaches(priced(600, 500, true, true), deals)).toBe(false);
    expect(changeReaches(priced(600, 500, false, true), deals)).toBe(true);
    // A change that does not say its prices may cross anything.
    expect(changeReaches({ productId: 1, categoryIds: [], aspects: PRICE }, band)).toBe(true);
  });

  it("reaches a one-word search only through a word gained or lost that it could find, in any category", () => {
    const fresh: AnswerReach = {
      shows: new Set([9]),
      lists: [{ categories: new Set([3]), byPrice: false, byText: false, keyword: "fresh" }],
    };
    const renamed = (words: string[] | null | undefined) => ({
      productId: 1,
      categoryIds: [6],
      aspects: TEXT,
      ...(words === undefined ? {} : { words }),
    });
    // "Special" added to a name: nothing a search for "fresh" finds or ranks by.
    expect(changeReaches(renamed(["special"]), fresh)).toBe(false);
    expect(changeReaches(renamed([]), fresh)).toBe(false);
    // A word it finds as typed, a correction, or any word at all (unknown), in another category too.
    expect(changeReaches(renamed(["freshly"]), fresh)).toBe(true);
    expect(changeReaches(renamed(["frehs"]), fresh)).toBe(true);
    expect(changeReaches(renamed(null), fresh)).toBe(true);
    expect(changeReaches(renamed(undefined), fresh)).toBe(true);
    // Its own products still drop it, whatever changed; a listing change in its category too.
    expect(changeReaches({ productId: 9, categoryIds: [], aspects: 0 }, fresh)).toBe(true);
    expect(changeReaches({ productId: 1, categoryIds: [3], aspects: LISTED }, fresh)).toBe(true);
    expect(changeReaches({ productId: 1, categoryIds: [6], aspects: LISTED }, fresh)).toBe(false);
  });

  it("tells which words could move a one-word search", () => {
    // Its start and its English stem's start ("cherries" is searched as cherri:*).
    expect(wordsCouldMatch(["cherri"], "cherries")).toBe(true);
    expect(wordsCouldMatch(["happi"], "happy")).toBe(true);
    expect(wordsCouldMatch(["diesel"], "dying")).toBe(true);
    // A slip or two away, or one more for "Did you mean", also to the start of a longer word.
    expect(wordsCouldMatch(["banana"], "vanana")).toBe(true);
    expect(wordsCouldMatch(["strawberries"], "tsrawberry")).toBe(true);
    expect(wordsCouldMatch(["cake"], "bake")).toBe(true);
    // Not so for others, nor for a two-letter word's neighbours, nor for a keyword of no word.
    expect(wordsCouldMatch(["special", "edition"], "fresh")).toBe(false);
    expect(wordsCouldMatch(["of"], "on")).toBe(false);
    expect(wordsCouldMatch(["anything"], "")).toBe(false);
    expect(wordsCouldMatch(null, "")).toBe(true);
    expect(wordsCouldMatch(["موز"], "موزة")).toBe(true);
  });

  it("names a reach in a header and reads it back; anything else is unknown", () => {
    const banded: AnswerReach = {
      shows: new Set([3]),
      lists: [
        { categories: new Set([2]), byPrice: true, byText: true, priceBand: [null, 900], onSale: false },
      ],
    };
    expect(reachHeaderOf(banded)).toBe("s=3;l=2$[,900]!0~");
    for (const reach of [
      productPage,
      keywordSearch,
      byPrice,
      banded,
      { shows: new Set<number>(), lists: [] },
    ])
      expect(reachOfHeader(reachHeaderOf(reach))).toEqual(reach);
    expect(reachHeaderOf(keywordSearch)).toBe("s=9;l=*~");
    const arabic: AnswerReach = {
      shows: new Set(),
      lists: [{ categories: null, byPrice: false, byText: false, keyword: "موز;l=*" }],
    };
    expect(reachHeaderOf(arabic)).toMatch(/^s=;l=\*\?%D9%85/);
    expect(reachOfHeader(reachHeaderOf(arabic))).toEqual(arabic);
    expect(reachOfHeader("s=;l=*?%E0%A4%A")).toBeNull();
    expect(reachOfHeader("s=1;x=2")).toBeNull();
    expect(reachOfHeader("s=1;l=drop table")).toBeNull();
  });

  it("joins the reaches of a page's answers", () => {
    const page = joinedReach([productPage, keywordSearch]);
    expect([...page.shows].sort()).toEqual([7, 8, 9]);
    expect(page.lists).toHaveLength(2);
  });
});
