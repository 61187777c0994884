import { describe, expect, it } from "vitest";
import { expectAgreement, FOREIGN_VALUES } from "../platform/plain-checks.testing.ts";
import { asStripePaymentMethodId } from "./checks.ts";
import { stripePaymentMethodIdSchema } from "./schemas.ts";

describe("the Stripe card's plain check agrees with its schema", () => {
  it("on payment method ids", () => {
    const values = [
      ...FOREIGN_VALUES,
      "pm_1AbC",
      " pm_1AbC ",
      "pm_",
      "pm_a-b",
      "card_1AbC",
      `pm_${"a".repeat(250)}`,
      `pm_${"a".repeat(251)}`,
      "pm_1AbC\n",
    ];
    const { accepted, refused } = expectAgreement(
      asStripePaymentMethodId,
      stripePaymentMethodIdSchema,
      values,
    );
    expect(accepted).toBeGreaterThan(2);
    expect(refused).toBeGreaterThan(10);
  });
});
