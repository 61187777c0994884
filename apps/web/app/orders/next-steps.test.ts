import type { Order } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { nextSteps } from "./next-steps.ts";

const base: Parameters<typeof nextSteps>[0] = {
  delivery_type: "delivery",
  delivery_time: null,
  payment_gateway: "cash",
  paymentStatus: "cash_due",
  payable_amount: 2500,
  customer_contact: "",
};
const window: Order["delivery_time"] = { start: "2025-05-14T09:00:00.000Z", end: "2025-05-14T11:00:00.000Z" };

describe("what happens next", () => {
  it("says how the goods come, by delivery type", () => {
    expect(nextSteps(base)[0]).toBe("orders.next.delivery");
    expect(nextSteps({ ...base, delivery_time: window })[0]).toBe("orders.next.delivery-window");
    expect(nextSteps({ ...base, delivery_type: "pickup" })[0]).toBe("orders.next.pickup");
    expect(nextSteps({ ...base, delivery_type: "pickup", delivery_time: window })[0]).toBe(
      "orders.next.pickup-time",
    );
    expect(nextSteps({ ...base, delivery_type: "post", payment_gateway: "test-card" })[0]).toBe(
      "orders.next.post",
    );
    expect(nextSteps({ ...base, delivery_type: "digital", payment_gateway: "test-card" })[0]).toBe(
      "orders.next.digital",
    );
  });

  it("says when cash is paid: on delivery or at the counter", () => {
    expect(nextSteps(base)).toContain("orders.next.pay-cash-delivery");
    expect(nextSteps({ ...base, delivery_type: "pickup" })).toContain("orders.next.pay-cash-pickup");
  });

  it("says a card is held until the goods go, and charged at once for downloads", () => {
    const card = { ...base, payment_gateway: "test-card" as const, paymentStatus: "authorized" as const };
    expect(nextSteps(card)).toContain("orders.next.pay-card-held");
    expect(nextSteps({ ...card, paymentStatus: "captured" })).toContain("orders.next.pay-card-charged");
    expect(nextSteps({ ...card, delivery_type: "digital" })).toContain("orders.next.pay-card-charged");
    // Nothing is sent for a pickup: the card is charged when the order is set out to collect.
    expect(nextSteps({ ...card, delivery_type: "pickup" })).toContain("orders.next.pay-card-held-pickup");
  });

  it("says nothing is to pay for a free order", () => {
    expect(nextSteps({ ...base, payable_amount: 0 })).toContain("orders.next.pay-nothing");
    expect(nextSteps({ ...base, payment_gateway: null })).toContain("orders.next.pay-nothing");
  });

  it("says where updates go when the shopper left a contact", () => {
    expect(nextSteps(base)).not.toContain("orders.next.updates");
    expect(nextSteps({ ...base, customer_contact: "ana@example.com" })).toEqual([
      "orders.next.delivery",
      "orders.next.pay-cash-delivery",
      "orders.next.updates",
    ]);
  });
});
