/*
 * Forgiving keyword search (docs/decisions/045-forgiving-search.md): a word of the shopper's
 * keyword also finds the words of the shop's own vocabulary (its product names and brands) that
 * are one or two typing slips away, and a search that finds nothing as typed is offered the
 * nearest words of that vocabulary as "Did you mean …?". Pure: the vocabulary is handed in.
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
const SHORTEST_START_CORRECTED = 5;
/** Fuzzy words one keyword word may add to the query; the closest are kept. */
const MAX_CORRECTIONS_PER_WORD = 8;

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

/** Words and, at the same index, the letters each holds (see `lettersOf`). */
type Bucket = { words: string[]; letters: number[] };

function addTo<K>(buckets: Map<K, Bucket>, key: K, word: string, letters: number): void {
  const bucket = buckets.get(key);
  if (bucket) {
    bucket.words.push(word);
    bucket.letters.push(letters);
  } else buckets.set(key, { words: [word], letters: [letters] });
}

/** The letters of a word as a set of 32 (letters sharing a place modulo 32 count as one). */
function lettersOf(word: string): number {
  let set = 0;
  for (let i = 0; i < word.length; i++) set |= 1 << (word.charCodeAt(i) & 31);
  return set;
}

/**
 * A slip adds or removes at most one letter of a word's set of letters, a wrong letter both:
 * words whose sets differ in more than two places per slip allowed are further than the limit, and
 * most of a vocabulary is told apart this way before any letter-by-letter comparison. (Against the
 * start of a longer word, only the typed letters the word lacks count: one per slip at most.)
 */
function tooManyLettersDiffer(typed: number, word: number, limit: number): boolean {
  return bitCount(typed ^ word) > 2 * limit;
}

function bitCount(set: number): number {
  let rest = set;
  let count = 0;
  while (rest !== 0) {
    rest &= rest - 1;
    count++;
  }
  return count;
}

/**
 * The distinct words a shop uses in its product names and brands, ready to be searched by
 * length (a slip changes a word's length by at most one) and by start (for "is this typed word
 * the start of one of ours?").
 */
export class ShopVocabulary {
  readonly #byLength = new Map<number, Bucket>();
  /** Longer words by their first letter, for slips at the start of a word (rarely the first letter). */
  readonly #byFirstLetter = new Map<string, Bucket>();
  readonly #sorted: string[];

  constructor(words: Iterable<string>) {
    const distinct = new Set<string>();
    for (const word of words) if (word) distinct.add(word);
    this.#sorted = [...distinct].sort();
    for (const word of this.#sorted) {
      const length = word.length;
      const letters = lettersOf(word);
      addTo(this.#byLength, length, word, letters);
      addTo(this.#byFirstLetter, word[0] as string, word, letters);
    }
  }

  get size(): number {
    return this.#sorted.length;
  }

  /** Whether the typed word is one of the shop's words or the start of one (search as you type). */
  knows(typed: string): boolean {
    let low = 0;
    let high = this.#sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.#sorted[middle] as string) < typed) low = middle + 1;
      else high = middle;
    }
    return this.#sorted[low]?.startsWith(typed) ?? false;
  }

  /** The shop's words at most `limit` slips from the typed word, closest first, the typed word itself left out. */
  near(typed: string, limit: number): { word: string; slips: number }[] {
    if (limit <= 0) return [];
    const length = typed.length;
    const slipsOf = new Map<string, number>();
    const typedLetters = lettersOf(typed);
    for (let other = length - limit; other <= length + limit; other++) {
      const bucket = this.#byLength.get(other);
      if (!bucket) continue;
      for (let k = 0; k < bucket.words.length; k++) {
        const word = bucket.words[k] as string;
        if (word === typed || tooManyLettersDiffer(typedLetters, bucket.letters[k] as number, limit))
          continue;
        const slips = slipsBetween(typed, word, limit);
        if (slips <= limit) slipsOf.set(word, slips);
      }
    }
    const sameStart =
      length >= SHORTEST_START_CORRECTED ? this.#byFirstLetter.get(typed[0] as string) : undefined;
    for (let k = 0; sameStart && k < sameStart.words.length; k++) {
      const word = sameStart.words[k] as string;
      // The start is compared, not the whole word: letters further on do not count against it.
      if (word.length <= length) continue;
      if (bitCount(typedLetters & ~(sameStart.letters[k] as number)) > limit) continue;
      const slips = slipsBetween(typed, word, limit, true);
      if (slips > 0 && slips < (slipsOf.get(word) ?? limit + 1)) slipsOf.set(word, slips);
    }
    const found = [...slipsOf].map(([word, slips]) => ({ word, slips }));
    // Closest first; among equals, a word that keeps the typed first letter (slips rarely hit it),
    // then the nearest length, then alphabetical so the choice never depends on load order.
    const first = typed[0];
    return found.sort(
      (x, y) =>
        x.slips - y.slips ||
        Number(y.word[0] === first) - Number(x.word[0] === first) ||
        Math.abs(x.word.length - typed.length) - Math.abs(y.word.length - typed.length) ||
        (x.word < y.word ? -1 : x.word > y.word ? 1 : 0),
    );
  }
}

/**
 * The shop's words a typed word also finds: the closest ones within the slips forgiven, and among
 * them the `nearest` (the fewest slips, keeping the typed first letter when any does), which rank
 * above the others: "break" finds brake and cream, and brake first.
 */
export function correctionsOf(
  vocabulary: ShopVocabulary,
  typed: string,
): { all: string[]; nearest: string[] } {
  const near = vocabulary.near(typed, slipsForgiven(typed)).slice(0, MAX_CORRECTIONS_PER_WORD);
  const best = near[0];
  const first = typed[0];
  const keepsFirst = best?.word[0] === first;
  return {
    all: near.map((n) => n.word),
    nearest: near
      .filter((n) => n.slips === best?.slips && (!keepsFirst || n.word[0] === first))
      .map((n) => n.word),
  };
}

/**
 * "Did you mean …?": the keyword's words with every word the shop does not know replaced by its
 * nearest word of the shop, looking one slip further than matching does (a search that found
 * nothing has already tried those). Undefined when every word is known or one has no near word.
 */
export function suggestedWords(vocabulary: ShopVocabulary, words: string[]): string[] | undefined {
  let changed = false;
  const suggested: string[] = [];
  for (const word of words) {
    if (vocabulary.knows(word)) {
      suggested.push(word);
      continue;
    }
    const forgiven = slipsForgiven(word);
    const nearest = forgiven > 0 ? vocabulary.near(word, forgiven + 1)[0] : undefined;
    if (!nearest) return undefined;
    suggested.push(nearest.word);
    changed = true;
  }
  return changed ? suggested : undefined;
}
