import { PAYMENT_STATUSES, type PaymentStatus } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { nextPaymentStatus, PAYMENT_EVENTS, type PaymentEvent } from "./payment-status.ts";
import { TransitionRefused } from "./status-machine.ts";

/** Every move an order's money may make, written out apart from the table so the table is checked. */
const ALLOWED: [PaymentStatus, PaymentEvent, PaymentStatus][] = [
  ["none", "authorize", "authorized"],
  ["none", "fail", "failed"],
  ["authorized", "capture", "captured"],
  ["authorized", "void", "voided"],
  ["captured", "refund", "refunded"],
  ["captured", "partialRefund", "partially_refunded"],
  ["partially_refunded", "refund", "refunded"],
  ["partially_refunded", "partialRefund", "partially_refunded"],
  ["cash_due", "collectCash", "cash_collected"],
  ["cash_due", "void", "voided"],
  ["cash_collected", "refund", "refunded"],
  ["cash_collected", "partialRefund", "partially_refunded"],
];

const allowed = new Set(ALLOWED.map(([from, event]) => `${from}:${event}`));
const REFUSED = PAYMENT_STATUSES.flatMap((from) =>
  PAYMENT_EVENTS.filter((event) => !allowed.has(`${from}:${event}`)).map((event) => [from, event] as const),
);

describe("payment status", () => {
  it.each(ALLOWED)("%s --%s--> %s", (from, event, to) => {
    expect(nextPaymentStatus(from, event)).toBe(to);
  });

  it.each(REFUSED)("%s refuses %s", (from, event) => {
    expect(() => nextPaymentStatus(from, event)).toThrow(TransitionRefused);
  });

  it("refuses to void a captured payment and to capture a voided one", () => {
    expect(() => nextPaymentStatus("captured", "void")).toThrow(
      'payment status "captured" does not accept "void"',
    );
    expect(() => nextPaymentStatus("voided", "capture")).toThrow(TransitionRefused);
  });

  it("refuses to refund what was never taken, and to collect cash for a card", () => {
    expect(() => nextPaymentStatus("authorized", "refund")).toThrow(TransitionRefused);
    expect(() => nextPaymentStatus("cash_due", "refund")).toThrow(TransitionRefused);
    expect(() => nextPaymentStatus("authorized", "collectCash")).toThrow(TransitionRefused);
  });

  it("refunds in parts until nothing is left", () => {
    const events: PaymentEvent[] = ["authorize", "capture", "partialRefund", "partialRefund", "refund"];
    expect(events.reduce<PaymentStatus>(nextPaymentStatus, "none")).toBe("refunded");
    expect(() => nextPaymentStatus("refunded", "partialRefund")).toThrow(TransitionRefused);
  });
});
