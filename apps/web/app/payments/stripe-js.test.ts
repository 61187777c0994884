import { describe, expect, it } from "vitest";
import { savedPaymentMethodOf, stripeErrorKey } from "./stripe-js.ts";

describe("stripeErrorKey", () => {
  it("names an expired card and a lack of funds as the catalogue does", () => {
    expect(stripeErrorKey({ type: "card_error", code: "expired_card" })).toBe("error-card-expired");
    expect(
      stripeErrorKey({ type: "card_error", code: "card_declined", decline_code: "insufficient_funds" }),
    ).toBe("error-insufficient-funds");
  });

  it("calls any other card error a decline, and anything else the provider's failure", () => {
    expect(stripeErrorKey({ type: "card_error", code: "card_declined" })).toBe("error-payment-declined");
    expect(stripeErrorKey({ type: "validation_error", code: "incomplete_number" })).toBe(
      "error-payment-declined",
    );
    expect(stripeErrorKey({ type: "api_connection_error" })).toBe("error-card-service-unreachable");
  });
});

describe("savedPaymentMethodOf", () => {
  it("names the card a SetupIntent saved, as an id or an expanded object", () => {
    expect(savedPaymentMethodOf({ status: "succeeded", payment_method: "pm_1" })).toBe("pm_1");
    expect(savedPaymentMethodOf({ status: "succeeded", payment_method: { id: "pm_2" } })).toBe("pm_2");
  });

  it("names none while the SetupIntent has not succeeded", () => {
    expect(savedPaymentMethodOf({ status: "requires_action", payment_method: "pm_1" })).toBeNull();
    expect(savedPaymentMethodOf({ status: "succeeded", payment_method: null })).toBeNull();
    expect(savedPaymentMethodOf(undefined)).toBeNull();
  });
});
