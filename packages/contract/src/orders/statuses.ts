/*
 * An order carries three separate statuses: where it stands as a sale, where its money stands and
 * where its goods stand. Each moves only along its own transition table in the API
 * (apps/api/src/orders/{order,payment,fulfilment}-status.ts); the storefront shows them by name.
 */

/** Where an order stands as a sale. */
export const ORDER_STATUSES = [
  "pending_payment",
  "placed",
  "confirmed",
  "preparing",
  "shipped",
  "ready_for_pickup",
  "delivered",
  "cancelled",
  "payment_failed",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Where the order's money stands: `none` before a card is authorized or for a free order,
 * `cash_due` for cash on delivery or at pickup until it is collected.
 */
export const PAYMENT_STATUSES = [
  "none",
  "authorized",
  "captured",
  "voided",
  "refunded",
  "partially_refunded",
  "failed",
  "cash_due",
  "cash_collected",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Where the goods stand. */
export const FULFILMENT_STATUSES = [
  "unfulfilled",
  "preparing",
  "shipped",
  "ready_for_pickup",
  "delivered",
  "returned",
  "cancelled",
] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];
