import type { BillingProfileInput, SavedCardGateway, SavedCardView } from "@stoa/contract";
import { type ActionFailure, unavailableFailure } from "../platform/api/form-answer.ts";

/** The storefront's own card routes: the card check of spec §7 and the delete of DELETE_CARD_MODAL. */
export const BAMBORA_CARD_PATH = "/api/bambora";
export const CARDS_PATH = "/account/cards";
export const STRIPE_CARD_PATH = "/api/stripe-card";

export type CardCallAnswer<T> = ({ ok: true } & T) | ActionFailure;

async function post<T>(path: string, body: unknown): Promise<CardCallAnswer<T>> {
  try {
    const response = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
    return (await response.json()) as CardCallAnswer<T>;
  } catch {
    return unavailableFailure();
  }
}

/** Saves a card Bambora tokenized in the browser to the shopper's payment profile, with the billing profile. */
export function saveBamboraCard(body: { token: string; name: string; billing: BillingProfileInput }) {
  return post<{ card: SavedCardView }>(BAMBORA_CARD_PATH, body);
}

/** Asks for a SetupIntent on the shopper's Stripe customer: its client secret is for Stripe.js. */
export function startStripeCardSetup() {
  return post<{ card: SavedCardView | null; clientSecret: string | null }>(STRIPE_CARD_PATH, {});
}

export function deleteSavedCard(gateway: SavedCardGateway, cardId: string) {
  return post<Record<string, never>>(
    CARDS_PATH,
    gateway === "bambora" ? { gateway, cardId } : { gateway, paymentMethodId: cardId },
  );
}
