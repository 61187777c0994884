import {
  BAMBORA_GATEWAY,
  CARD_GATEWAYS,
  type CardGateway,
  type PaymentGateway,
  STRIPE_GATEWAY,
} from "@stoa/contract";

/**
 * One choice of the payment step: a way to pay on its own (cash, or the shop's only card gateway),
 * or, where the shop takes more than one card gateway, "Card", whose gateway is picked in
 * GATEWAY_MODAL.
 */
export type PaymentChoice =
  | { kind: "gateway"; gateway: PaymentGateway }
  | { kind: "card"; gateways: CardGateway[] };

export const isCardGateway = (gateway: PaymentGateway | null): gateway is CardGateway =>
  (CARD_GATEWAYS as readonly string[]).includes(gateway ?? "");

/** The payment step's choices, in the order offered; "Card" stands where the first card gateway was. */
export function paymentChoicesOf(gateways: readonly PaymentGateway[]): PaymentChoice[] {
  const cards = gateways.filter(isCardGateway);
  if (cards.length < 2) return gateways.map((gateway) => ({ kind: "gateway", gateway }));
  const choices: PaymentChoice[] = [];
  for (const gateway of gateways) {
    if (!isCardGateway(gateway)) choices.push({ kind: "gateway", gateway });
    else if (gateway === cards[0]) choices.push({ kind: "card", gateways: cards });
  }
  return choices;
}

/** The gateway GATEWAY_MODAL starts on: the one chosen if the shop still takes it, else the first. */
export function gatewayToOffer(
  chosen: PaymentGateway | null,
  gateways: readonly CardGateway[],
): CardGateway | null {
  return gateways.find((gateway) => gateway === chosen) ?? gateways[0] ?? null;
}

/** The card choice among the payment step's choices, if the shop's card gateways are gathered into one. */
export function cardChoiceOf(
  choices: readonly PaymentChoice[],
): Extract<PaymentChoice, { kind: "card" }> | null {
  for (const choice of choices) if (choice.kind === "card") return choice;
  return null;
}

const TITLES = {
  [STRIPE_GATEWAY]: "cards.stripe-title",
  [BAMBORA_GATEWAY]: "cards.bambora-title",
  "test-card": "cards.test-title",
} as const satisfies Record<CardGateway, string>;

/** The translation key a card gateway is named by wherever it is chosen or shown. */
export function gatewayTitleKey(gateway: CardGateway) {
  return TITLES[gateway];
}
