/**
 * The day's dashboard draws its sales as bars: each bar's height is its day's share of a round top
 * value, so the chart's top line reads as a plain figure and a day without sales has no bar.
 */

/** The smallest "round" number (1, 2 or 5 times a power of ten) at or above `value`; 0 stays 0. */
export function roundTop(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 0;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

export type ChartBar = { value: number; height: number };

/**
 * Bar heights for `values` in a chart `height` tall: proportional to the round top of the largest
 * value, at least 1 for any day with sales (so it stays visible), 0 for a day without. Negative or
 * broken values count as 0.
 */
export function chartBars(values: readonly number[], height: number): { top: number; bars: ChartBar[] } {
  const clean = values.map((value) => (Number.isFinite(value) && value > 0 ? value : 0));
  const top = roundTop(Math.max(0, ...clean));
  const bars = clean.map((value) => ({
    value,
    height: top === 0 || value === 0 ? 0 : Math.max(1, Math.round((value / top) * height * 100) / 100),
  }));
  return { top, bars };
}
