import type { CouponOffer } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { offerConditions, offerSaving } from "./offer-terms.ts";

const OPEN: CouponOffer = {
  code: "SAVE5",
  kind: "fixed",
  value: 500,
  minimumOrder: 0,
  firstOrderOnly: false,
  endsAt: null,
  usesPerCustomer: null,
  signInRequired: false,
};

describe("offerSaving", () => {
  it("says a percent coupon's whole percent", () => {
    expect(offerSaving({ kind: "percent", value: 10 })).toEqual({ kind: "percent", percent: 10 });
  });

  it("says a fixed coupon's amount in minor units", () => {
    expect(offerSaving({ kind: "fixed", value: 500 })).toEqual({ kind: "fixed", amount: 500 });
  });
});

describe("offerConditions", () => {
  it("says nothing of a coupon anyone may use on any order, for ever", () => {
    expect(offerConditions(OPEN)).toEqual([]);
  });

  it("names the minimum order when there is one", () => {
    expect(offerConditions({ ...OPEN, minimumOrder: 3000 })).toEqual([
      { kind: "minimum-order", amount: 3000 },
    ]);
  });

  it("says a limit per customer and that it takes signing in", () => {
    expect(offerConditions({ ...OPEN, usesPerCustomer: 1, signInRequired: true })).toEqual([
      { kind: "uses-per-customer", count: 1 },
      { kind: "sign-in" },
    ]);
    expect(offerConditions({ ...OPEN, usesPerCustomer: 3, signInRequired: true })).toEqual([
      { kind: "uses-per-customer", count: 3 },
      { kind: "sign-in" },
    ]);
  });

  it("does not repeat 'once' beside 'your first order only'", () => {
    expect(
      offerConditions({ ...OPEN, firstOrderOnly: true, usesPerCustomer: 1, signInRequired: true }),
    ).toEqual([{ kind: "first-order" }, { kind: "sign-in" }]);
    expect(
      offerConditions({ ...OPEN, firstOrderOnly: true, usesPerCustomer: 2, signInRequired: true }),
    ).toEqual([{ kind: "first-order" }, { kind: "uses-per-customer", count: 2 }, { kind: "sign-in" }]);
  });

  it("lists every condition in order, the end last", () => {
    const endsAt = "2030-06-30T23:59:59.000Z";
    expect(
      offerConditions({
        ...OPEN,
        minimumOrder: 3000,
        firstOrderOnly: true,
        usesPerCustomer: null,
        signInRequired: true,
        endsAt,
      }),
    ).toEqual([
      { kind: "minimum-order", amount: 3000 },
      { kind: "first-order" },
      { kind: "sign-in" },
      { kind: "ends", at: endsAt },
    ]);
  });
});
