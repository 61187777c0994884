import { CARD_PAYMENT, type CardGateway, emailSchema } from "@stoa/contract";
import {
  type CheckoutMode,
  DEFAULT_CARD_GATEWAY,
  deliveryTypeOf,
  needsOf,
  paymentGatewaysOf,
} from "./checkout-request.ts";
import { type CheckoutState, chosenCardOf } from "./checkout-state.ts";

/** What the delivery step of this shop offers, as far as it decides what must be chosen. */
export type DeliveryOffer = {
  /**
   * The provider the shop takes new cards through (default: the test provider); null when it takes
   * no card.
   */
  cardGateway?: CardGateway | null;
  /** Stripe.js and the shop's publishable key, for a bank's confirmation (3-D Secure). */
  stripe?: { jsUrl: string; key: string } | null;
  /** The shop books delivery windows (SEL_TIME asks for one). */
  scheduled: boolean;
  /**
   * The shop is closed now (the last calculation said so): an order for as soon as possible cannot
   * be placed, and a time must be chosen.
   */
  shopClosed?: boolean;
  pickupPoints: number;
  postOptions: number;
};

/** The parts of the checkout a missing choice is shown on. */
export type CheckoutField =
  | "shipping_address"
  | "delivery_time"
  | "delivery_post"
  | "pickupOption"
  | "customer_name"
  | "customer_contact"
  | "payment_gateway"
  | "credit_card";

export type MissingKey =
  | "checkout.missing.shipping-address"
  | "checkout.missing.delivery-time"
  | "checkout.missing.pickup-time"
  | "checkout.missing.postal-option"
  | "checkout.missing.pickup-point"
  | "checkout.missing.name"
  | "checkout.missing.contact"
  | "checkout.missing.contact-format"
  | "checkout.missing.email"
  | "checkout.missing.payment"
  | "checkout.missing.card";

export type MissingChoices = Partial<Record<CheckoutField, MissingKey>>;

const PHONE = /^\+?[\d\s().-]{6,24}$/;

export function isEmail(text: string): boolean {
  return emailSchema.safeParse(text).success;
}

export function isPhone(text: string): boolean {
  return PHONE.test(text.trim()) && text.replace(/\D/g, "").length >= 6;
}

/**
 * What the shopper still has to choose before an order can be placed, each on the part of the page
 * it belongs to: an address to send to, a delivery time where the shop books them (or a delivery or
 * pickup time while the shop is closed), a postal option
 * or pickup point, who orders and how to reach them (an email for digital goods, whose links are
 * emailed), and how to pay unless nothing is left to pay.
 */
export function missingChoices(
  mode: CheckoutMode,
  state: CheckoutState,
  offer: DeliveryOffer,
): MissingChoices {
  const missing: MissingChoices = {};
  const deliveryType = deliveryTypeOf(mode, state);
  const needs = needsOf(deliveryType);
  if (needs.shippingAddress && !state.shipping_address)
    missing.shipping_address = "checkout.missing.shipping-address";
  const timeRequired = (deliveryType === "delivery" && offer.scheduled) || offer.shopClosed === true;
  if (needs.time && timeRequired && !state.delivery_time)
    missing.delivery_time =
      deliveryType === "pickup" ? "checkout.missing.pickup-time" : "checkout.missing.delivery-time";
  if (needs.postalOption && state.delivery_post === null)
    missing.delivery_post = "checkout.missing.postal-option";
  if (needs.pickupPoint && offer.pickupPoints > 0 && state.pickupOption === null)
    missing.pickupOption = "checkout.missing.pickup-point";

  if (state.customer_name.trim() === "") missing.customer_name = "checkout.missing.name";
  const contact = state.customer_contact.trim();
  if (mode === "digital") {
    if (!isEmail(contact)) missing.customer_contact = "checkout.missing.email";
  } else if (contact === "") {
    missing.customer_contact = "checkout.missing.contact";
  } else if (!isEmail(contact) && !isPhone(contact)) {
    missing.customer_contact = "checkout.missing.contact-format";
  }

  const nothingToPay = state.payable_amount === 0;
  const cardGateway = offer.cardGateway === undefined ? DEFAULT_CARD_GATEWAY : offer.cardGateway;
  const gateway =
    state.payment_gateway && paymentGatewaysOf(deliveryType, cardGateway).includes(state.payment_gateway)
      ? state.payment_gateway
      : null;
  if (!nothingToPay && !gateway) missing.payment_gateway = "checkout.missing.payment";
  if (!nothingToPay && gateway === CARD_PAYMENT && !chosenCardOf(state, cardGateway))
    missing.credit_card = "checkout.missing.card";
  return missing;
}
