import { describe, expect, it } from "vitest";
import {
  hasMoreFilters,
  staffOrderListBody,
  staffOrderListHref,
  staffOrderListParams,
} from "./order-list-params.ts";

const NONE = { paymentStatus: null, deliveryType: null, from: null, to: null, q: "" };

describe("staff order list address", () => {
  it("reads a known status and a page, and writes them back", () => {
    const params = staffOrderListParams(new URLSearchParams("status=placed&page=3"));
    expect(params).toEqual({ status: "placed", page: 3, ...NONE });
    expect(staffOrderListHref(params)).toBe("/staff/orders?status=placed&page=3");
    expect(hasMoreFilters(params)).toBe(false);
  });

  it("reads payment, delivery type, days and a search, and writes them back", () => {
    const params = staffOrderListParams(
      new URLSearchParams("payment=cash_due&delivery=pickup&from=2026-11-01&to=2026-11-29&q=+ana+"),
    );
    expect(params).toEqual({
      status: null,
      paymentStatus: "cash_due",
      deliveryType: "pickup",
      from: "2026-11-01",
      to: "2026-11-29",
      q: "ana",
      page: 1,
    });
    expect(hasMoreFilters(params)).toBe(true);
    expect(staffOrderListBody(params)).toEqual({
      status: null,
      paymentStatus: "cash_due",
      deliveryType: "pickup",
      from: "2026-11-01",
      to: "2026-11-29",
      q: "ana",
    });
    expect(staffOrderListHref(params)).toBe(
      "/staff/orders?payment=cash_due&delivery=pickup&from=2026-11-01&to=2026-11-29&q=ana",
    );
  });

  it("takes anything else for the first page of all orders", () => {
    expect(
      staffOrderListParams(new URLSearchParams("status=lost&page=-2&payment=x&delivery=boat&from=29/11")),
    ).toEqual({ status: null, page: 1, ...NONE });
    expect(staffOrderListParams(new URLSearchParams("page=1.5"))).toEqual({ status: null, page: 1, ...NONE });
    expect(staffOrderListHref({ status: null, page: 1 })).toBe("/staff/orders");
  });
});
