import { describe, expect, it } from "vitest";
import { customerListHref, customerListParams, minorOf, walletFormBody } from "./customer-forms.ts";

describe("the customer forms", () => {
  it("read the list's address and write it back", () => {
    const params = customerListParams(new URLSearchParams("q=%20dana%20&guests=1&page=3"));
    expect(params).toEqual({ q: "dana", guests: true, page: 3 });
    expect(customerListHref(params)).toBe("/staff/customers?q=dana&guests=1&page=3");
    expect(customerListParams(new URLSearchParams("page=-1"))).toEqual({ q: "", guests: false, page: 1 });
    expect(customerListHref({ q: "", guests: false, page: 1 })).toBe("/staff/customers");
  });

  it("turn a typed amount into signed minor units, with the contract's field errors", () => {
    expect(minorOf("12,5")).toBe(1250);
    expect(minorOf("-3")).toBeNaN();
    expect(walletFormBody(7, { direction: "add", amount: "25", reason: " Late delivery " })).toEqual({
      ok: true,
      data: { customerId: 7, amount: 2500, reason: "Late delivery" },
    });
    expect(walletFormBody(7, { direction: "take", amount: "0.5", reason: "Mistake" })).toMatchObject({
      ok: true,
      data: { amount: -50 },
    });
    expect(walletFormBody(7, { direction: "add", amount: "", reason: "" })).toEqual({
      ok: false,
      fields: { amount: "error-field-required", reason: "error-field-required" },
    });
    expect(walletFormBody(7, { direction: "add", amount: "abc", reason: "x" })).toEqual({
      ok: false,
      fields: { amount: "error-field-invalid" },
    });
  });
});
