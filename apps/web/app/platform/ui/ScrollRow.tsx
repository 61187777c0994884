import { type ReactElement, useEffect, useRef, useState } from "react";
import { useTranslation } from "../i18n/translation.tsx";
import { ChevronEndIcon, ChevronStartIcon } from "./icons.tsx";
import { type ScrollEdges, scrollEdges, scrollStep, scrollToShow } from "./scroll-edges.ts";

const ALL_IN_VIEW: ScrollEdges = { moreBefore: false, moreAfter: false };

const BUTTON =
  "absolute top-1/2 z-10 flex size-8 -translate-y-1/2 items-center justify-center rounded-full bg-white text-stone-700 shadow-md ring-1 ring-stone-200 transition-opacity hover:text-stone-950 hover:ring-stone-300";

/**
 * A row of links that scrolls sideways when it does not fit (the category bars): the edge with more
 * out of sight fades, and a button on it moves the row on by most of a view. Both show only while
 * there is more that way, and sit over the row, so nothing moves when they come or go (nor when the
 * page hydrates). Touch scrolls the row as ever; keyboard users tab through the links, and a link
 * taking focus is brought clear of the faded edge. The buttons repeat what swiping and tabbing do,
 * so they stay out of the tab order and out of screen readers' way. Mirrored right to left.
 *
 * Its one child holds the items, laid out in a line (`flex`); it is measured to know what is hidden.
 * Given `current` (what is chosen: the page, the day), the row brings the item marked current
 * (`aria-current="page"` or `aria-pressed="true"`) into view when it shows and whenever the choice
 * changes: a tab strip wider than a phone must not open with the shopper's own tab out of sight.
 */
export function ScrollRow({ children, current }: { children: ReactElement; current?: string | number }) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState(ALL_IN_VIEW);

  useEffect(() => {
    const row = scroller.current;
    if (!row) return;
    const measure = () => {
      const now = scrollEdges(row);
      setEdges((was) => (was.moreBefore === now.moreBefore && was.moreAfter === now.moreAfter ? was : now));
    };
    measure();
    row.addEventListener("scroll", measure, { passive: true });
    // A link taking focus inside the box but under a fade is brought clear of it (scroll-padding).
    const bringIntoView = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && event.target !== row)
        event.target.scrollIntoView({ block: "nearest", inline: "nearest" });
    };
    row.addEventListener("focusin", bringIntoView);
    // The row narrows with the window; its content widens with another language or another font.
    const resized = new ResizeObserver(measure);
    resized.observe(row);
    if (row.firstElementChild) resized.observe(row.firstElementChild);
    return () => {
      row.removeEventListener("scroll", measure);
      row.removeEventListener("focusin", bringIntoView);
      resized.disconnect();
    };
  }, []);

  useEffect(() => {
    const row = scroller.current;
    if (current === undefined || !row) return;
    const item = row.querySelector('[aria-current="page"], [aria-pressed="true"]');
    if (!item) return;
    // Only sideways, by hand rather than scrollIntoView: that would also scroll the page or a
    // dialog still sliding in up and down to the item.
    const margin = Number.parseFloat(getComputedStyle(row).scrollPaddingInlineStart) || 0;
    const by = scrollToShow(row.getBoundingClientRect(), item.getBoundingClientRect(), margin);
    if (by !== 0) row.scrollBy({ left: by, behavior: "auto" });
  }, [current]);

  const move = (forwards: boolean) => {
    const row = scroller.current;
    if (!row) return;
    const rightToLeft = getComputedStyle(row).direction === "rtl";
    const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
    row.scrollBy({
      left: scrollStep(row.clientWidth, forwards, rightToLeft),
      behavior: still ? "auto" : "smooth",
    });
  };

  return (
    <div className="relative">
      <div
        ref={scroller}
        className="scroll-row"
        data-more-before={edges.moreBefore || undefined}
        data-more-after={edges.moreAfter || undefined}
        data-scroll-row
      >
        {children}
      </div>
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        title={t("nav.scroll-back")}
        onClick={() => move(false)}
        className={`${BUTTON} start-0 ${edges.moreBefore ? "" : "pointer-events-none opacity-0"}`}
        data-scroll-previous
      >
        <ChevronStartIcon className="size-4" />
      </button>
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        title={t("nav.scroll-on")}
        onClick={() => move(true)}
        className={`${BUTTON} end-0 ${edges.moreAfter ? "" : "pointer-events-none opacity-0"}`}
        data-scroll-next
      >
        <ChevronEndIcon className="size-4" />
      </button>
    </div>
  );
}
