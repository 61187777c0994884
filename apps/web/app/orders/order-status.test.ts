import { ORDER_STATUSES, type Order, REFUND_STATUSES } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { ORDER_STATUS_TONE, orderPath, REFUND_STATUS_TONE, timelineSteps } from "./order-status.ts";

type Story = Pick<Order, "status" | "delivery_type" | "timeline">;

const at = (hour: number) => `2025-05-14T${String(hour).padStart(2, "0")}:00:00.000Z`;

describe("status badges", () => {
  it("give every order and refund status a tone", () => {
    for (const status of ORDER_STATUSES) expect(ORDER_STATUS_TONE[status]).toBeTruthy();
    for (const status of REFUND_STATUSES) expect(REFUND_STATUS_TONE[status]).toBeTruthy();
  });

  it("set endings apart from orders on their way", () => {
    expect(ORDER_STATUS_TONE.delivered).toBe("done");
    expect(ORDER_STATUS_TONE.cancelled).toBe("stopped");
    expect(ORDER_STATUS_TONE.payment_failed).toBe("stopped");
    expect(ORDER_STATUS_TONE.shipped).toBe("moving");
    expect(REFUND_STATUS_TONE.declined).toBe("stopped");
    expect(REFUND_STATUS_TONE.refunded).toBe("done");
  });
});

describe("order path", () => {
  it("goes through shipping for delivery and post, through the counter for pickup", () => {
    expect(orderPath("delivery")).toContain("shipped");
    expect(orderPath("post")).toContain("shipped");
    expect(orderPath("pickup")).toContain("ready_for_pickup");
    expect(orderPath("pickup")).not.toContain("shipped");
    expect(orderPath("digital")).toEqual(["placed", "delivered"]);
  });
});

describe("timeline steps", () => {
  it("dates the steps reached, marks where the order stands and what is ahead", () => {
    const order: Story = {
      status: "preparing",
      delivery_type: "delivery",
      timeline: [
        { status: "placed", at: at(9) },
        { status: "confirmed", at: at(10) },
        { status: "preparing", at: at(11) },
      ],
    };
    expect(timelineSteps(order)).toEqual([
      { status: "placed", at: at(9), state: "done" },
      { status: "confirmed", at: at(10), state: "done" },
      { status: "preparing", at: at(11), state: "current" },
      { status: "shipped", at: null, state: "upcoming" },
      { status: "delivered", at: null, state: "upcoming" },
    ]);
  });

  it("counts a skipped step as passed, without a date", () => {
    const steps = timelineSteps({
      status: "ready_for_pickup",
      delivery_type: "pickup",
      timeline: [
        { status: "placed", at: at(9) },
        { status: "ready_for_pickup", at: at(12) },
      ],
    });
    expect(steps.map((s) => [s.status, s.state, s.at])).toEqual([
      ["placed", "done", at(9)],
      ["confirmed", "done", null],
      ["preparing", "done", null],
      ["ready_for_pickup", "current", at(12)],
      ["delivered", "upcoming", null],
    ]);
  });

  it("ends a delivered order at delivered", () => {
    const steps = timelineSteps({
      status: "delivered",
      delivery_type: "digital",
      timeline: [
        { status: "placed", at: at(9) },
        { status: "delivered", at: at(9) },
      ],
    });
    expect(steps).toEqual([
      { status: "placed", at: at(9), state: "done" },
      { status: "delivered", at: at(9), state: "current" },
    ]);
  });

  it("shows only what happened before a cancellation, then the cancellation", () => {
    const steps = timelineSteps({
      status: "cancelled",
      delivery_type: "delivery",
      timeline: [
        { status: "placed", at: at(9) },
        { status: "confirmed", at: at(10) },
        { status: "cancelled", at: at(11) },
      ],
    });
    expect(steps).toEqual([
      { status: "placed", at: at(9), state: "done" },
      { status: "confirmed", at: at(10), state: "done" },
      { status: "cancelled", at: at(11), state: "current" },
    ]);
  });

  it("puts an order still waiting for its payment before the path", () => {
    const steps = timelineSteps({
      status: "pending_payment",
      delivery_type: "post",
      timeline: [{ status: "pending_payment", at: at(8) }],
    });
    expect(steps[0]).toEqual({ status: "pending_payment", at: at(8), state: "current" });
    expect(steps.slice(1).every((s) => s.state === "upcoming")).toBe(true);
    expect(steps).toHaveLength(1 + orderPath("post").length);
  });

  it("keeps the first date of a status met twice", () => {
    const steps = timelineSteps({
      status: "shipped",
      delivery_type: "post",
      timeline: [
        { status: "placed", at: at(9) },
        { status: "shipped", at: at(10) },
        { status: "shipped", at: at(14) },
      ],
    });
    expect(steps.find((s) => s.status === "shipped")?.at).toBe(at(10));
  });
});
