/*
 * A product's unit is the shop's own words, typed once beside its price ("500 g", "24 pcs",
 * "serves 10", "each"), and the catalogue keeps one text whatever the shopper's language. The words
 * shops use for their units are few: these are read here, so the storefront says them in the
 * shopper's language; anything else ("PDF", a size of the shop's own) is shown as the shop wrote it.
 */

/** Measures written after an amount: "500 g", "1.5 L", "160 × 200 cm", "12 inch". */
export const UNIT_MEASURES = ["g", "kg", "ml", "cl", "l", "cm", "inch"] as const;
/** Things counted: "24 pcs", "2 skewers", "12 cups", "serves 10", "set of 4". */
export const UNIT_COUNTS = ["pcs", "skewers", "scoops", "cups", "serves", "set-of"] as const;
/** A unit said in words alone. */
export const UNIT_WORDS = [
  "each",
  "bunch",
  "pair",
  "bowl",
  "portion",
  "kit",
  "set",
  "axle-set",
  "regular",
  "double",
  "plate",
  "slice",
  "skillet",
  "pot",
  "cup",
] as const;

export type UnitWords =
  /** `amount` as written ("160 × 200", "Ø 200"): digits read left to right in every language. */
  | { kind: "measure"; amount: string; measure: (typeof UNIT_MEASURES)[number] }
  | { kind: "count"; count: number; counted: (typeof UNIT_COUNTS)[number] }
  | { kind: "word"; word: (typeof UNIT_WORDS)[number] }
  | { kind: "text"; text: string };

const AMOUNT = String.raw`(?:Ø\s*)?\d+(?:[.,]\d+)?(?:\s*[×x]\s*\d+(?:[.,]\d+)?)*`;
const MEASURED = new RegExp(`^(${AMOUNT})\\s*(${UNIT_MEASURES.join("|")})$`, "i");
const COUNTED = /^(\d+)\s+(pcs|skewers|scoops|cups)$/i;
const SERVES = /^serves\s+(\d+)$/i;
const SET_OF = /^set\s+of\s+(\d+)$/i;

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** What a unit says, as far as its words are known; the rest is the shop's text as it stands. */
export function unitWords(unit: string): UnitWords {
  const text = unit.trim().replace(/\s+/g, " ");
  const measured = MEASURED.exec(text);
  if (measured?.[1] && measured[2]) {
    const measure = measured[2].toLowerCase();
    if (isOneOf(UNIT_MEASURES, measure)) return { kind: "measure", amount: measured[1], measure };
  }
  const counted = COUNTED.exec(text);
  if (counted?.[2]) {
    const thing = counted[2].toLowerCase();
    if (isOneOf(UNIT_COUNTS, thing)) return { kind: "count", count: Number(counted[1]), counted: thing };
  }
  const serves = SERVES.exec(text);
  if (serves) return { kind: "count", count: Number(serves[1]), counted: "serves" };
  const setOf = SET_OF.exec(text);
  if (setOf) return { kind: "count", count: Number(setOf[1]), counted: "set-of" };
  const word = text.toLowerCase().replace(" ", "-");
  if (isOneOf(UNIT_WORDS, word)) return { kind: "word", word };
  return { kind: "text", text: unit };
}
