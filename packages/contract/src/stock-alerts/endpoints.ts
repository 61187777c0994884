import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import { stockAlertBodySchema, stockAlertSchema } from "./schemas.ts";

/** Back-in-stock alerts: anyone may ask, signed in or not. */
export const stockAlertEndpoints = {
  stockAlertCreate: {
    method: "post",
    path: "/api/storeProduct/stockAlert",
    summary:
      "Email an address once when a sold-out product or variation is back in stock (throttled per address; 409 2040 while it is in stock)",
    tag: "Catalogue",
    body: stockAlertBodySchema,
    data: stockAlertSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
