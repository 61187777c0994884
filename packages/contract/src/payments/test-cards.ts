import type { PaymentDeclineReason } from "./declines.ts";

/** The `payment_gateway` of a checkout that pays through Stoa's built-in test provider. */
export const TEST_CARD_GATEWAY = "test-card";

/**
 * The card numbers Stoa's built-in test provider knows, with what each answers; the storefront
 * shows them beside the card form. Any future expiry, a 3-digit security code and any name do. The
 * provider declines every other number, so a real card typed into a test shop is never used.
 */
export const TEST_CARDS = [
  { number: "4242424242424242", outcome: "approved" },
  { number: "4000000000000002", outcome: "card_declined" },
  { number: "4000000000009995", outcome: "insufficient_funds" },
  { number: "4000000000000069", outcome: "expired_card" },
] as const satisfies readonly { number: string; outcome: "approved" | PaymentDeclineReason }[];
export type TestCard = (typeof TEST_CARDS)[number];
