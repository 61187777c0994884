import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import {
  giftCardRedeemBodySchema,
  giftCardRedeemedSchema,
  orderGiftCardsBodySchema,
  orderGiftCardsSchema,
  staffGiftCardAdjustBodySchema,
  staffGiftCardLookupBodySchema,
  staffGiftCardSchema,
} from "./schemas.ts";

/** Gift cards: the buyer reads the codes, a customer redeems one into their credit, staff look up and adjust. */
export const giftCardEndpoints = {
  giftCardRedeem: {
    method: "post",
    path: "/api/giftCard/redeem",
    summary:
      "Redeem a gift card: its value is added to the signed-in customer's credit, spent at checkout (once per card; 2041 unknown code, 2042 already redeemed; throttled)",
    tag: "Gift cards",
    auth: true,
    body: giftCardRedeemBodySchema,
    data: giftCardRedeemedSchema,
  },
  orderGiftCards: {
    method: "post",
    path: "/api/giftCard/ofOrder/storeCustomer",
    summary: "The codes of the gift cards one of the caller's orders bought, once it is paid",
    tag: "Gift cards",
    auth: true,
    body: orderGiftCardsBodySchema,
    data: orderGiftCardsSchema,
  },
  staffGiftCardLookup: {
    method: "post",
    path: "/api/staff/giftCards/lookup",
    summary: "Look a gift card up by its code: the order that bought it, its value, and its history",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "giftCards",
    body: staffGiftCardLookupBodySchema,
    data: staffGiftCardSchema,
  },
  staffGiftCardAdjust: {
    method: "post",
    path: "/api/staff/giftCards/adjust",
    summary: "Set what a gift card not yet redeemed is worth, saying why; recorded with the member of staff",
    tag: "Staff",
    auth: true,
    staff: true,
    permission: "giftCardValues",
    body: staffGiftCardAdjustBodySchema,
    data: staffGiftCardSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
