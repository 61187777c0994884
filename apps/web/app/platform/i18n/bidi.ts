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
