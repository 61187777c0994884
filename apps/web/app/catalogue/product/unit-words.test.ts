import { describe, expect, it } from "vitest";
import { unitWords } from "./unit-words.ts";

describe("the words of a product's unit", () => {
  it("reads an amount and its measure, packs and sizes included", () => {
    expect(unitWords("500 g")).toEqual({ kind: "measure", amount: "500", measure: "g" });
    expect(unitWords("1.5 L")).toEqual({ kind: "measure", amount: "1.5", measure: "l" });
    expect(unitWords("6 × 1 L")).toEqual({ kind: "measure", amount: "6 × 1", measure: "l" });
    expect(unitWords("160 × 200 cm")).toEqual({ kind: "measure", amount: "160 × 200", measure: "cm" });
    expect(unitWords("Ø 200 cm")).toEqual({ kind: "measure", amount: "Ø 200", measure: "cm" });
    expect(unitWords("12 inch")).toEqual({ kind: "measure", amount: "12", measure: "inch" });
    expect(unitWords("1kg")).toEqual({ kind: "measure", amount: "1", measure: "kg" });
  });

  it("reads things counted, and how many a dish serves or a set holds", () => {
    expect(unitWords("24 pcs")).toEqual({ kind: "count", count: 24, counted: "pcs" });
    expect(unitWords("2 Skewers")).toEqual({ kind: "count", count: 2, counted: "skewers" });
    expect(unitWords("serves 10")).toEqual({ kind: "count", count: 10, counted: "serves" });
    expect(unitWords("set of 4")).toEqual({ kind: "count", count: 4, counted: "set-of" });
  });

  it("reads the units said in a word", () => {
    expect(unitWords("each")).toEqual({ kind: "word", word: "each" });
    expect(unitWords(" Bunch ")).toEqual({ kind: "word", word: "bunch" });
    expect(unitWords("axle set")).toEqual({ kind: "word", word: "axle-set" });
  });

  it("leaves what it does not know as the shop wrote it", () => {
    expect(unitWords("PDF")).toEqual({ kind: "text", text: "PDF" });
    expect(unitWords("3 crates")).toEqual({ kind: "text", text: "3 crates" });
    expect(unitWords("kg")).toEqual({ kind: "text", text: "kg" });
  });
});
