/*
 * How far a typed word is from a shop's word, in typing slips (docs/decisions/045-forgiving-search.md):
 * the API's keyword search forgives slips by this measure, and a product's change of words reaches a
 * kept search by it (answer-reach.ts). Pure.
 */

/** Words of one or two letters are never corrected: almost every short word is a slip of another. */
const SHORTEST_CORRECTED_WORD = 3;
/** From this length a word may be two slips away from the shop's word ("break" → brake). */
const TWO_SLIP_WORD_LENGTH = 5;
/**
 * From this length a typed word also finds the words it is a slip or two from the start of, as a
 * word typed right finds the words it starts ("stawberry" finds Strawberries). Shorter words would
 * find too much: "oil" is one slip from the start of every word in "oi" or "ol".
 */
export const SHORTEST_START_CORRECTED = 5;

/** Slips forgiven in a word of the keyword when matching: 1 for short words, 2 for longer ones. */
export function slipsForgiven(word: string): number {
  const length = word.length;
  if (length < SHORTEST_CORRECTED_WORD || /^\p{N}+$/u.test(word)) return 0;
  return length < TWO_SLIP_WORD_LENGTH ? 1 : 2;
}

/**
 * Typing slips between two words, at most `limit` (anything further answers `limit + 1`): a
 * letter wrong, missing or extra, or two neighbours swapped ("strawbrery" → strawberry is one).
 * This is the optimal-string-alignment distance, computed only in a band of `limit` around the
 * diagonal and abandoned as soon as a row exceeds the limit. With `toStartOf`, the slips to the
 * nearest start of the word instead ("stawberry" is two slips from the start of "strawberries").
 */
export function slipsBetween(typed: string, word: string, limit: number, toStartOf = false): number {
  // UTF-16 units, not code points: every letter of the shops' languages is one unit, and a search
  // compares thousands of words, so no word is split into an array.
  const n = typed.length;
  const m = toStartOf ? Math.min(word.length, n + limit) : word.length;
  const far = limit + 1;
  if (Math.abs(n - m) > limit) return far;
  if (rows.length < 3 * (m + 1)) rows = new Int32Array(6 * (m + 1));
  // Three rows of m + 1 cells, reused: the row before the previous one is what a swap looks back at.
  const width = m + 1;
  let before = 0;
  let previous = width;
  let current = 2 * width;
  for (let j = 0; j <= m; j++) rows[previous + j] = j;
  for (let i = 1; i <= n; i++) {
    rows.fill(far, current, current + width);
    rows[current] = i;
    let rowBest = i;
    const typedLetter = typed.charCodeAt(i - 1);
    const from = Math.max(1, i - limit);
    const to = Math.min(m, i + limit);
    for (let j = from; j <= to; j++) {
      const wordLetter = word.charCodeAt(j - 1);
      let slips = Math.min(
        (rows[previous + j] as number) + 1,
        (rows[current + j - 1] as number) + 1,
        (rows[previous + j - 1] as number) + (typedLetter === wordLetter ? 0 : 1),
      );
      if (i > 1 && j > 1 && typedLetter === word.charCodeAt(j - 2) && typed.charCodeAt(i - 2) === wordLetter)
        slips = Math.min(slips, (rows[before + j - 2] as number) + 1);
      rows[current + j] = slips;
      if (slips < rowBest) rowBest = slips;
    }
    if (rowBest > limit) return far;
    [before, previous, current] = [previous, current, before];
  }
  if (!toStartOf) return Math.min(far, rows[previous + m] as number);
  // The last row holds the slips from the typed word to every start of the word.
  let best = far;
  for (let j = Math.max(0, n - limit); j <= m; j++) best = Math.min(best, rows[previous + j] as number);
  return best;
}

/** Rows of `slipsBetween`, kept between calls (one search compares thousands of words). */
let rows = new Int32Array(64);
