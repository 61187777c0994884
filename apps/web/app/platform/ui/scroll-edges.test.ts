import { describe, expect, it } from "vitest";
import { scrollEdges, scrollStep } from "./scroll-edges.ts";

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
});
