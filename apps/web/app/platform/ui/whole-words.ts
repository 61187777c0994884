/** A word of a text, and the spaces after it; `whole` when a cut line must drop it whole. */
export type WordPiece = { word: string; space: string; whole: boolean };

const RIGHT_TO_LEFT = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
const LEFT_TO_RIGHT = /(?![\p{Script=Arabic}\p{Script=Hebrew}])\p{L}/u;
const LETTER = /\p{L}/u;

/** Whether a text has Arabic or Hebrew letters, whose lines a cut can take a number's end from. */
export const hasRightToLeft = (text: string) => RIGHT_TO_LEFT.test(text);

/**
 * A name split into words for a line that is cut with an ellipsis (`line-clamp`, `truncate`). The
 * browser cuts such a line letter by letter at its visual end, and in a right-to-left line that is
 * the start of any number or Latin word there: "بقيمة 100 يورو" came out as "بقيمة …0". A word
 * set as a box of its own is dropped whole instead ("بقيمة …"). Every word of a name in one
 * direction is kept so; in a name that mixes directions only the words without letters (amounts,
 * sizes) are, as boxes are ordered like punctuation and would turn a run of Latin words around.
 */
export function wordPieces(text: string): WordPiece[] {
  const oneDirection = !(RIGHT_TO_LEFT.test(text) && LEFT_TO_RIGHT.test(text));
  const pieces: WordPiece[] = [];
  for (const match of text.matchAll(/(\S+)(\s*)/g)) {
    const word = match[1] ?? "";
    pieces.push({ word, space: match[2] ?? "", whole: oneDirection || !LETTER.test(word) });
  }
  return pieces;
}
