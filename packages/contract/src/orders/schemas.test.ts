import { describe, expect, it } from "vitest";
import { orderSummarySchema } from "./schemas.ts";

const summary = {
  id: 7,
  orderNumber: 1001,
  createdAt: "2025-05-14T14:00:00.000Z",
  status: "placed",
  paymentStatus: "cash_due",
  fulfilmentStatus: "unfulfilled",
  delivery_type: "delivery",
  currency: "USD",
  payable_amount: 1000,
  itemCount: 2,
  image: null,
  timezone: "America/New_York",
};

describe("order answers", () => {
  it("say the shop's time zone, in which the storefront writes the order's times", () => {
    expect(orderSummarySchema.parse(summary).timezone).toBe("America/New_York");
    const { timezone: _zone, ...withoutZone } = summary;
    expect(orderSummarySchema.safeParse(withoutZone).success).toBe(false);
  });
});
