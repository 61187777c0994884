import type { StaffCoupon } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import {
  couponFormBody,
  couponFormText,
  couponListHref,
  couponListParams,
  NEW_COUPON_TEXT,
  textOfCoupon,
} from "./coupon-form.ts";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
};

describe("the coupon form", () => {
  it("reads a percent, amounts in major units, days and empty limits", () => {
    const text = couponFormText(
      form({
        code: " SPRING15 ",
        kind: "percent",
        value: "15",
        minimumOrder: "30,50",
        startsOn: "2026-12-01",
        endsOn: "",
        maxUses: "100",
        maxUsesPerCustomer: "",
        advertised: "on",
        isActive: "on",
      }),
    );
    expect(couponFormBody(text)).toEqual({
      ok: true,
      data: {
        code: "SPRING15",
        kind: "percent",
        value: 15,
        minimumOrder: 3050,
        startsOn: "2026-12-01",
        endsOn: null,
        maxUses: 100,
        maxUsesPerCustomer: null,
        firstOrderOnly: false,
        isActive: true,
        advertised: true,
      },
    });
  });

  it("takes an amount off in major units, and says what is wrong on each field", () => {
    const amount = couponFormBody({ ...NEW_COUPON_TEXT, code: "FIVE", kind: "fixed", value: "5" });
    expect(amount.ok && amount.data.value).toBe(500);
    expect(
      couponFormBody({
        ...NEW_COUPON_TEXT,
        code: "x",
        value: "12.5",
        minimumOrder: "lots",
        startsOn: "2026-12-02",
        endsOn: "2026-12-01",
        maxUses: "0",
      }),
    ).toEqual({
      ok: false,
      fields: {
        code: "error-coupon-code-format",
        value: "error-field-invalid",
        minimumOrder: "error-field-invalid",
        endsOn: "error-end-before-start",
        maxUses: "error-field-too-small",
      },
    });
    expect(couponFormBody({ ...NEW_COUPON_TEXT, code: "ABC", value: "" })).toEqual({
      ok: false,
      fields: { value: "error-field-required" },
    });
    expect(couponFormBody({ ...NEW_COUPON_TEXT, code: "ABC", value: "101" })).toEqual({
      ok: false,
      fields: { value: "error-coupon-percent" },
    });
  });

  it("shows a coupon's amounts in major units and its empty limits as empty", () => {
    const coupon: StaffCoupon = {
      id: 1,
      code: "FIVE",
      kind: "fixed",
      value: 500,
      minimumOrder: 0,
      startsOn: null,
      endsOn: "2026-12-31",
      maxUses: null,
      maxUsesPerCustomer: 1,
      firstOrderOnly: true,
      isActive: true,
      advertised: false,
      usedCount: 0,
      status: "active",
      currency: "USD",
      createdAt: "2026-11-01T00:00:00.000Z",
      version: "2026-11-01T00:00:00.000Z",
    };
    expect(textOfCoupon(coupon)).toMatchObject({
      value: "5.00",
      minimumOrder: "",
      endsOn: "2026-12-31",
      maxUses: "",
      maxUsesPerCustomer: "1",
    });
  });
});

describe("the coupon list's address", () => {
  it("keeps known filters and drops the rest", () => {
    const params = couponListParams(new URLSearchParams("q=spring&status=usedUp&page=2"));
    expect(params).toEqual({ q: "spring", status: "usedUp", page: 2 });
    expect(couponListHref(params)).toBe("/staff/coupons?q=spring&status=usedUp&page=2");
    expect(couponListParams(new URLSearchParams("status=gone&page=-1"))).toEqual({
      q: "",
      status: null,
      page: 1,
    });
    expect(couponListHref({ q: "", status: null, page: 1 })).toBe("/staff/coupons");
  });
});
