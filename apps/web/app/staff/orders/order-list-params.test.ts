import { describe, expect, it } from "vitest";
import { staffOrderListHref, staffOrderListParams } from "./order-list-params.ts";

describe("staff order list address", () => {
  it("reads a known status and a page, and writes them back", () => {
    const params = staffOrderListParams(new URLSearchParams("status=placed&page=3"));
    expect(params).toEqual({ status: "placed", page: 3 });
    expect(staffOrderListHref(params)).toBe("/staff/orders?status=placed&page=3");
  });

  it("takes anything else for the first page of all orders", () => {
    expect(staffOrderListParams(new URLSearchParams("status=lost&page=-2"))).toEqual({
      status: null,
      page: 1,
    });
    expect(staffOrderListParams(new URLSearchParams("page=1.5"))).toEqual({ status: null, page: 1 });
    expect(staffOrderListHref({ status: null, page: 1 })).toBe("/staff/orders");
  });
});
