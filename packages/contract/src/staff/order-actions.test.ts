import { describe, expect, it } from "vitest";
import { staffActionsFor } from "./order-actions.ts";

describe("staffActionsFor", () => {
  it("offers the next step of the shop's day, one at a time", () => {
    expect(staffActionsFor({ status: "placed", delivery_type: "delivery" })).toEqual(["confirm"]);
    expect(staffActionsFor({ status: "confirmed", delivery_type: "delivery" })).toEqual(["startPreparing"]);
    expect(staffActionsFor({ status: "preparing", delivery_type: "post" })).toEqual(["ship"]);
    expect(staffActionsFor({ status: "preparing", delivery_type: "pickup" })).toEqual(["readyForPickup"]);
    expect(staffActionsFor({ status: "shipped", delivery_type: "delivery" })).toEqual(["deliver"]);
    expect(staffActionsFor({ status: "ready_for_pickup", delivery_type: "pickup" })).toEqual(["deliver"]);
  });

  it("offers nothing on an order that waits for its payment or is over", () => {
    for (const status of ["pending_payment", "delivered", "cancelled", "payment_failed"] as const)
      expect(staffActionsFor({ status, delivery_type: "delivery" })).toEqual([]);
  });
});
