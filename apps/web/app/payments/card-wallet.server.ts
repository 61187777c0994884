import { BAMBORA_GATEWAY, STRIPE_GATEWAY } from "@stoa/contract";
import type { StoreApi } from "../platform/api/store-api.server.ts";
import { BAMBORA_TOKENIZATION_URL, STRIPE_JS_URL } from "../platform/config.server.ts";
import { type CardWallet, emptyWallet, type WalletCard } from "./card-wallet.ts";

/**
 * The payment key and card providers of the shop (asked again on every load, so a sign-in fetches
 * the key anew, spec §4), and the saved cards only when a customer is signed in (spec §6): the
 * cards of every provider the shop takes, as one list, whichever takes new cards now. A provider
 * that does not answer leaves the checkout working with the shop's other ways to pay.
 */
export async function cardWallet(storeApi: StoreApi, signedInCustomer: boolean): Promise<CardWallet> {
  const keys = await storeApi.pageAnswer("paymentKeys", {});
  if (!keys.ok) return emptyWallet(BAMBORA_TOKENIZATION_URL, STRIPE_JS_URL);
  const wallet: CardWallet = {
    ...emptyWallet(BAMBORA_TOKENIZATION_URL, STRIPE_JS_URL),
    gateways: keys.data.gateways,
    cardGateway: keys.data.cardGateway,
    testCards: keys.data.testCards,
    stripeKey: keys.data.key,
  };
  const takes = (gateway: string) => wallet.gateways.some((offered) => offered === gateway);
  if (!signedInCustomer || !(takes(STRIPE_GATEWAY) || takes(BAMBORA_GATEWAY))) return wallet;
  const [stripeCards, bamboraCards, bamboraProfile] = await Promise.all([
    takes(STRIPE_GATEWAY) ? storeApi.pageAnswer("stripeCardList", {}) : null,
    takes(BAMBORA_GATEWAY) ? storeApi.pageAnswer("bamboraCardList", {}) : null,
    takes(BAMBORA_GATEWAY) ? storeApi.pageAnswer("bamboraProfile", {}) : null,
  ]);
  const cards: WalletCard[] = [
    ...(stripeCards?.ok
      ? stripeCards.data.records.map((card): WalletCard => ({ ...card, gateway: STRIPE_GATEWAY }))
      : []),
    ...(bamboraCards?.ok
      ? bamboraCards.data.records.map((card): WalletCard => ({ ...card, gateway: BAMBORA_GATEWAY }))
      : []),
  ];
  wallet.saved = {
    cards,
    unavailable: (stripeCards !== null && !stripeCards.ok) || (bamboraCards !== null && !bamboraCards.ok),
  };
  wallet.bamboraProfile = bamboraProfile?.ok ? bamboraProfile.data.profile : null;
  return wallet;
}
