import type { BillingProfile, CardGateway, SavedCardView } from "@stoa/contract";

/**
 * What the storefront knows of the card providers for one shopper: the card gateways the shop takes
 * (GATEWAY_MODAL), Stripe's publishable key, and, for a signed-in customer only (spec §6), the
 * cards saved with each provider and Bambora's billing profile. `unavailable` marks a provider
 * that did not answer: its cards are unknown, not absent.
 */
export type CardWallet = {
  gateways: CardGateway[];
  /** The gateways on a test account, whose card forms name their test cards. */
  testCards: CardGateway[];
  stripeKey: string | null;
  /** Where the browser tokenizes a card for Bambora (never through Stoa). */
  tokenizationUrl: string;
  /** Where the page loads Stripe.js from. */
  stripeJsUrl: string;
  bambora: { cards: SavedCardView[]; profile: BillingProfile | null; unavailable: boolean } | null;
  stripe: { cards: SavedCardView[]; unavailable: boolean } | null;
};

/** The wallet of a shop that takes no card provider, or whose answer did not come. */
export function emptyWallet(tokenizationUrl: string, stripeJsUrl: string): CardWallet {
  return {
    gateways: [],
    testCards: [],
    stripeKey: null,
    tokenizationUrl,
    stripeJsUrl,
    bambora: null,
    stripe: null,
  };
}

const MONTH = (month: number) => String(month).padStart(2, "0");

/** A saved card's expiry as printed on it: `MM/YY`. */
export function expiryOf(card: Pick<SavedCardView, "expiryMonth" | "expiryYear">): string {
  return `${MONTH(card.expiryMonth)}/${String(card.expiryYear % 100).padStart(2, "0")}`;
}
