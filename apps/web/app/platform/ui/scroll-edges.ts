/** What a row that scrolls sideways has out of sight, towards its reading start and its end. */
export type ScrollEdges = { moreBefore: boolean; moreAfter: boolean };

/** Scrolled within this many pixels of an edge counts as there: fractional pixels of zoom and DPR. */
const AT_EDGE = 2;

/**
 * Where a row stands, from its scroll box. In a right-to-left row the browser counts `scrollLeft`
 * from 0 at the start (the right) down to negative values towards the end, so its size is what counts.
 */
export function scrollEdges(box: {
  scrollLeft: number;
  scrollWidth: number;
  clientWidth: number;
}): ScrollEdges {
  const scrolled = Math.abs(box.scrollLeft);
  const left = box.scrollWidth - box.clientWidth - scrolled;
  return { moreBefore: scrolled > AT_EDGE, moreAfter: left > AT_EDGE };
}

/**
 * How far one press of "next" (forwards) or "previous" moves the row, as a `scrollBy` left offset:
 * most of what is in view, so the item cut at the edge comes fully in and stays in sight; mirrored
 * in a right-to-left row, whose end is to the left.
 */
export function scrollStep(clientWidth: number, forwards: boolean, rightToLeft: boolean): number {
  const step = Math.max(1, Math.round(clientWidth * 0.8));
  return forwards !== rightToLeft ? step : -step;
}

type Span = { left: number; right: number };

/**
 * How far to move a row (a `scrollBy` left offset) so that one of its items is wholly in view and
 * clear of the faded edges (`margin` on either side); 0 when it already is. Screen coordinates go
 * left to right whatever the row's direction, so right to left needs nothing of its own. An item
 * wider than the room is centred, so neither of its ends is the one cut.
 */
export function scrollToShow(row: Span, item: Span, margin: number): number {
  const start = row.left + margin;
  const end = row.right - margin;
  if (item.right - item.left > end - start) return (item.left + item.right - (row.left + row.right)) / 2;
  if (item.left < start) return item.left - start;
  if (item.right > end) return item.right - end;
  return 0;
}
