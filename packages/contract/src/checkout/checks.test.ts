import { describe, expect, it } from "vitest";
import { expectAgreement, FOREIGN_VALUES, variantsOf } from "../platform/plain-checks.testing.ts";
import { deliveryWindowRefSchema, tipOptionSchema } from "./checkout.ts";
import { asAppliedCoupon, asDeliveryWindowRef, asTipOption } from "./checks.ts";
import { MAX_TIP_AMOUNT, MAX_TIP_PERCENT } from "./constants.ts";
import { appliedCouponSchema } from "./pricing.ts";

describe("the checkout's plain checks agree with its schemas", () => {
  it("on delivery windows", () => {
    const instants = [
      "2025-06-01T10:00:00Z",
      "2025-06-01T10:00:00.000Z",
      "2025-06-01T10:00:00.123456Z",
      "2024-02-29T23:59:59Z",
      "2025-02-29T10:00:00Z",
      "2100-02-29T10:00:00Z",
      "2000-02-29T10:00:00Z",
      "2025-04-31T10:00:00Z",
      "2025-13-01T10:00:00Z",
      "2025-06-01T24:00:00Z",
      "2025-06-01T10:00Z",
      "2025-06-01T10:00:00",
      "2025-06-01T10:00:00+02:00",
      "2025-06-01 10:00:00Z",
      "2025-06-01",
      " 2025-06-01T10:00:00Z",
    ];
    const values = [
      ...FOREIGN_VALUES,
      ...variantsOf({ start: "2025-06-01T10:00:00.000Z", end: "2025-06-01T11:00:00.000Z" }),
      ...instants.map((start) => ({ start, end: "2025-06-01T11:00:00Z" })),
    ];
    const { accepted, refused } = expectAgreement(asDeliveryWindowRef, deliveryWindowRefSchema, values);
    expect(accepted).toBeGreaterThan(5);
    expect(refused).toBeGreaterThan(20);
  });

  it("on tips", () => {
    const values = [
      ...FOREIGN_VALUES,
      ...variantsOf({ type: "percent", value: 15 }),
      ...variantsOf({ type: "amount", value: 500 }),
      ...[-1, 0, MAX_TIP_PERCENT, MAX_TIP_PERCENT + 1, MAX_TIP_AMOUNT, MAX_TIP_AMOUNT + 1, 2.5].flatMap(
        (value) => [
          { type: "percent", value },
          { type: "amount", value },
        ],
      ),
      { type: "other", value: 1 },
    ];
    const { accepted, refused } = expectAgreement(asTipOption, tipOptionSchema, values);
    expect(accepted).toBeGreaterThan(5);
    expect(refused).toBeGreaterThan(20);
  });

  it("on applied coupons", () => {
    const values = [
      ...FOREIGN_VALUES,
      ...variantsOf({ code: "SPRING", amount: 500 }),
      { code: "X", amount: -5 },
    ];
    const { accepted, refused } = expectAgreement(asAppliedCoupon, appliedCouponSchema, values);
    expect(accepted).toBeGreaterThan(2);
    expect(refused).toBeGreaterThan(10);
  });
});
