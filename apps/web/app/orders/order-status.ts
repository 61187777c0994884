import type { DeliveryType, Order, OrderStatus, RefundStatus } from "@stoa/contract";

/** The colour family of a status badge; the badge's words say the status itself. */
export type BadgeTone = "waiting" | "open" | "moving" | "done" | "stopped";

export const ORDER_STATUS_TONE: Record<OrderStatus, BadgeTone> = {
  pending_payment: "waiting",
  placed: "open",
  confirmed: "open",
  preparing: "moving",
  shipped: "moving",
  ready_for_pickup: "moving",
  delivered: "done",
  cancelled: "stopped",
  payment_failed: "stopped",
};

export const REFUND_STATUS_TONE: Record<RefundStatus, BadgeTone> = {
  requested: "waiting",
  approved: "open",
  refunded: "done",
  declined: "stopped",
};

/** Statuses after which nothing more happens to the goods: the timeline ends there. */
const ENDINGS: readonly OrderStatus[] = ["cancelled", "payment_failed"];

/** The way an order normally goes, by how it reaches the shopper. */
export function orderPath(deliveryType: DeliveryType): readonly OrderStatus[] {
  switch (deliveryType) {
    case "pickup":
      return ["placed", "confirmed", "preparing", "ready_for_pickup", "delivered"];
    case "digital":
      return ["placed", "delivered"];
    default:
      return ["placed", "confirmed", "preparing", "shipped", "delivered"];
  }
}

export type TimelineStep = {
  status: OrderStatus;
  /** When the order got there; null for a step still ahead, or one the shop went past without stopping. */
  at: string | null;
  state: "done" | "current" | "upcoming";
};

/**
 * The status timeline of an order: its usual path with the dates it reached each step, the step it
 * stands at, and the steps still ahead. A cancelled or failed order shows only what happened, ending
 * at that status; a step the shop skipped (confirmed straight to shipped) counts as passed, undated.
 */
export function timelineSteps(order: Pick<Order, "status" | "delivery_type" | "timeline">): TimelineStep[] {
  const reachedAt = new Map<OrderStatus, string>();
  for (const event of order.timeline) if (!reachedAt.has(event.status)) reachedAt.set(event.status, event.at);
  const at = (status: OrderStatus) => reachedAt.get(status) ?? null;

  const path = orderPath(order.delivery_type);
  if (ENDINGS.includes(order.status)) {
    const before: TimelineStep[] = order.timeline
      .filter((event) => event.status !== order.status && !ENDINGS.includes(event.status))
      .map((event) => ({ status: event.status, at: event.at, state: "done" }));
    const seen = new Set<OrderStatus>();
    const steps = before.filter((step) => !seen.has(step.status) && seen.add(step.status));
    return [...steps, { status: order.status, at: at(order.status), state: "current" }];
  }

  const current = path.indexOf(order.status);
  if (current === -1) {
    // Not on the usual path (an order still waiting for its payment): that step first, then the path.
    return [
      { status: order.status, at: at(order.status), state: "current" },
      ...path.map((status): TimelineStep => ({ status, at: null, state: "upcoming" })),
    ];
  }
  return path.map((status, index) => ({
    status,
    at: index <= current ? at(status) : null,
    state: index < current ? "done" : index === current ? "current" : "upcoming",
  }));
}
