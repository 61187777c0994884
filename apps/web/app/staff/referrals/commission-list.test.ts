import { describe, expect, it } from "vitest";
import {
  commissionIdsOf,
  commissionListHref,
  commissionListParams,
  reviewListHref,
  reviewListParams,
  selectedSum,
} from "./commission-list.ts";

const search = (query: string) => new URLSearchParams(query);

describe("the commissions page's filter", () => {
  it("shows the payable ones (those to pay) unless told otherwise", () => {
    expect(commissionListParams(search(""))).toEqual({ state: "payable", page: 1 });
    expect(commissionListParams(search("state=paid&page=2"))).toEqual({ state: "paid", page: 2 });
    expect(commissionListParams(search("state=all"))).toEqual({ state: null, page: 1 });
    expect(commissionListParams(search("state=stolen&page=x"))).toEqual({ state: "payable", page: 1 });
  });

  it("links back to itself", () => {
    const path = "/staff/referrals";
    expect(commissionListHref(path, { state: "payable", page: 1 })).toBe(path);
    expect(commissionListHref(path, { state: null, page: 3 })).toBe(`${path}?state=all&page=3`);
    for (const query of ["state=pending", "state=all&page=2", "page=4"])
      expect(commissionListHref(path, commissionListParams(search(query)))).toBe(`${path}?${query}`);
  });
});

describe("marking commissions paid", () => {
  it("takes each whole id once and no more than the most at one go", () => {
    expect(commissionIdsOf(["3", "3", "7", "x", "-1", "0", "1.5", "99999999999"], 10)).toEqual([3, 7]);
    expect(commissionIdsOf(["1", "2", "3"], 2)).toEqual([1, 2]);
  });

  it("sums what is selected", () => {
    const entries = [
      { id: 1, amount: 250 },
      { id: 2, amount: 1_000 },
      { id: 3, amount: 75 },
    ];
    expect(selectedSum(entries, new Set([1, 3]))).toBe(325);
    expect(selectedSum(entries, new Set())).toBe(0);
  });
});

describe("the review queue's filter", () => {
  it("shows the open ones unless told otherwise", () => {
    expect(reviewListParams(search(""))).toEqual({ state: "open", page: 1 });
    expect(reviewListParams(search("state=refused&page=2"))).toEqual({ state: "refused", page: 2 });
    expect(reviewListParams(search("state=nope"))).toEqual({ state: "open", page: 1 });
    expect(reviewListHref("/r", { state: "cleared", page: 2 })).toBe("/r?state=cleared&page=2");
    expect(reviewListHref("/r", { state: "open", page: 1 })).toBe("/r");
  });
});
