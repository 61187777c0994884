import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import {
  deliveryOptionsQueryBodySchema,
  deliveryOptionsSchema,
  deliveryScheduleQueryBodySchema,
  deliveryScheduleSchema,
} from "./schemas.ts";

/** What the delivery step of checkout offers: windows, postal options, pickup points. */
export const deliveryEndpoints = {
  deliverySchedule: {
    method: "post",
    path: "/api/storeDeliverySchedule/query/storeCustomer",
    summary:
      "Delivery windows (or pickup times) of the coming days with the bookings each still takes; full or past-cut-off windows are unavailable",
    tag: "Delivery",
    body: deliveryScheduleQueryBodySchema,
    data: deliveryScheduleSchema,
  },
  deliveryOptions: {
    method: "post",
    path: "/api/storeDeliveryByPost/query/storeCustomer",
    summary: "Postal options with their prices, the shop's pickup points and the delivery types it offers",
    tag: "Delivery",
    body: deliveryOptionsQueryBodySchema,
    data: deliveryOptionsSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
