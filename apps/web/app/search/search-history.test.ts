import { MAX_KEYWORD_LENGTH, SEARCH_HISTORY_SIZE } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import {
  cleanSearchTerm,
  forgetSearch,
  parseSearchHistory,
  rememberSearch,
  serializeSearchHistory,
} from "./search-history.ts";

describe("search history", () => {
  it("puts the newest search first", () => {
    expect(rememberSearch(["milk", "bread"], "apples")).toEqual(["apples", "milk", "bread"]);
  });

  it("keeps one copy of a term, whatever its case or spacing, at the front", () => {
    expect(rememberSearch(["milk", "Bread", "eggs"], "  bread ")).toEqual(["bread", "milk", "eggs"]);
    expect(rememberSearch(["olive oil"], "Olive   Oil")).toEqual(["Olive Oil"]);
  });

  it("ignores blank searches", () => {
    expect(rememberSearch(["milk"], "   ")).toEqual(["milk"]);
  });

  it(`keeps only the last ${SEARCH_HISTORY_SIZE} searches`, () => {
    let history: string[] = [];
    for (let n = 1; n <= SEARCH_HISTORY_SIZE + 5; n++) history = rememberSearch(history, `term ${n}`);
    expect(history).toHaveLength(SEARCH_HISTORY_SIZE);
    expect(history[0]).toBe(`term ${SEARCH_HISTORY_SIZE + 5}`);
    expect(history.at(-1)).toBe("term 6");
  });

  it("forgets one term and leaves the others in order", () => {
    expect(forgetSearch(["milk", "bread", "eggs"], "BREAD")).toEqual(["milk", "eggs"]);
    expect(forgetSearch(["milk"], "cheese")).toEqual(["milk"]);
  });

  it("cleans terms like the search does", () => {
    expect(cleanSearchTerm("\tgreen\n tea ")).toBe("green tea");
    expect(cleanSearchTerm("x".repeat(MAX_KEYWORD_LENGTH + 20))).toHaveLength(MAX_KEYWORD_LENGTH);
    // Decomposed and composed accents are the same word.
    expect(cleanSearchTerm("cafe\u0301")).toBe("café");
  });

  it("reads back what it stored", () => {
    const history = rememberSearch(rememberSearch([], "milk"), "حليب");
    expect(parseSearchHistory(serializeSearchHistory(history))).toEqual(["حليب", "milk"]);
  });

  it("survives unreadable storage", () => {
    expect(parseSearchHistory(null)).toEqual([]);
    expect(parseSearchHistory("not json")).toEqual([]);
    expect(parseSearchHistory('{"milk":1}')).toEqual([]);
    expect(parseSearchHistory('["milk", 3, null, "  ", "MILK", "bread"]')).toEqual(["milk", "bread"]);
    const tooMany = JSON.stringify(Array.from({ length: 40 }, (_, n) => `t${n}`));
    expect(parseSearchHistory(tooMany)).toHaveLength(SEARCH_HISTORY_SIZE);
  });
});
