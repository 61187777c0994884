import type { FulfilmentStatus } from "@stoa/contract";
import { nextStatus, type TransitionTable } from "./status-machine.ts";

/** What moves an order's goods: the shop's steps, a cancel before they leave, and a return. */
export const FULFILMENT_EVENTS = [
  "startPreparing",
  "ship",
  "readyForPickup",
  "deliver",
  "deliverDownloads",
  "return",
  "cancel",
] as const;
export type FulfilmentEvent = (typeof FULFILMENT_EVENTS)[number];

/**
 * Goods are prepared, then shipped or set out for pickup, then delivered. They may be cancelled
 * only before they leave the shop, and come back as `returned` once shipped or delivered. Files are
 * delivered as soon as they may be downloaded, with nothing to prepare or ship.
 */
export const FULFILMENT_TRANSITIONS = {
  unfulfilled: { startPreparing: "preparing", deliverDownloads: "delivered", cancel: "cancelled" },
  preparing: { ship: "shipped", readyForPickup: "ready_for_pickup", cancel: "cancelled" },
  shipped: { deliver: "delivered", return: "returned" },
  ready_for_pickup: { deliver: "delivered" },
  delivered: { return: "returned" },
  returned: {},
  cancelled: {},
} as const satisfies TransitionTable<FulfilmentStatus, FulfilmentEvent>;

export function nextFulfilmentStatus(from: FulfilmentStatus, event: FulfilmentEvent): FulfilmentStatus {
  return nextStatus<FulfilmentStatus, FulfilmentEvent>("fulfilment", FULFILMENT_TRANSITIONS, from, event);
}
