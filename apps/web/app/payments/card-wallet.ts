import type { BillingProfile, CardGateway, SavedCardGateway, SavedCardView } from "@stoa/contract";

/** A saved card with the provider that keeps it: it is paid with, and deleted, there. */
export type WalletCard = SavedCardView & { gateway: SavedCardGateway };

/**
 * What the storefront knows of the card providers for one shopper: the providers the shop takes,
 * the one its new cards go through (the shop's choice, never the shopper's), Stripe's publishable
 * key, and, for a signed-in customer only (spec §6), the cards saved with any of them as one list
 * and Bambora's billing profile. `unavailable` marks a list a provider did not answer for: some
 * cards are unknown, not absent.
 */
export type CardWallet = {
  gateways: CardGateway[];
  /** The provider a new card goes through; null when the shop takes no card. */
  cardGateway: CardGateway | null;
  /** The gateways on a test account, whose card forms name their test cards. */
  testCards: CardGateway[];
  stripeKey: string | null;
  /** Where the browser tokenizes a card for Bambora (never through Stoa). */
  tokenizationUrl: string;
  /** Where the page loads Stripe.js from. */
  stripeJsUrl: string;
  /** The saved cards of every provider the shop takes; null for a guest, or a shop that keeps none. */
  saved: { cards: WalletCard[]; unavailable: boolean } | null;
  /** The billing profile Bambora keeps with the shopper's cards (asked for with a new Bambora card). */
  bamboraProfile: BillingProfile | null;
};

/** The wallet of a shop that takes no card provider, or whose answer did not come. */
export function emptyWallet(tokenizationUrl: string, stripeJsUrl: string): CardWallet {
  return {
    gateways: [],
    cardGateway: null,
    testCards: [],
    stripeKey: null,
    tokenizationUrl,
    stripeJsUrl,
    saved: null,
    bamboraProfile: null,
  };
}

/** Whether the shop's new cards may be saved: only a provider that keeps cards does. */
export function savesNewCards(wallet: Pick<CardWallet, "cardGateway" | "stripeKey">): boolean {
  return wallet.cardGateway === "bambora" || (wallet.cardGateway === "stripe" && wallet.stripeKey !== null);
}

const MONTH = (month: number) => String(month).padStart(2, "0");

/** A saved card's expiry as printed on it: `MM/YY`. */
export function expiryOf(card: Pick<SavedCardView, "expiryMonth" | "expiryYear">): string {
  return `${MONTH(card.expiryMonth)}/${String(card.expiryYear % 100).padStart(2, "0")}`;
}
