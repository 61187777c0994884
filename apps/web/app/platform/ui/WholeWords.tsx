import { Fragment } from "react";
import { hasRightToLeft, wordPieces } from "./whole-words.ts";

/**
 * A product's name in a line cut with an ellipsis, cut at a whole word (whole-words.ts), in the
 * name's own direction. Its words are boxes, and a box takes no underline from its link unless it
 * inherits it: hence `text-decoration: inherit` down to each word.
 */
export function WholeWords({ text }: { text: string }) {
  // A name in Latin letters alone is cut at its own end, as it reads: it needs no boxes, and a
  // listing of such names renders a span fewer per word.
  if (!hasRightToLeft(text)) return <bdi>{text}</bdi>;
  return (
    <bdi className="[text-decoration:inherit]">
      {wordPieces(text).map((piece, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never reorder
        <Fragment key={index}>
          {piece.whole ? (
            <span className="inline-block max-w-full [text-decoration:inherit]">{piece.word}</span>
          ) : (
            piece.word
          )}
          {piece.space}
        </Fragment>
      ))}
    </bdi>
  );
}
