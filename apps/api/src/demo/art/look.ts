/**
 * What makes one product's picture its own (issue: "every pizza looks the same"). A product's art
 * address carries its key — the slug of its English name — and everything here is derived from
 * that key alone, so the same address always draws the same picture and needs nothing stored.
 */

/** Lower-case words joined by single hyphens: the slug of a product's English name. */
export const PRODUCT_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_PRODUCT_KEY_LENGTH = 80;

export function isProductKey(value: string): boolean {
  return value.length <= MAX_PRODUCT_KEY_LENGTH && PRODUCT_KEY.test(value);
}

/** FNV-1a: small, stable across processes and platforms, well spread for short texts. */
function fnv(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The choices one product's picture is drawn with. `roll` gives an independent number for each
 * named choice, so adding a new choice later does not reshuffle the ones before it.
 */
export type Look = {
  /** The key's words, for drawings that follow the name ("pepperoni", "cheese", "bacon"). */
  words: ReadonlySet<string>;
  /** The lettering of the product's shelf tag, at most two short lines. */
  label: readonly string[];
  /** A whole number in [0, max) fixed for this product and this `choice`. */
  roll(choice: string, max: number): number;
  /** True when the name says so, otherwise true for about `chance` of products. */
  has(words: readonly string[], choice: string, chance: number): boolean;
};

const LABEL_LINE = 17;

/** Breaks the name into at most two lines of about 17 characters, shortening the last if needed. */
function labelLines(words: readonly string[]): string[] {
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= LABEL_LINE)
      lines[lines.length - 1] = `${last} ${word}`;
    else if (lines.length < 2) lines.push(word);
    else {
      lines[1] = `${(lines[1] ?? "").slice(0, LABEL_LINE - 1)}…`;
      break;
    }
  }
  return lines.map((line) => (line.length > LABEL_LINE + 1 ? `${line.slice(0, LABEL_LINE)}…` : line));
}

function titleCase(word: string): string {
  return /^\d/.test(word) ? word : word.charAt(0).toUpperCase() + word.slice(1);
}

export function lookOf(key: string): Look {
  const parts = key.split("-");
  const words = new Set(parts);
  const roll = (choice: string, max: number) => fnv(`${key}/${choice}`) % max;
  return {
    words,
    label: labelLines(parts.map(titleCase)),
    roll,
    has: (names, choice, chance) =>
      names.some((name) => words.has(name)) || roll(choice, 1000) < chance * 1000,
  };
}
