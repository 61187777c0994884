import {
  BAMBORA_GATEWAY,
  type CardGateway,
  type CartItem,
  type CheckoutRequestInput,
  cardSummary,
  type DeliveryType,
  type PaymentGateway,
  STRIPE_GATEWAY,
  TIMED_DELIVERY_TYPES,
  type TimedDeliveryType,
} from "@stoa/contract";
import { type BamboraChoice, type CardEntry, type CheckoutState, stripeCardOf } from "./checkout-state.ts";

/**
 * The three checkouts of spec §2: a signed-in customer's, a guest's, and the one for carts of
 * digital goods only (no shipping; an email for the download links).
 */
export type CheckoutMode = "customer" | "guest" | "digital";

export const CHECKOUT_PATHS: Record<CheckoutMode, string> = {
  customer: "/checkout",
  guest: "/checkout/guest",
  digital: "/checkout/digital",
};

/** The ways an order reaches the shopper that a mode offers. */
export function deliveryTypesOf(mode: CheckoutMode): readonly DeliveryType[] {
  return mode === "digital" ? ["digital"] : ["delivery", "pickup", "post"];
}

export function deliveryTypeOf(
  mode: CheckoutMode,
  state: Pick<CheckoutState, "delivery_type">,
): DeliveryType {
  const offered = deliveryTypesOf(mode);
  return offered.includes(state.delivery_type) ? state.delivery_type : (offered[0] ?? "delivery");
}

/** What a shop takes by card when it names nothing else: the built-in test provider. */
export const DEFAULT_CARD_GATEWAYS: readonly CardGateway[] = ["test-card"];

/**
 * Cash is handed over only at the door or the counter: a parcel or a download is paid by card,
 * through the card gateways the shop takes (`storeStripe/getKeys`).
 */
export function paymentGatewaysOf(
  deliveryType: DeliveryType,
  cardGateways: readonly CardGateway[] = DEFAULT_CARD_GATEWAYS,
): readonly PaymentGateway[] {
  return deliveryType === "delivery" || deliveryType === "pickup" ? ["cash", ...cardGateways] : cardGateways;
}

/** Whether the order comes at a time the shopper may choose: a delivery or a pickup. */
export function isTimed(deliveryType: DeliveryType): deliveryType is TimedDeliveryType {
  return (TIMED_DELIVERY_TYPES as readonly DeliveryType[]).includes(deliveryType);
}

/** Which choices a delivery type asks for. */
export function needsOf(deliveryType: DeliveryType) {
  return {
    shippingAddress: deliveryType === "delivery" || deliveryType === "post",
    /** A delivery window or a pickup time: required where the shop books windows or is closed now. */
    time: isTimed(deliveryType),
    postalOption: deliveryType === "post",
    pickupPoint: deliveryType === "pickup",
  };
}

/** The card as the test provider takes it: only the create call carries it, and only for card payments. */
function cardOf(card: CardEntry) {
  return {
    number: card.number,
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
    cvc: card.cvc,
    name: card.name,
  };
}

/**
 * The body of `storeOrder/calculate` from the cart and the checkout state, with only the choices
 * that apply to the delivery type (a pickup sends no address, a delivery no postal option) and none
 * that leave the price alone (names, contact, note), so typing them does not price the cart again.
 * The unit price the shopper saw travels with each line so the API can say it changed; it is never
 * what is charged.
 */
export function calculateRequestOf(
  mode: CheckoutMode,
  state: CheckoutState,
  items: readonly CartItem[],
  cardGateways: readonly CardGateway[] = DEFAULT_CARD_GATEWAYS,
): CheckoutRequestInput {
  const delivery_type = deliveryTypeOf(mode, state);
  const needs = needsOf(delivery_type);
  const gateways = paymentGatewaysOf(delivery_type, cardGateways);
  return {
    products: items.map((item) => ({
      productId: item.productId,
      ...(item.variationId === undefined ? {} : { variationId: item.variationId }),
      ...(item.addOns && Object.keys(item.addOns).length > 0 ? { addOns: item.addOns } : {}),
      quantity: item.quantity,
      price: item.price,
      ...(item.giftRecipient ? { giftRecipient: item.giftRecipient } : {}),
    })),
    delivery_type,
    shipping_address: needs.shippingAddress ? state.shipping_address : null,
    billing_address: state.billing_address,
    delivery_time: needs.time ? state.delivery_time : null,
    delivery_post: needs.postalOption ? state.delivery_post : null,
    pickupOption: needs.pickupPoint ? state.pickupOption : null,
    coupon: state.coupon?.code ?? null,
    gift_card: state.gift_card,
    // Nobody brings a download: it takes no tip.
    tip_option: delivery_type === "digital" ? null : state.tip_option,
    use_wallet: mode !== "guest" && state.use_wallet,
    payment_gateway:
      state.payment_gateway && gateways.includes(state.payment_gateway) ? state.payment_gateway : null,
  };
}

/**
 * The Bambora card as the create call takes it: a saved card by its id, or a new card's token with
 * the name on it. Nothing of the card's number is in either.
 */
function bamboraCardOf(choice: BamboraChoice) {
  return choice.kind === "saved"
    ? { payment_sub_gateway: "saved_card" as const, bamboraCard: { cardId: choice.cardId } }
    : { payment_sub_gateway: "new_card" as const, bamboraCard: { token: choice.token, name: choice.name } };
}

/**
 * The body of `storeOrder/create`: the calculated request with who orders, the note, the proof of
 * its totals and, for a card payment, the card.
 */
export function createRequestOf(
  mode: CheckoutMode,
  state: CheckoutState,
  items: readonly CartItem[],
  cardGateways: readonly CardGateway[] = DEFAULT_CARD_GATEWAYS,
): CheckoutRequestInput {
  const request = calculateRequestOf(mode, state, items, cardGateways);
  return {
    ...request,
    customer_contact: state.customer_contact,
    customer_name: state.customer_name,
    note: state.note,
    outStockPreference: state.outStockPreference,
    verified_response: state.verified_response,
    ...(request.payment_gateway === "test-card" && state.credit_card
      ? { credit_card: cardOf(state.credit_card) }
      : {}),
    ...(request.payment_gateway === BAMBORA_GATEWAY && state.bamboraCard
      ? bamboraCardOf(state.bamboraCard)
      : {}),
    ...(request.payment_gateway === STRIPE_GATEWAY ? (stripeCardOf(state) ?? {}) : {}),
  };
}

/**
 * What an attempt is told apart by: the request with its card only as brand and last four digits,
 * as the shop itself tells requests apart (the number is never part of anything stored).
 */
export function attemptRequestOf(request: CheckoutRequestInput) {
  const { credit_card: card, ...rest } = request;
  const digits = (card as { number?: unknown } | null | undefined)?.number;
  return { ...rest, card: typeof digits === "string" ? cardSummary(digits) : null };
}
