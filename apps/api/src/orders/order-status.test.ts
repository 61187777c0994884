import { ORDER_STATUSES, type OrderStatus } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { nextOrderStatus, ORDER_EVENTS, type OrderEvent } from "./order-status.ts";
import { TransitionRefused } from "./status-machine.ts";

/** Every move an order may make, written out apart from the table so the table is checked, not echoed. */
const ALLOWED: [OrderStatus, OrderEvent, OrderStatus][] = [
  ["pending_payment", "pay", "placed"],
  ["pending_payment", "failPayment", "payment_failed"],
  ["pending_payment", "cancel", "cancelled"],
  ["placed", "confirm", "confirmed"],
  ["placed", "deliverDownloads", "delivered"],
  ["placed", "cancel", "cancelled"],
  ["confirmed", "startPreparing", "preparing"],
  ["confirmed", "cancel", "cancelled"],
  ["preparing", "ship", "shipped"],
  ["preparing", "readyForPickup", "ready_for_pickup"],
  ["preparing", "cancel", "cancelled"],
  ["shipped", "deliver", "delivered"],
  ["ready_for_pickup", "deliver", "delivered"],
];

const allowed = new Set(ALLOWED.map(([from, event]) => `${from}:${event}`));
const REFUSED = ORDER_STATUSES.flatMap((from) =>
  ORDER_EVENTS.filter((event) => !allowed.has(`${from}:${event}`)).map((event) => [from, event] as const),
);

describe("order status", () => {
  it.each(ALLOWED)("%s --%s--> %s", (from, event, to) => {
    expect(nextOrderStatus(from, event)).toBe(to);
  });

  it.each(REFUSED)("%s refuses %s", (from, event) => {
    expect(() => nextOrderStatus(from, event)).toThrow(TransitionRefused);
  });

  it("refuses to cancel an order once shipped, ready for pickup or delivered", () => {
    for (const from of ["shipped", "ready_for_pickup", "delivered"] as const)
      expect(() => nextOrderStatus(from, "cancel"), from).toThrow(TransitionRefused);
  });

  it("refuses a second cancel, naming what was refused", () => {
    const cancelled = nextOrderStatus("placed", "cancel");
    expect(() => nextOrderStatus(cancelled, "cancel")).toThrow(
      'order status "cancelled" does not accept "cancel"',
    );
  });

  it("walks a delivery order and a pickup order from payment to the customer", () => {
    const walk = (events: OrderEvent[]) => events.reduce<OrderStatus>(nextOrderStatus, "pending_payment");
    expect(walk(["pay", "confirm", "startPreparing", "ship", "deliver"])).toBe("delivered");
    expect(walk(["pay", "confirm", "startPreparing", "readyForPickup", "deliver"])).toBe("delivered");
  });
});
