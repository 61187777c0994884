import { describe, expect, it } from "vitest";
import { hasRightToLeft, wordPieces } from "./whole-words.ts";

const kept = (text: string) =>
  wordPieces(text).map((piece) => (piece.whole ? `[${piece.word}]` : piece.word));

describe("a name cut at whole words", () => {
  it("keeps every word of a name in one language whole, amounts too", () => {
    expect(kept("بطاقة هدية نوردهافن بقيمة 100 يورو")).toEqual([
      "[بطاقة]",
      "[هدية]",
      "[نوردهافن]",
      "[بقيمة]",
      "[100]",
      "[يورو]",
    ]);
    expect(kept("Nordhaven Gift Card €100")).toEqual(["[Nordhaven]", "[Gift]", "[Card]", "[€100]"]);
    expect(kept("כרטיס מתנה בשווי 25 דולר")).toEqual(["[כרטיס]", "[מתנה]", "[בשווי]", "[25]", "[דולר]"]);
  });

  it("keeps only the amounts and sizes whole where Latin and Arabic or Hebrew words mix", () => {
    expect(kept("هاتف iPhone 15 Pro بسعة 256GB و 1.5 L")).toEqual([
      "هاتف",
      "iPhone",
      "[15]",
      "Pro",
      "بسعة",
      "256GB",
      "و",
      "[1.5]",
      "L",
    ]);
  });

  it("gives the text back as it was, spaces and all", () => {
    const text = "  Green  Basket\tGift Card $25 ";
    const pieces = wordPieces(text);
    expect(pieces.map((p) => p.word + p.space).join("")).toBe(text.trimStart());
    expect(wordPieces("")).toEqual([]);
  });

  it("tells a name with Arabic or Hebrew letters, the only ones whose cut lines need boxes", () => {
    expect(hasRightToLeft("بطاقة هدية 25")).toBe(true);
    expect(hasRightToLeft("כרטיס מתנה 25")).toBe(true);
    expect(hasRightToLeft("Gift Card $25")).toBe(false);
    expect(hasRightToLeft("25 × 1 L")).toBe(false);
  });
});
