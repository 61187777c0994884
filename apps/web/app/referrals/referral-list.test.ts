import type { ReferralOrderRecord } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import {
  entryNoteOf,
  rateText,
  referralListHref,
  referralListParams,
  referralOrdersQuery,
  rewardText,
} from "./referral-list.ts";

const params = (query: string) => referralListParams(new URLSearchParams(query));

describe("the ledger's filter", () => {
  it("reads all, paid or not paid and the page from the address", () => {
    expect(params("")).toEqual({ filter: "all", page: 1 });
    expect(params("show=paid&page=3")).toEqual({ filter: "paid", page: 3 });
    expect(params("show=unpaid")).toEqual({ filter: "unpaid", page: 1 });
  });

  it("falls back to the first page of all for anything else", () => {
    expect(params("show=everything&page=-2")).toEqual({ filter: "all", page: 1 });
    expect(params("page=1.5")).toEqual({ filter: "all", page: 1 });
    expect(params("page=99999999")).toEqual({ filter: "all", page: 1 });
  });

  it("asks the spec's call with isCommissionPaid only when filtered", () => {
    expect(referralOrdersQuery({ filter: "all", page: 2 })).toEqual({ limit: 20, page: 2 });
    expect(referralOrdersQuery({ filter: "paid", page: 1 })).toMatchObject({ isCommissionPaid: "true" });
    expect(referralOrdersQuery({ filter: "unpaid", page: 1 })).toMatchObject({ isCommissionPaid: "false" });
  });

  it("links back to itself, the first page of all as the bare path", () => {
    expect(referralListHref({ filter: "all", page: 1 })).toBe("/account/referrals");
    expect(referralListHref({ filter: "unpaid", page: 2 })).toBe("/account/referrals?show=unpaid&page=2");
    for (const asked of ["", "show=paid", "show=unpaid&page=4"])
      expect(referralListHref(params(asked))).toBe(`/account/referrals${asked ? `?${asked}` : ""}`);
  });
});

describe("the page's words", () => {
  const words = { percent: (value: string) => `${value}% off`, amount: (amount: string) => `${amount} off` };

  it("says a percent reward in percent and an amount in the shop's money with two decimals", () => {
    expect(rewardText({ kind: "percent", value: 10 }, "EUR", "en", words)).toBe("10% off");
    // Kept left to right inside a right-to-left sentence.
    expect(rewardText({ kind: "amount", value: 500 }, "USD", "en", words)).toBe("\u2066$5.00\u2069 off");
  });

  it("says a rate in basis points as a percent", () => {
    expect(rateText(500, "en")).toBe("5%");
    expect(rateText(250, "en")).toBe("2.5%");
  });
});

describe("a ledger entry's note", () => {
  const entry: ReferralOrderRecord = {
    id: 1,
    orderNumber: 1001,
    orderDate: "2026-11-01T10:00:00.000Z",
    orderAmount: 5000,
    amount: 250,
    kind: "commission",
    state: "pending",
    isCommissionPaid: false,
    payableAt: null,
    paidAt: null,
    underReview: false,
  };

  it("waits for delivery, then says from when it is payable", () => {
    expect(entryNoteOf(entry)).toEqual({ kind: "awaitingDelivery" });
    expect(entryNoteOf({ ...entry, payableAt: "2026-11-20T10:00:00.000Z" })).toEqual({
      kind: "payableAt",
      at: "2026-11-20T10:00:00.000Z",
    });
  });

  it("says when it was paid, that it is held, or that it was clawed back", () => {
    const paidAt = "2026-11-21T10:00:00.000Z";
    expect(entryNoteOf({ ...entry, state: "paid", isCommissionPaid: true, paidAt })).toEqual({
      kind: "paid",
      at: paidAt,
    });
    expect(entryNoteOf({ ...entry, underReview: true })).toEqual({ kind: "review" });
    expect(entryNoteOf({ ...entry, kind: "clawback", amount: -250 })).toEqual({ kind: "clawback" });
    expect(entryNoteOf({ ...entry, state: "payable" })).toEqual({ kind: "none" });
  });
});
