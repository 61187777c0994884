import type { PaymentStatus } from "@stoa/contract";
import { nextStatus, type TransitionTable } from "./status-machine.ts";

/** What moves an order's money: the provider's answers and the shop collecting cash. */
export const PAYMENT_EVENTS = [
  "authorize",
  "capture",
  "void",
  "refund",
  "partialRefund",
  "fail",
  "collectCash",
] as const;
export type PaymentEvent = (typeof PAYMENT_EVENTS)[number];

/**
 * A card order starts at `none` and is authorized (or fails) when placed, captured when the shop
 * ships, voided when cancelled before that. A cash order starts at `cash_due` until the shop
 * collects it, or is voided by a cancel; a free order stays at `none`. `refund` returns all that
 * is left to return and `partialRefund` a part of it: the caller knows the amounts, the table only
 * which moves make sense.
 */
export const PAYMENT_TRANSITIONS = {
  none: { authorize: "authorized", fail: "failed" },
  authorized: { capture: "captured", void: "voided" },
  captured: { refund: "refunded", partialRefund: "partially_refunded" },
  partially_refunded: { refund: "refunded", partialRefund: "partially_refunded" },
  cash_due: { collectCash: "cash_collected", void: "voided" },
  cash_collected: { refund: "refunded", partialRefund: "partially_refunded" },
  voided: {},
  refunded: {},
  failed: {},
} as const satisfies TransitionTable<PaymentStatus, PaymentEvent>;

export function nextPaymentStatus(from: PaymentStatus, event: PaymentEvent): PaymentStatus {
  return nextStatus<PaymentStatus, PaymentEvent>("payment", PAYMENT_TRANSITIONS, from, event);
}
