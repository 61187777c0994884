import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import { couponCheckQuerySchema, couponCheckSchema } from "./schemas.ts";

/** Coupons a shopper types at checkout. */
export const promotionEndpoints = {
  couponCheck: {
    method: "get",
    path: "/api/storePromotionCode/get/code",
    summary:
      "Check a coupon for the caller (customer or guest session): kind, value, minimum and what it takes off; an invalid, expired or used-up code is the invalid-coupon error",
    tag: "Promotions",
    auth: true,
    query: couponCheckQuerySchema,
    data: couponCheckSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
