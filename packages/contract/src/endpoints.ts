import type { z } from "zod";
import { accountEndpoints } from "./account/endpoints.ts";
import { bookingEndpoints } from "./bookings/endpoints.ts";
import { cartEndpoints } from "./cart/endpoints.ts";
import { catalogueEndpoints } from "./catalogue/endpoints.ts";
import { contentEndpoints } from "./content/endpoints.ts";
import { deliveryEndpoints } from "./delivery/endpoints.ts";
import { staffDiaryEndpoints, waitlistEndpoints } from "./diary/endpoints.ts";
import { dineInEndpoints, staffDineInEndpoints } from "./dine-in/endpoints.ts";
import { giftCardEndpoints } from "./gift-cards/endpoints.ts";
import { orderEndpoints } from "./orders/endpoints.ts";
import { paymentEndpoints } from "./payments/endpoints.ts";
import type { EndpointDefinition } from "./platform/endpoint-definition.ts";
import { promotionEndpoints } from "./promotions/endpoints.ts";
import { referralEndpoints, staffReferralEndpoints } from "./referrals/endpoints.ts";
import { reservationEndpoints } from "./reservations/endpoints.ts";
import { reviewEndpoints, staffReviewEndpoints } from "./reviews/endpoints.ts";
import { staffEndpoints } from "./staff/endpoints.ts";
import { stockAlertEndpoints } from "./stock-alerts/endpoints.ts";
import { storeEndpoints } from "./store/endpoints.ts";
import { wishlistEndpoints } from "./wishlist/endpoints.ts";

/**
 * Every call of the store API this contract knows, merged from the domain folders. The API validates
 * with these, the client is typed by them and the OpenAPI document is generated from them.
 */
export const endpoints = {
  ...storeEndpoints,
  ...catalogueEndpoints,
  ...accountEndpoints,
  ...wishlistEndpoints,
  ...cartEndpoints,
  ...orderEndpoints,
  ...paymentEndpoints,
  ...staffEndpoints,
  ...deliveryEndpoints,
  ...promotionEndpoints,
  ...contentEndpoints,
  ...stockAlertEndpoints,
  ...giftCardEndpoints,
  ...dineInEndpoints,
  ...staffDineInEndpoints,
  ...reservationEndpoints,
  ...bookingEndpoints,
  ...staffDiaryEndpoints,
  ...waitlistEndpoints,
  ...referralEndpoints,
  ...staffReferralEndpoints,
  ...reviewEndpoints,
  ...staffReviewEndpoints,
} as const satisfies Record<string, EndpointDefinition>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

type InferIn<T> = T extends z.ZodType ? z.input<T> : never;
type Part<E, K extends string> =
  E extends Record<K, z.ZodType> ? { [P in K]: InferIn<E[K]> } : { [P in K]?: never };

/** What a caller passes to an endpoint: only the parts it declares. */
export type EndpointInput<N extends EndpointName> = Part<Endpoints[N], "params"> &
  Part<Endpoints[N], "query"> &
  Part<Endpoints[N], "body">;

export type EndpointData<N extends EndpointName> = z.output<Endpoints[N]["data"]>;
