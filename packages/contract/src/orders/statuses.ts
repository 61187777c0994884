/** Where an order stands as a sale (apps/api/src/orders/order-status.ts holds its transitions). */
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

/** Where the order's money stands (apps/api/src/orders/payment-status.ts). */
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

/** Where the goods stand (apps/api/src/orders/fulfilment-status.ts). */
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
