import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import { couponCheckQuerySchema, couponCheckSchema, couponOffersSchema } from "./schemas.ts";

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
  couponOffers: {
    method: "get",
    path: "/api/storePromotionCode/offers",
    summary:
      "The coupons the shop advertises that can be used now (started, not ended, uses left), ending soonest first; for anyone, signed in or not",
    tag: "Promotions",
    data: couponOffersSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
