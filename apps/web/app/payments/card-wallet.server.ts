import { BAMBORA_GATEWAY, STRIPE_GATEWAY } from "@stoa/contract";
import type { StoreApi } from "../platform/api/store-api.server.ts";
import { BAMBORA_TOKENIZATION_URL, STRIPE_JS_URL } from "../platform/config.server.ts";
import { type CardWallet, emptyWallet } from "./card-wallet.ts";

/**
 * The payment key and card gateways of the shop (asked again on every load, so a sign-in fetches
 * the key anew, spec §4), and the saved cards only when a customer is signed in (spec §6). A
 * provider that does not answer leaves the checkout working with the shop's other ways to pay.
 */
export async function cardWallet(storeApi: StoreApi, signedInCustomer: boolean): Promise<CardWallet> {
  const keys = await storeApi.pageAnswer("paymentKeys", {});
  if (!keys.ok) return emptyWallet(BAMBORA_TOKENIZATION_URL, STRIPE_JS_URL);
  const wallet: CardWallet = {
    ...emptyWallet(BAMBORA_TOKENIZATION_URL, STRIPE_JS_URL),
    gateways: keys.data.gateways,
    testCards: keys.data.testCards,
    stripeKey: keys.data.key,
  };
  if (!signedInCustomer) return wallet;
  const takes = (gateway: string) => wallet.gateways.some((offered) => offered === gateway);
  const [bamboraCards, bamboraProfile, stripeCards] = await Promise.all([
    takes(BAMBORA_GATEWAY) ? storeApi.pageAnswer("bamboraCardList", {}) : null,
    takes(BAMBORA_GATEWAY) ? storeApi.pageAnswer("bamboraProfile", {}) : null,
    takes(STRIPE_GATEWAY) ? storeApi.pageAnswer("stripeCardList", {}) : null,
  ]);
  if (bamboraCards)
    wallet.bambora = {
      cards: bamboraCards.ok ? bamboraCards.data.records : [],
      profile: bamboraProfile?.ok ? bamboraProfile.data.profile : null,
      unavailable: !bamboraCards.ok,
    };
  if (stripeCards)
    wallet.stripe = {
      cards: stripeCards.ok ? stripeCards.data.records : [],
      unavailable: !stripeCards.ok,
    };
  return wallet;
}
