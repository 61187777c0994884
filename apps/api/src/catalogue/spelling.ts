import { SHORTEST_START_CORRECTED, slipsBetween, slipsForgiven } from "@stoa/contract";

/*
 * Forgiving keyword search (docs/decisions/045-forgiving-search.md): a word of the shopper's
 * keyword also finds the words of the shop's own vocabulary (its product names and brands) that
 * are one or two typing slips away, and a search that finds nothing as typed is offered the
 * nearest words of that vocabulary as "Did you mean …?". Pure: the vocabulary is handed in.
 */

/** Fuzzy words one keyword word may add to the query; the closest are kept. */
const MAX_CORRECTIONS_PER_WORD = 8;

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
