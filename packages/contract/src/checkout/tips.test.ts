import { describe, expect, it } from "vitest";
import { MAX_TIP_AMOUNT } from "./constants.ts";
import { maxTip, tipAmount } from "./tips.ts";

describe("tips", () => {
  it("come to a percent of the goods, rounded once, or the amount typed", () => {
    expect(tipAmount({ type: "percent", value: 15 }, 1005)).toBe(151);
    expect(tipAmount({ type: "amount", value: 300 }, 1005)).toBe(300);
  });

  it("are at most the goods of the order, and never above the absolute ceiling", () => {
    expect(maxTip(450)).toBe(450);
    expect(maxTip(0)).toBe(0);
    expect(maxTip(10 * MAX_TIP_AMOUNT)).toBe(MAX_TIP_AMOUNT);
    expect(tipAmount({ type: "amount", value: 100_000 }, 450)).toBeGreaterThan(maxTip(450));
    expect(tipAmount({ type: "percent", value: 100 }, 451)).toBe(maxTip(451));
  });
});
