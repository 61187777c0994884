import { FULFILMENT_STATUSES, type FulfilmentStatus } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { FULFILMENT_EVENTS, type FulfilmentEvent, nextFulfilmentStatus } from "./fulfilment-status.ts";
import { TransitionRefused } from "./status-machine.ts";

/** Every move an order's goods may make, written out apart from the table so the table is checked. */
const ALLOWED: [FulfilmentStatus, FulfilmentEvent, FulfilmentStatus][] = [
  ["unfulfilled", "startPreparing", "preparing"],
  ["unfulfilled", "deliverDownloads", "delivered"],
  ["unfulfilled", "cancel", "cancelled"],
  ["preparing", "ship", "shipped"],
  ["preparing", "readyForPickup", "ready_for_pickup"],
  ["preparing", "cancel", "cancelled"],
  ["shipped", "deliver", "delivered"],
  ["shipped", "return", "returned"],
  ["ready_for_pickup", "deliver", "delivered"],
  ["delivered", "return", "returned"],
];

const allowed = new Set(ALLOWED.map(([from, event]) => `${from}:${event}`));
const REFUSED = FULFILMENT_STATUSES.flatMap((from) =>
  FULFILMENT_EVENTS.filter((event) => !allowed.has(`${from}:${event}`)).map(
    (event) => [from, event] as const,
  ),
);

describe("fulfilment status", () => {
  it.each(ALLOWED)("%s --%s--> %s", (from, event, to) => {
    expect(nextFulfilmentStatus(from, event)).toBe(to);
  });

  it.each(REFUSED)("%s refuses %s", (from, event) => {
    expect(() => nextFulfilmentStatus(from, event)).toThrow(TransitionRefused);
  });

  it("refuses to cancel goods that left the shop, and a second cancel", () => {
    expect(() => nextFulfilmentStatus("shipped", "cancel")).toThrow(
      'fulfilment status "shipped" does not accept "cancel"',
    );
    expect(() => nextFulfilmentStatus("cancelled", "cancel")).toThrow(TransitionRefused);
  });
});
