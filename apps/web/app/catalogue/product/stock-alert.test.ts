import { describe, expect, it } from "vitest";
import { STOCK_ALERT_PARAM, stockAlertOutcomeOf, stockAlertParamOf } from "./stock-alert.ts";

describe("a stock alert's outcome in the address", () => {
  it("round-trips the address it went to and a known error", () => {
    for (const outcome of [
      { ok: true as const, email: "dana@example.com" },
      { ok: false as const, key: "error-in-stock-already" as const },
    ]) {
      const search = new URLSearchParams({ [STOCK_ALERT_PARAM]: stockAlertParamOf(outcome) });
      expect(stockAlertOutcomeOf(search)).toEqual(outcome);
    }
  });

  it("ignores what is not an outcome", () => {
    expect(stockAlertOutcomeOf(new URLSearchParams({ [STOCK_ALERT_PARAM]: "<script>" }))).toBeNull();
    expect(stockAlertOutcomeOf(new URLSearchParams())).toBeNull();
  });
});
