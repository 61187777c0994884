import type { StoreApi } from "../platform/api/store-api.server.ts";
import type { DeliveryOffering } from "./delivery-offer.ts";

/**
 * The shop's delivery step for a checkout page, in one round: the delivery types it offers with its
 * postal options and pickup points, the delivery windows of the coming days and its pickup times.
 */
export async function deliveryOffering(storeApi: StoreApi): Promise<DeliveryOffering> {
  const [options, schedule, pickupTimes] = await Promise.all([
    storeApi.page("deliveryOptions", { body: {} }),
    storeApi.page("deliverySchedule", { body: { delivery_type: "delivery" } }),
    storeApi.page("deliverySchedule", { body: { delivery_type: "pickup" } }),
  ]);
  return { options, schedule, pickupTimes };
}
