import { describe, expect, it } from "vitest";
import { scrollEdges, scrollStep, scrollToShow } from "./scroll-edges.ts";

describe("a row that scrolls sideways", () => {
  it("has nothing out of sight when it fits", () => {
    expect(scrollEdges({ scrollLeft: 0, scrollWidth: 800, clientWidth: 800 })).toEqual({
      moreBefore: false,
      moreAfter: false,
    });
  });

  it("has more after it at the start, on both sides in the middle, and before it at the end", () => {
    expect(scrollEdges({ scrollLeft: 0, scrollWidth: 1400, clientWidth: 1200 })).toEqual({
      moreBefore: false,
      moreAfter: true,
    });
    expect(scrollEdges({ scrollLeft: 100, scrollWidth: 1400, clientWidth: 1200 })).toEqual({
      moreBefore: true,
      moreAfter: true,
    });
    expect(scrollEdges({ scrollLeft: 199.5, scrollWidth: 1400, clientWidth: 1200 })).toEqual({
      moreBefore: true,
      moreAfter: false,
    });
  });

  it("reads a right-to-left row, whose scroll position goes negative towards its end", () => {
    expect(scrollEdges({ scrollLeft: 0, scrollWidth: 1400, clientWidth: 1200 }).moreAfter).toBe(true);
    expect(scrollEdges({ scrollLeft: -200, scrollWidth: 1400, clientWidth: 1200 })).toEqual({
      moreBefore: true,
      moreAfter: false,
    });
  });

  it("moves most of a view forwards or back, mirrored right to left", () => {
    expect(scrollStep(1000, true, false)).toBe(800);
    expect(scrollStep(1000, false, false)).toBe(-800);
    expect(scrollStep(1000, true, true)).toBe(-800);
    expect(scrollStep(1000, false, true)).toBe(800);
  });

  it("moves an item cut at either edge wholly into view, clear of the fades", () => {
    const row = { left: 0, right: 360 };
    expect(scrollToShow(row, { left: 100, right: 200 }, 48)).toBe(0);
    // Past the end (the right, left to right; the start, right to left): moved left by what is hidden.
    expect(scrollToShow(row, { left: 283, right: 408 }, 48)).toBe(96);
    // Before the start (right to left, the third day of the delivery picker): moved right.
    expect(scrollToShow(row, { left: -135, right: 10 }, 48)).toBe(-183);
  });

  it("centres an item wider than the room between the fades", () => {
    expect(scrollToShow({ left: 0, right: 200 }, { left: 150, right: 350 }, 48)).toBe(150);
  });
});
