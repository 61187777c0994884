import { MAX_PAGE, ORDER_LIST_TAB_NAMES } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { orderListHref, orderListParams, pagedHref, pageParam } from "./order-list-params.ts";

const params = (search: string) => new URLSearchParams(search);

describe("order list parameters", () => {
  it("reads the tab and the page", () => {
    expect(orderListParams(params("tab=delivered&page=3"))).toEqual({ tab: "delivered", page: 3 });
    expect(orderListParams(params("tab=cancelled"))).toEqual({ tab: "cancelled", page: 1 });
  });

  it("takes every tab of the contract", () => {
    for (const tab of ORDER_LIST_TAB_NAMES) expect(orderListParams(params(`tab=${tab}`)).tab).toBe(tab);
  });

  it("falls back to all and the first page on anything else", () => {
    expect(orderListParams(params(""))).toEqual({ tab: "all", page: 1 });
    expect(orderListParams(params("tab=shipped&page=x"))).toEqual({ tab: "all", page: 1 });
    expect(orderListParams(params("tab=ALL&page=0"))).toEqual({ tab: "all", page: 1 });
    expect(orderListParams(params("tab=__proto__&page=-2"))).toEqual({ tab: "all", page: 1 });
  });

  it("refuses pages that are not whole numbers and caps deep ones", () => {
    expect(pageParam(params("page=2.5"))).toBe(1);
    expect(pageParam(params("page=1e3"))).toBe(1);
    expect(pageParam(params("page= 4 "))).toBe(4);
    expect(pageParam(params("page=999999"))).toBe(MAX_PAGE);
    expect(pageParam(params("page=99999999999"))).toBe(MAX_PAGE);
  });

  it("writes one URL per tab and page, leaving defaults out", () => {
    expect(orderListHref({ tab: "all", page: 1 })).toBe("/orders");
    expect(orderListHref({ tab: "all", page: 2 })).toBe("/orders?page=2");
    expect(orderListHref({ tab: "active", page: 1 })).toBe("/orders?tab=active");
    expect(orderListHref({ tab: "delivered", page: 4 })).toBe("/orders?tab=delivered&page=4");
  });

  it("reads back what it writes", () => {
    for (const tab of ORDER_LIST_TAB_NAMES) {
      for (const page of [1, 2, 17]) {
        const href = orderListHref({ tab, page });
        expect(orderListParams(new URL(href, "http://shop.test").searchParams)).toEqual({ tab, page });
      }
    }
  });

  it("pages a list without tabs", () => {
    expect(pagedHref("/refunds", 1)).toBe("/refunds");
    expect(pagedHref("/refunds", 3)).toBe("/refunds?page=3");
  });
});
