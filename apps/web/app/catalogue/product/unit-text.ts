import type { TFunction } from "i18next";
import { leftToRight } from "../../platform/i18n/bidi.ts";
import { unitWords } from "./unit-words.ts";

/**
 * A product's unit in the shopper's language ("500 g" → "500 غ", "serves 10" → "ל-10 סועדים"):
 * the words the storefront knows translated, the rest as the shop wrote it. A size of several parts
 * keeps reading left to right ("160 × 200") inside a right-to-left sentence; a plain number needs no
 * help, and is left plain for the text to match what the shop typed where nothing is translated.
 */
export function unitText(unit: string, t: TFunction): string {
  const words = unitWords(unit);
  switch (words.kind) {
    case "measure":
      return t("unit.measured", {
        amount: /\s/.test(words.amount) ? leftToRight(words.amount) : words.amount,
        measure: t(`unit.measure.${words.measure}`),
      });
    case "count":
      return t(`unit.count.${words.counted}`, { count: words.count });
    case "word":
      return t(`unit.word.${words.word}`);
    case "text":
      return words.text;
  }
}
