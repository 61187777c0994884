import { hasRightToLeft } from "../ui/whole-words.ts";

/**
 * Text placed inside a translated sentence, isolated so it keeps its own direction and does not
 * drag the punctuation around it: the shopper's own words (FSI … PDI: "milk" in a Hebrew sentence,
 * "חלב" in an English one) and amounts, which always read left to right (LRI … PDI: "€249.00" in
 * an Arabic sentence).
 */
export function isolated(text: string): string {
  return `\u2068${text}\u2069`;
}

export function leftToRight(text: string): string {
  return `\u2066${text}\u2069`;
}

/** A run of digits that may be one number written in groups: "+1 217-555-0142", "(03) 555 0142". */
const NUMBER_RUN = /\+?\(?\d[\d\s().-]*\d/g;
const GROUPED = /[\s-]/;
/** Fewer digits than a phone number: a range ("2-3 days"), a time, an amount the text says itself. */
const PHONE_DIGITS = 7;

/**
 * A shop's own text with its phone numbers set left to right. In an Arabic sentence digits are
 * Arabic numbers, which a hyphen or a space does not join: "217-555-0142" came out as
 * "0142-555-217", the groups laid right to left (a space does the same in Hebrew). A grouped run of
 * at least seven digits is isolated left to right; shorter ones, and text without Arabic or Hebrew
 * letters, are left as they are.
 */
export function phoneNumbersLeftToRight(text: string): string {
  if (!hasRightToLeft(text)) return text;
  return text.replace(NUMBER_RUN, (run) =>
    run.replace(/\D/g, "").length >= PHONE_DIGITS && GROUPED.test(run) ? leftToRight(run) : run,
  );
}
