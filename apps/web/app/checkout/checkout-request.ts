import {
  CARD_PAYMENT,
  type CardGateway,
  type CartItem,
  type CheckoutDeliveryType,
  type CheckoutRequestInput,
  cardSummary,
  type DeliveryType,
  type PaymentGateway,
  TIMED_DELIVERY_TYPES,
  type TimedDeliveryType,
} from "@stoa/contract";
import { type CardEntry, type CheckoutState, chosenCardOf } from "./checkout-state.ts";

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
export function deliveryTypesOf(mode: CheckoutMode): readonly CheckoutDeliveryType[] {
  return mode === "digital" ? ["digital"] : ["delivery", "pickup", "post"];
}

export function deliveryTypeOf(
  mode: CheckoutMode,
  state: Pick<CheckoutState, "delivery_type">,
): CheckoutDeliveryType {
  const offered = deliveryTypesOf(mode);
  return offered.includes(state.delivery_type) ? state.delivery_type : (offered[0] ?? "delivery");
}

/** The provider a shop takes new cards through when it names nothing else: the built-in test provider. */
export const DEFAULT_CARD_GATEWAY: CardGateway = "test-card";

/**
 * The ways to pay: cash is handed over only at the door or the counter, and "Card" is offered
 * wherever the shop takes cards (`cardGateway`, the provider its new cards go through, from
 * `storeStripe/getKeys`; null when it takes none). The shopper never picks a provider.
 */
export function paymentGatewaysOf(
  deliveryType: DeliveryType,
  cardGateway: CardGateway | null = DEFAULT_CARD_GATEWAY,
): readonly PaymentGateway[] {
  const card: PaymentGateway[] = cardGateway ? [CARD_PAYMENT] : [];
  return deliveryType === "delivery" || deliveryType === "pickup" ? ["cash", ...card] : card;
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
  cardGateway: CardGateway | null = DEFAULT_CARD_GATEWAY,
): CheckoutRequestInput {
  const delivery_type = deliveryTypeOf(mode, state);
  const needs = needsOf(delivery_type);
  const gateways = paymentGatewaysOf(delivery_type, cardGateway);
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
    refer_code: state.refer_code,
    // A guest is told apart for a referral's once-only rule by the contact they give (decision 067):
    // with a code, the contact is part of what is priced.
    ...(mode === "guest" && state.refer_code ? { customer_contact: state.customer_contact } : {}),
    gift_card: state.gift_card,
    // Nobody brings a download: it takes no tip.
    tip_option: delivery_type === "digital" ? null : state.tip_option,
    use_wallet: mode !== "guest" && state.use_wallet,
    payment_gateway:
      state.payment_gateway && gateways.includes(state.payment_gateway) ? state.payment_gateway : null,
  };
}

/**
 * The card as the create call takes it: a saved card by its id, in the field of the provider that
 * saved it (which is how the shop knows where to charge it); a new card as the shop's provider made
 * it in the browser (Stripe's payment method, Bambora's single-use token) or, for the test
 * provider, as typed. No provider is named: the shop decides.
 */
function cardFieldsOf(state: CheckoutState, cardGateway: CardGateway | null): Partial<CheckoutRequestInput> {
  const card = chosenCardOf(state, cardGateway);
  if (!card) return {};
  if (card.kind === "saved")
    return card.gateway === "stripe"
      ? { payment_sub_gateway: "saved_card", stripePaymentMethodId: card.id }
      : { payment_sub_gateway: "saved_card", bamboraCard: { cardId: card.id } };
  if (card.gateway === "stripe" && state.stripeCard)
    return { payment_sub_gateway: "new_card", stripePaymentMethodId: state.stripeCard.paymentMethodId };
  if (card.gateway === "bambora" && state.bamboraCard?.kind === "new")
    return {
      payment_sub_gateway: "new_card",
      bamboraCard: { token: state.bamboraCard.token, name: state.bamboraCard.name },
    };
  if (card.gateway === "test-card" && state.credit_card) return { credit_card: cardOf(state.credit_card) };
  return {};
}

/**
 * The body of `storeOrder/create`: the calculated request with who orders, the note, the proof of
 * its totals and, for a card payment, the card.
 */
export function createRequestOf(
  mode: CheckoutMode,
  state: CheckoutState,
  items: readonly CartItem[],
  cardGateway: CardGateway | null = DEFAULT_CARD_GATEWAY,
): CheckoutRequestInput {
  const request = calculateRequestOf(mode, state, items, cardGateway);
  return {
    ...request,
    customer_contact: state.customer_contact,
    customer_name: state.customer_name,
    note: state.note,
    outStockPreference: state.outStockPreference,
    verified_response: state.verified_response,
    ...(request.payment_gateway === CARD_PAYMENT ? cardFieldsOf(state, cardGateway) : {}),
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
