import type { EndpointDefinition } from "../platform/endpoint-definition.ts";
import {
  addBamboraCardBodySchema,
  addBamboraCardSchema,
  addStripeCardBodySchema,
  addStripeCardSchema,
  bamboraProfileSchema,
  deleteBamboraCardBodySchema,
  deletedCardSchema,
  deleteStripeCardBodySchema,
  paymentKeysSchema,
  savedCardListSchema,
} from "./schemas.ts";

/**
 * The card provider calls of spec §7 (User and payment). Saved cards belong to a signed-in
 * customer of the store: a guest session is refused (SAVED_CARDS_SIGN_IN), and a store that does
 * not take the provider answers PAYMENT_METHOD_NOT_OFFERED.
 */
export const paymentEndpoints = {
  paymentKeys: {
    method: "get",
    path: "/api/storeStripe/getKeys",
    summary: "The store's Stripe publishable key (never a secret) and the card gateways it takes",
    tag: "Payments",
    data: paymentKeysSchema,
  },
  stripeCardList: {
    method: "get",
    path: "/user/stripePaymentMethodIdList",
    summary: "The caller's cards saved with Stripe",
    tag: "Payments",
    auth: true,
    data: savedCardListSchema,
  },
  addStripeCard: {
    method: "post",
    path: "/user/add/stripePaymentMethod",
    summary:
      "Save a card with Stripe: without a payment method, a SetupIntent client secret for Stripe's element; with one, the card saved",
    tag: "Payments",
    auth: true,
    idempotent: true,
    body: addStripeCardBodySchema,
    data: addStripeCardSchema,
  },
  deleteStripeCard: {
    method: "post",
    path: "/user/delete/stripePaymentMethod",
    summary: "Remove one of the caller's cards saved with Stripe",
    tag: "Payments",
    auth: true,
    body: deleteStripeCardBodySchema,
    data: deletedCardSchema,
  },
  bamboraCardList: {
    method: "get",
    path: "/user/bamboraPaymentCardList",
    summary: "The cards of the caller's Bambora payment profile",
    tag: "Payments",
    auth: true,
    data: savedCardListSchema,
  },
  bamboraProfile: {
    method: "get",
    path: "/user/bamboraProfile",
    summary: "The billing profile of the caller's Bambora payment profile (null before the first card)",
    tag: "Payments",
    auth: true,
    data: bamboraProfileSchema,
  },
  addBamboraCard: {
    method: "post",
    path: "/user/add/bamboraPaymentCard",
    summary:
      "Save a card tokenized by Bambora's page to the caller's payment profile, with the billing profile",
    tag: "Payments",
    auth: true,
    body: addBamboraCardBodySchema,
    data: addBamboraCardSchema,
  },
  deleteBamboraCard: {
    method: "post",
    path: "/user/delete/bamboraPaymentCard",
    summary: "Remove a card from the caller's Bambora payment profile",
    tag: "Payments",
    auth: true,
    body: deleteBamboraCardBodySchema,
    data: deletedCardSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
