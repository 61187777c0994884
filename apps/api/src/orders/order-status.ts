import type { OrderStatus } from "@stoa/contract";
import { nextStatus, type TransitionTable } from "./status-machine.ts";

/** What moves an order as a sale: the shop's steps, the card's answer, and cancel. */
export const ORDER_EVENTS = [
  "pay",
  "failPayment",
  "confirm",
  "startPreparing",
  "ship",
  "readyForPickup",
  "deliver",
  "deliverDownloads",
  "cancel",
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/**
 * A card order waits in `pending_payment` until its card answers; a cash or free order starts at
 * `placed`. The shop moves it confirmed → preparing → shipped or ready for pickup → delivered.
 * It may be cancelled only until it leaves the shop: once shipped or ready for pickup, the goods are
 * the customer's or on their way, and only a refund undoes the sale. An order of nothing but
 * downloads is delivered the moment it is paid: its files are the customer's from then on.
 */
export const ORDER_TRANSITIONS = {
  pending_payment: { pay: "placed", failPayment: "payment_failed", cancel: "cancelled" },
  placed: { confirm: "confirmed", deliverDownloads: "delivered", cancel: "cancelled" },
  confirmed: { startPreparing: "preparing", cancel: "cancelled" },
  preparing: { ship: "shipped", readyForPickup: "ready_for_pickup", cancel: "cancelled" },
  shipped: { deliver: "delivered" },
  ready_for_pickup: { deliver: "delivered" },
  delivered: {},
  cancelled: {},
  payment_failed: {},
} as const satisfies TransitionTable<OrderStatus, OrderEvent>;

export function nextOrderStatus(from: OrderStatus, event: OrderEvent): OrderStatus {
  return nextStatus<OrderStatus, OrderEvent>("order", ORDER_TRANSITIONS, from, event);
}
