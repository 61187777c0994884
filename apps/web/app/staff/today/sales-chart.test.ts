import { describe, expect, it } from "vitest";
import { chartBars, roundTop } from "./sales-chart.ts";

describe("roundTop", () => {
  it("rounds up to 1, 2 or 5 times a power of ten", () => {
    expect(roundTop(0)).toBe(0);
    expect(roundTop(1)).toBe(1);
    expect(roundTop(3)).toBe(5);
    expect(roundTop(7)).toBe(10);
    expect(roundTop(10)).toBe(10);
    expect(roundTop(11)).toBe(20);
    expect(roundTop(12_345)).toBe(20_000);
    expect(roundTop(50_001)).toBe(100_000);
    expect(roundTop(0.3)).toBe(0.5);
  });

  it("gives 0 for nothing, negatives and broken values", () => {
    expect(roundTop(-5)).toBe(0);
    expect(roundTop(Number.NaN)).toBe(0);
    expect(roundTop(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe("chartBars", () => {
  it("scales each bar to the round top", () => {
    const { top, bars } = chartBars([0, 1_000, 2_000, 1_500], 100);
    expect(top).toBe(2_000);
    expect(bars.map((bar) => bar.height)).toEqual([0, 50, 100, 75]);
    expect(bars.map((bar) => bar.value)).toEqual([0, 1_000, 2_000, 1_500]);
  });

  it("keeps a small day visible and a day without sales flat", () => {
    const { bars } = chartBars([1, 100_000], 80);
    expect(bars[0]?.height).toBe(1);
    expect(bars[1]?.height).toBe(80);
  });

  it("draws nothing for days without sales", () => {
    expect(chartBars([0, 0, 0], 100)).toEqual({
      top: 0,
      bars: [
        { value: 0, height: 0 },
        { value: 0, height: 0 },
        { value: 0, height: 0 },
      ],
    });
    expect(chartBars([], 100)).toEqual({ top: 0, bars: [] });
    expect(chartBars([-3, Number.NaN], 100).bars.map((bar) => bar.height)).toEqual([0, 0]);
  });
});
