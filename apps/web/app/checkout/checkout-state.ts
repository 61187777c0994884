import {
  type AppliedCoupon,
  asAppliedCoupon,
  asBillingAddress,
  asDeliveryWindowRef,
  asShippingAddress,
  asStripePaymentMethodId,
  asTipOption,
  CARD_GATEWAYS,
  CARD_PAYMENT,
  type CardGateway,
  type CartItem,
  CHECKOUT_DELIVERY_TYPES,
  type CheckoutDeliveryType,
  type DeliveryWindowRef,
  OUT_OF_STOCK_PREFERENCES,
  type OutOfStockPreference,
  PAYMENT_GATEWAYS,
  PAYMENT_SUB_GATEWAYS,
  type PaymentGateway,
  type PaymentSubGateway,
  type SavedCardGateway,
  type SavedCardView,
  type TipOption,
} from "@stoa/contract";
import type { BillingAddress, ShippingAddress } from "../account/address.ts";

/**
 * The card typed into ADD_OR_UPDATE_CHECKOUT_CREDIT_CARD, as typed. It lives in the page's memory
 * only: the stored checkout never holds a card number or a security code.
 */
export type CardEntry = {
  number: string;
  expiryMonth: string;
  expiryYear: string;
  cvc: string;
  name: string;
};

/**
 * The Bambora card chosen for this order: one saved to the shopper's payment profile, or a card
 * typed for this order only, as the single-use token Bambora made of it in the browser with what
 * may be shown of it (brand and last four digits). A token is spent by one attempt and is never stored.
 */
export type BamboraChoice =
  | { kind: "saved"; cardId: string }
  | { kind: "new"; token: string; name: string; brand: SavedCardView["brand"]; last4: string };

/** A card typed into Stripe's element for this order: the payment method Stripe made, and what may be shown. */
export type StripeCardChoice = { paymentMethodId: string; brand: SavedCardView["brand"]; last4: string };

/** The card an order is paid with: a saved one (by its provider's id) or one given for this order. */
export type ChosenCard =
  | { kind: "saved"; gateway: SavedCardGateway; id: string }
  | { kind: "new"; gateway: CardGateway; brand: SavedCardView["brand"] | null; last4: string };

/**
 * The card chosen for a card payment. A saved card (`payment_sub_gateway: saved_card`) is the one
 * whose id is set, Stripe's or Bambora's, whichever provider the shop takes new cards through now;
 * otherwise it is the card given for this order in the form of `cardGateway`, the shop's provider
 * (a card given to another provider's form before the shop changed is not one). Null: none yet.
 */
export function chosenCardOf(
  state: Pick<
    CheckoutState,
    "payment_sub_gateway" | "stripePaymentMethodId" | "bamboraCard" | "stripeCard" | "credit_card"
  >,
  cardGateway: CardGateway | null,
): ChosenCard | null {
  if (state.payment_sub_gateway === "saved_card") {
    if (state.stripePaymentMethodId)
      return { kind: "saved", gateway: "stripe", id: state.stripePaymentMethodId };
    if (state.bamboraCard?.kind === "saved")
      return { kind: "saved", gateway: "bambora", id: state.bamboraCard.cardId };
    return null;
  }
  switch (cardGateway) {
    case "stripe":
      return state.stripeCard
        ? { kind: "new", gateway: "stripe", brand: state.stripeCard.brand, last4: state.stripeCard.last4 }
        : null;
    case "bambora":
      return state.bamboraCard?.kind === "new"
        ? { kind: "new", gateway: "bambora", brand: state.bamboraCard.brand, last4: state.bamboraCard.last4 }
        : null;
    case "test-card":
      return state.credit_card
        ? { kind: "new", gateway: "test-card", brand: null, last4: state.credit_card.number.slice(-4) }
        : null;
    default:
      return null;
  }
}

/** Choosing a saved card: the card given for this order, if any, is no longer the one paid with. */
export function savedCardChoice(gateway: SavedCardGateway, id: string): Partial<CheckoutChoices> {
  return {
    payment_gateway: CARD_PAYMENT,
    payment_sub_gateway: "saved_card",
    stripePaymentMethodId: gateway === "stripe" ? id : null,
    bamboraCard: gateway === "bambora" ? { kind: "saved", cardId: id } : null,
    stripeCard: null,
  };
}

/**
 * The saved card to choose once the list of saved cards is known: none while a card is chosen (a
 * card just saved may be chosen before the list read again shows it, and a card deleted here clears
 * the choice itself); an empty choice takes the first card. Null `cards` means the list is unknown
 * (a provider did not answer).
 */
export function savedCardToChoose<C extends Pick<SavedCardView, "id">>(
  chosen: ChosenCard | null,
  cards: readonly C[] | null,
): C | null {
  return chosen ? null : (cards?.[0] ?? null);
}

/** One press of "Place order": the key the API tells retries apart by, and what was sent with it. */
export type PlaceAttempt = { key: string; fingerprint: string };

/**
 * The checkout state of spec §3, persisted under the checkout storage key. Besides the spec's
 * fields it keeps whose checkout it is, which cart the verified answer was for, and the attempt
 * whose Idempotency-Key a retry must reuse.
 */
export type CheckoutState = {
  billing_address: BillingAddress | null;
  shipping_address: ShippingAddress | null;
  delivery_time: DeliveryWindowRef | null;
  /** Id of the chosen postal option. */
  delivery_post: number | null;
  delivery_type: CheckoutDeliveryType;
  payment_gateway: PaymentGateway | null;
  /** For a card: a saved card (of any provider) or one given for this order (`chosenCardOf`). */
  payment_sub_gateway: PaymentSubGateway | null;
  customer_contact: string;
  customer_name: string;
  /** Proof of the totals the shopper saw; any change of the cart or of a choice drops it. */
  verified_response: string | null;
  coupon: AppliedCoupon | null;
  /** The code of a gift card paying for the order: kept in this tab's memory only, like a typed card. */
  gift_card: string | null;
  /**
   * The referral code this order carries: typed at checkout, or the one a share link left when none
   * was typed (referrals/referral-link.ts). Null: none set yet.
   */
  refer_code: string | null;
  note: string;
  payable_amount: number | null;
  use_wallet: boolean;
  /** Never written to storage (see CardEntry). */
  credit_card: CardEntry | null;
  /** A saved Bambora card is stored by its id; a new card's token stays in this tab's memory. */
  bamboraCard: BamboraChoice | null;
  /** Kept in this tab's memory only, like a typed card. */
  stripeCard: StripeCardChoice | null;
  tip_option: TipOption | null;
  /**
   * A saved Stripe card chosen for this order, by its payment method id; stored like a saved Bambora
   * card's id. A card typed into Stripe's element for this order is `stripeCard` instead.
   */
  stripePaymentMethodId: string | null;
  table: string | null;
  tableOrder: boolean;
  /** Id of the pickup point. */
  pickupOption: number | null;
  outStockPreference: OutOfStockPreference;
  /** An order is on its way to the API. */
  isPayment: boolean;
  /** The user id this checkout was filled in by; another shopper starts afresh. */
  owner: number | null;
  /** The cart (cartSignature) that verified_response and the attempt belong to. */
  verifiedCart: string | null;
  attempt: PlaceAttempt | null;
};

/** What the shopper picks on the checkout page; everything else follows from the API's answers. */
export type CheckoutChoices = Pick<
  CheckoutState,
  | "billing_address"
  | "shipping_address"
  | "delivery_time"
  | "delivery_post"
  | "delivery_type"
  | "payment_gateway"
  | "payment_sub_gateway"
  | "bamboraCard"
  | "stripeCard"
  | "stripePaymentMethodId"
  | "customer_contact"
  | "customer_name"
  | "coupon"
  | "gift_card"
  | "refer_code"
  | "note"
  | "use_wallet"
  | "credit_card"
  | "tip_option"
  | "pickupOption"
  | "outStockPreference"
>;

/**
 * The choices the API's totals depend on. Changing one drops the verified totals until the API has
 * priced the cart again; names, the note and the out-of-stock wish do not change a price.
 */
const PRICED_CHOICES: ReadonlySet<keyof CheckoutChoices> = new Set<keyof CheckoutChoices>([
  "billing_address",
  "shipping_address",
  "delivery_time",
  "delivery_post",
  "delivery_type",
  "payment_gateway",
  "coupon",
  "gift_card",
  "refer_code",
  "use_wallet",
  "tip_option",
  "pickupOption",
]);

/** Whether these changes move a choice a price depends on (setting a choice to what it is moves nothing). */
export function changesPrice(state: CheckoutState, changes: Partial<CheckoutChoices>): boolean {
  return Object.entries(changes).some(
    ([key, value]) =>
      (PRICED_CHOICES.has(key as keyof CheckoutChoices) ||
        // With a referral code, a guest's contact decides whether it applies (checkout-request.ts).
        (key === "customer_contact" && state.refer_code !== null)) &&
      JSON.stringify(value) !== JSON.stringify(state[key as keyof CheckoutChoices]),
  );
}

export function initialCheckout(owner: number | null = null): CheckoutState {
  return {
    billing_address: null,
    shipping_address: null,
    delivery_time: null,
    delivery_post: null,
    delivery_type: "delivery",
    payment_gateway: null,
    payment_sub_gateway: null,
    customer_contact: "",
    customer_name: "",
    verified_response: null,
    coupon: null,
    gift_card: null,
    refer_code: null,
    note: "",
    payable_amount: null,
    use_wallet: false,
    credit_card: null,
    bamboraCard: null,
    stripeCard: null,
    tip_option: null,
    stripePaymentMethodId: null,
    table: null,
    tableOrder: false,
    pickupOption: null,
    outStockPreference: "contact_me",
    isPayment: false,
    owner,
    verifiedCart: null,
    attempt: null,
  };
}

/**
 * What the answer to a calculation depends on in the cart: the lines, how many of each and the
 * price the shopper was shown. Two carts with the same signature are priced the same.
 */
export function cartSignature(items: readonly Pick<CartItem, "id" | "quantity" | "price">[]): string {
  return items.map((item) => `${item.id}*${item.quantity}@${item.price}`).join("|");
}

export type CheckoutAction =
  /** The shopper changed a choice: when it is one a price depends on, the totals seen so far no longer hold. */
  | { type: "CHOOSE"; changes: Partial<CheckoutChoices> }
  /** The API priced the cart `cart` with the current choices. */
  | {
      type: "CALCULATED";
      cart: string;
      verified_response: string;
      payable_amount: number;
      coupon: AppliedCoupon | null;
      /** The gift card the API took, null when it would not (the code is then dropped). */
      gift_card?: string | null;
    }
  /** The cart now has this signature (spec §4: any cart change clears the verified response). */
  | { type: "CART_CHANGED"; cart: string }
  /** "Place order" was pressed with this attempt. */
  | { type: "PLACING"; attempt: PlaceAttempt }
  /**
   * The API answered the attempt with a refusal: nothing was placed, so the next press is a new
   * attempt with a new key.
   */
  | { type: "REFUSED" }
  /**
   * No answer came (network, timeout, API unreachable): the order may or may not exist, so a retry
   * of the same request must carry the same key.
   */
  | { type: "UNANSWERED" }
  /** The same checkout changed in another tab. */
  | { type: "ADOPT"; state: CheckoutState }
  /** After an order, or for another shopper. */
  | { type: "RESET"; owner: number | null };

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case "CHOOSE":
      return changesPrice(state, action.changes)
        ? { ...state, ...action.changes, verified_response: null, payable_amount: null }
        : { ...state, ...action.changes };
    case "CALCULATED":
      return {
        ...state,
        verified_response: action.verified_response,
        payable_amount: action.payable_amount,
        coupon: action.coupon,
        gift_card: action.gift_card ?? null,
        verifiedCart: action.cart,
      };
    case "CART_CHANGED":
      if (action.cart === state.verifiedCart) return state;
      return { ...state, verified_response: null, payable_amount: null, verifiedCart: null, attempt: null };
    case "PLACING":
      return { ...state, attempt: action.attempt, isPayment: true };
    case "REFUSED":
      return { ...state, attempt: null, isPayment: false };
    case "UNANSWERED":
      return { ...state, isPayment: false };
    case "ADOPT":
      // The card stays with the tab it was typed in, and so does a new card's token.
      return {
        ...action.state,
        credit_card: state.credit_card,
        stripeCard: state.stripeCard,
        gift_card: state.gift_card,
        bamboraCard:
          state.bamboraCard?.kind === "new" && action.state.bamboraCard === null
            ? state.bamboraCard
            : action.state.bamboraCard,
        isPayment: state.isPayment,
      };
    case "RESET":
      return initialCheckout(action.owner);
  }
}

/**
 * The attempt for pressing "Place order" on a request with this fingerprint: the pending attempt
 * when it was for the very same request (a retry after no answer, a double press, a reload), else a
 * new one with a fresh key.
 */
export function attemptFor(state: CheckoutState, fingerprint: string, newKey: () => string): PlaceAttempt {
  if (state.attempt && state.attempt.fingerprint === fingerprint) return state.attempt;
  return { key: newKey(), fingerprint };
}

/** 128 random bits as hex: a key no other attempt of any shopper will carry. */
export function newIdempotencyKey(
  fill: (bytes: Uint8Array<ArrayBuffer>) => unknown = (bytes) => crypto.getRandomValues(bytes),
): string {
  const bytes = new Uint8Array(16);
  fill(bytes);
  return [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A short, stable digest of a request (FNV-1a), so a stored attempt does not copy the whole request. */
export function fingerprintOf(value: unknown): string {
  const text = JSON.stringify(value);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${text.length.toString(36)}-${(hash >>> 0).toString(36)}`;
}

// ── Persistence ────────────────────────────────────────────────────────────

/** The state as stored: everything but a typed card, and never "on its way" (a reload stops the way). */
export function serializeCheckout(state: CheckoutState): string {
  const bamboraCard = state.bamboraCard?.kind === "saved" ? state.bamboraCard : null;
  return JSON.stringify({
    ...state,
    credit_card: null,
    bamboraCard,
    stripeCard: null,
    gift_card: null,
    stripePaymentMethodId: state.stripeCard ? null : state.stripePaymentMethodId,
    isPayment: false,
  });
}

/**
 * A stored field read with the contract's plain check of its schema: every page reads the stored
 * checkout, and the schemas themselves would bring zod to every first load (decision 026).
 */
function parsed<T>(check: (value: unknown) => T | null, value: unknown): T | null {
  if (value === null || value === undefined) return null;
  return check(value);
}

function oneOf<T extends string>(choices: readonly T[], value: unknown, fallback: T): T {
  return choices.includes(value as T) ? (value as T) : fallback;
}

function text(value: unknown, max: number): string {
  return typeof value === "string" ? value.slice(0, max) : "";
}

function textOrNull(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

function id(value: unknown): number | null {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : null;
}

function savedBamboraCardOf(value: unknown): BamboraChoice | null {
  if (typeof value !== "object" || value === null) return null;
  const { kind, cardId } = value as Record<string, unknown>;
  return kind === "saved" && typeof cardId === "string" && /^\d{1,9}$/.test(cardId)
    ? { kind: "saved", cardId }
    : null;
}

function attemptOf(value: unknown): PlaceAttempt | null {
  if (typeof value !== "object" || value === null) return null;
  const { key, fingerprint } = value as Record<string, unknown>;
  return typeof key === "string" && /^[0-9a-f]{32}$/.test(key) && typeof fingerprint === "string"
    ? { key, fingerprint }
    : null;
}

/**
 * The stored checkout, field by field: what was stored by another version or changed by hand falls
 * back to its starting value instead of breaking the page. No card is ever read back.
 */
export function parseStoredCheckout(stored: string | null): CheckoutState | null {
  if (!stored) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(stored);
  } catch {
    return null;
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null;
  const s = raw as Record<string, unknown>;
  const start = initialCheckout();
  return {
    ...start,
    billing_address: parsed(asBillingAddress, s.billing_address),
    shipping_address: parsed(asShippingAddress, s.shipping_address),
    delivery_time: parsed(asDeliveryWindowRef, s.delivery_time),
    delivery_post: id(s.delivery_post),
    delivery_type: oneOf(CHECKOUT_DELIVERY_TYPES, s.delivery_type, start.delivery_type),
    // A checkout stored when the shopper picked a provider pays by "Card" now.
    payment_gateway: (CARD_GATEWAYS as readonly unknown[]).includes(s.payment_gateway)
      ? CARD_PAYMENT
      : PAYMENT_GATEWAYS.includes(s.payment_gateway as PaymentGateway)
        ? (s.payment_gateway as PaymentGateway)
        : null,
    payment_sub_gateway: PAYMENT_SUB_GATEWAYS.includes(s.payment_sub_gateway as PaymentSubGateway)
      ? (s.payment_sub_gateway as PaymentSubGateway)
      : null,
    bamboraCard: savedBamboraCardOf(s.bamboraCard),
    stripePaymentMethodId: parsed(asStripePaymentMethodId, s.stripePaymentMethodId),
    customer_contact: text(s.customer_contact, 120),
    customer_name: text(s.customer_name, 120),
    verified_response: textOrNull(s.verified_response),
    coupon: parsed(asAppliedCoupon, s.coupon),
    refer_code: textOrNull(s.refer_code),
    note: text(s.note, 500),
    payable_amount:
      typeof s.payable_amount === "number" && Number.isSafeInteger(s.payable_amount)
        ? s.payable_amount
        : null,
    use_wallet: s.use_wallet === true,
    tip_option: parsed(asTipOption, s.tip_option),
    pickupOption: id(s.pickupOption),
    outStockPreference: oneOf(OUT_OF_STOCK_PREFERENCES, s.outStockPreference, start.outStockPreference),
    owner: id(s.owner),
    verifiedCart: typeof s.verifiedCart === "string" ? s.verifiedCart : null,
    attempt: attemptOf(s.attempt),
  };
}
