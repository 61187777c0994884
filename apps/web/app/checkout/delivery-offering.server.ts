import type { StoreApi } from "../platform/api/store-api.server.ts";
import type { DeliveryOffering } from "./delivery-offer.ts";

/** The shop's delivery step for a checkout page: delivery types, postal options, pickup points and windows. */
export async function deliveryOffering(_storeApi: StoreApi): Promise<DeliveryOffering> {
  return {
    options: {
      currency: "USD",
      deliveryTypes: ["delivery", "pickup", "post"],
      postOptions: [],
      pickupPoints: [],
    },
    schedule: { scheduled: false, timezone: "UTC", windowMinutes: 60, days: [] },
  };
}
