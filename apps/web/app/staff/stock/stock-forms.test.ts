import { describe, expect, it } from "vitest";
import { adjustBody, stockListHref, stockListParams, thresholdBody } from "./stock-forms.ts";

const typed = (extra: Record<string, string> = {}) => ({
  productId: "12",
  variationId: "",
  reason: "received",
  quantity: "5",
  expected: "3",
  note: "",
  ...extra,
});

describe("the stock forms", () => {
  it("read an adjustment as the contract takes it; a count carries the level seen", () => {
    expect(adjustBody(typed())).toEqual({
      ok: true,
      data: { productId: 12, variationId: null, reason: "received", quantity: 5, expected: null, note: "" },
    });
    expect(adjustBody(typed({ reason: "counted", quantity: "0", variationId: "7" }))).toMatchObject({
      ok: true,
      data: { variationId: 7, quantity: 0, expected: 3 },
    });
  });

  it("refuse what is missing or not a whole number, field by field", () => {
    expect(adjustBody(typed({ quantity: "" }))).toEqual({
      ok: false,
      fields: { quantity: "error-field-required" },
    });
    expect(adjustBody(typed({ quantity: "2.5" }))).toMatchObject({
      ok: false,
      fields: { quantity: expect.any(String) },
    });
    expect(adjustBody(typed({ quantity: "0" }))).toEqual({
      ok: false,
      fields: { quantity: "error-field-too-small" },
    });
    expect(adjustBody(typed({ reason: "lost" }))).toEqual({
      ok: false,
      fields: { reason: "error-field-invalid" },
    });
  });

  it("read a threshold, empty for the default", () => {
    expect(thresholdBody(4, "")).toEqual({ ok: true, data: { productId: 4, threshold: null } });
    expect(thresholdBody(4, " 12 ")).toEqual({ ok: true, data: { productId: 4, threshold: 12 } });
    expect(thresholdBody(4, "-1")).toMatchObject({ ok: false });
  });

  it("keep the list's filters in its address", () => {
    const params = stockListParams(new URLSearchParams("q=milk&filter=low&page=3"));
    expect(params).toEqual({ q: "milk", filter: "low", page: 3 });
    expect(stockListHref({ ...params, page: 1 })).toBe("/staff/stock?q=milk&filter=low");
    expect(stockListParams(new URLSearchParams("filter=gone&page=x"))).toEqual({
      q: "",
      filter: "all",
      page: 1,
    });
  });
});
