import type { PaymentDeclineReason } from "./declines.ts";
import { TEST_CARD_GATEWAY, TEST_CARDS } from "./test-cards.ts";

/** The `payment_gateway` of a checkout paid through Stripe: the card typed into Stripe's own element. */
export const STRIPE_GATEWAY = "stripe";
/** The `payment_gateway` of a checkout paid through Bambora: the card tokenized in the browser. */
export const BAMBORA_GATEWAY = "bambora";

/** Every provider that takes a card. A shop names one for new cards (`paymentKeys.cardGateway`). */
export const CARD_GATEWAYS = [STRIPE_GATEWAY, BAMBORA_GATEWAY, TEST_CARD_GATEWAY] as const;
export type CardGateway = (typeof CARD_GATEWAYS)[number];

/**
 * The checkout's `payment_gateway` of a card payment: the shopper pays by "Card" and never names a
 * provider. A new card goes through the provider the shop takes new cards through; a saved card
 * through the provider that saved it (its `stripePaymentMethodId` or `bamboraCard.cardId` says which).
 */
export const CARD_PAYMENT = "card";

/** The card providers a shopper may save cards with (spec §7 card lists). */
export const SAVED_CARD_GATEWAYS = [STRIPE_GATEWAY, BAMBORA_GATEWAY] as const;
export type SavedCardGateway = (typeof SAVED_CARD_GATEWAYS)[number];

/**
 * The checkout's `payment_sub_gateway` of a card payment: pay with a card the shopper saved before
 * (with any provider the shop takes), or with a card given for this order (to the shop's provider).
 */
export const PAYMENT_SUB_GATEWAYS = ["saved_card", "new_card"] as const;
export type PaymentSubGateway = (typeof PAYMENT_SUB_GATEWAYS)[number];

type NamedCard = { number: string; outcome: "approved" | PaymentDeclineReason };

/**
 * The cards to try with each card provider while it runs on a test account (`paymentKeys.testCards`
 * says which do): the built-in provider's own; Stripe's documented test numbers, which the
 * built-in ones copy; Bambora's documented sandbox cards, the only ones its sandbox approves or
 * declines. The storefront names them beside that provider's card form.
 */
export const PROVIDER_TEST_CARDS = {
  "test-card": TEST_CARDS,
  stripe: TEST_CARDS,
  bambora: [
    { number: "4030000010001234", outcome: "approved" },
    { number: "4003050500040005", outcome: "card_declined" },
  ],
} as const satisfies Record<CardGateway, readonly NamedCard[]>;
