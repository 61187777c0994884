/**
 * The storefront's server settings that name other services: the one place `API_URL` is read.
 * server.ts hands it to the image optimiser, the media proxy and every request's store API.
 */
export const API_URL = process.env.API_URL ?? "http://127.0.0.1:4000";

/**
 * Where the shopper's browser sends a card to be tokenized by Bambora (ADD_NEW_CARD_BAMBORA): the
 * card number goes there straight from the page and never through Stoa. Bambora's own address
 * unless set (a local stand-in for journeys).
 */
export const BAMBORA_TOKENIZATION_URL =
  process.env.BAMBORA_TOKENIZATION_URL ?? "https://api.na.bambora.com/scripts/tokenization/tokens";

/**
 * Where the page loads Stripe.js from (STRIPE_ELEMENT_MODAL): Stripe's own address unless set (a
 * local stand-in for journeys). Stripe's element takes the card in Stripe's frame, never Stoa's.
 */
export const STRIPE_JS_URL = process.env.STRIPE_JS_URL ?? "https://js.stripe.com/v3/";
/** The address Stripe.js itself talks to, when it is Stripe's own. */
const STRIPE_API_ORIGIN = "https://api.stripe.com";

/** The origins the page may reach beyond its own, for the card providers: what the CSP allows. */
export function cardProviderOrigins(): { connect: string[]; script: string[]; frame: string[] } {
  const stripe = new URL(STRIPE_JS_URL).origin;
  const official = stripe === "https://js.stripe.com";
  return {
    connect: [new URL(BAMBORA_TOKENIZATION_URL).origin, stripe, ...(official ? [STRIPE_API_ORIGIN] : [])],
    script: [stripe],
    frame: [stripe],
  };
}
