import type { CardSummary, CreditCard, PaymentDeclineReason } from "@stoa/contract";

/*
 * The one interface every card payment provider sits behind: Stoa's built-in test provider first,
 * the Stripe and Bambora adapters after it. A provider may be a remote service, so every call is
 * async and carries an idempotency key that the adapter passes on to the provider unchanged: the
 * same key answers the first answer again and never moves money twice, so any step can be retried
 * safely, from any API process, after a timeout or a crash.
 *
 * Answers are values, not exceptions: a decline or a refusal is an ordinary outcome the caller
 * must handle. A provider throws only for a caller's mistake (an amount that is not a positive
 * integer, a key reused for a different request).
 */

export type AuthorizeRequest = {
  storeId: number;
  orderId: number;
  /** Minor units of `currency`, more than zero (docs/decisions/003-money.md). */
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** The card as the shopper typed it, for providers that take one; never stored by Stoa. */
  card?: CreditCard;
  /**
   * The card as a provider that keeps card numbers away from Stoa knows it: a one-time token its
   * own page made in the shopper's browser, or a card saved for a customer of the store.
   */
  paymentMethod?: ProviderPaymentMethod;
  idempotencyKey: string;
};

/**
 * A card held by the provider. `token` is what the provider's page in the browser answered (a
 * Stripe payment method id, a Bambora single-use token); `saved_card` names a card saved for a
 * shop customer (saved-cards.ts), which the adapter checks belongs to that customer of that store.
 */
export type ProviderPaymentMethod =
  | { kind: "token"; token: string; holderName?: string }
  | { kind: "saved_card"; customerId: number; cardId: string };

/**
 * The store names whose provider account a step runs on: a store's keys are its own, and one
 * store can never reach another's payment by its reference.
 */
export type CaptureRequest = {
  storeId: number;
  paymentRef: string;
  /** Minor units, at most what was authorized; the whole authorization when left out. */
  amount?: number;
  idempotencyKey: string;
};
export type VoidRequest = { storeId: number; paymentRef: string; idempotencyKey: string };
export type RefundRequest = {
  storeId: number;
  paymentRef: string;
  /** Minor units, at most what was captured less what was refunded already. */
  amount: number;
  idempotencyKey: string;
};

/** The provider took the step; `amount` is what it moved (authorized, captured, released or refunded). */
export type PaymentApproved = { outcome: "approved"; paymentRef: string; amount: number };

/**
 * The card or the provider said no. `paymentRef` is the provider's record of the attempt, null
 * when no record could be had (`provider_error`).
 */
export type PaymentDeclined = {
  outcome: "declined";
  reason: PaymentDeclineReason;
  paymentRef: string | null;
};

/** Why a capture, void or refund did not fit the payment it named. */
export const PAYMENT_REFUSALS = ["unknown_payment", "wrong_state", "amount_too_large"] as const;
export type PaymentRefusal = (typeof PAYMENT_REFUSALS)[number];

/**
 * The step does not fit the payment: it is unknown to the provider, in a state that does not allow
 * the step (a void after capture), or the amount is more than is left. Nothing moved.
 */
export type PaymentRefused = { outcome: "refused"; refusal: PaymentRefusal; paymentRef: string };

/**
 * The card's bank wants the shopper to confirm the payment (3-D Secure) before it is authorized.
 * Nothing is held yet: the storefront confirms with `clientSecret` through the provider's own page,
 * and the provider's webhook then reports the authorization (or its failure). `paymentRef` names
 * the attempt, so the webhook can be matched to the order.
 */
export type PaymentRequiresAction = {
  outcome: "requires_action";
  paymentRef: string;
  amount: number;
  clientSecret: string;
};

/**
 * What became of an authorization asked under this key, for a payment whose answer Stoa never
 * settled (the shopper's bank confirmation, an API that died after asking): the provider's answer
 * as it stands now, or `none` when the provider never made a payment under the key. `paymentRef`,
 * when an earlier answer named the payment, lets the provider look it up directly.
 */
export type FindAuthorizationRequest = {
  storeId: number;
  orderId: number;
  idempotencyKey: string;
  paymentRef?: string | null;
};
export type AuthorizationFound = AuthorizeResult | { outcome: "none" };

export type AuthorizeResult =
  | (PaymentApproved & { card: CardSummary | null })
  | PaymentDeclined
  | PaymentRequiresAction;
export type PaymentStepResult = PaymentApproved | PaymentDeclined | PaymentRefused;

export interface PaymentProvider {
  /** The checkout's `payment_gateway` that selects it; stored with every payment event. */
  readonly name: string;
  /** Holds `amount` on the card without taking it yet (or says the shopper must confirm it first). */
  authorize(request: AuthorizeRequest): Promise<AuthorizeResult>;
  /** Takes authorized money, once: whatever is not captured is released. */
  capture(request: CaptureRequest): Promise<PaymentStepResult>;
  /** Releases an authorization that was never captured. */
  void(request: VoidRequest): Promise<PaymentStepResult>;
  /** Gives back captured money, in one go or in parts. */
  refund(request: RefundRequest): Promise<PaymentStepResult>;
  /** Looks an authorization up without asking for one: never moves money. */
  findAuthorization(request: FindAuthorizationRequest): Promise<AuthorizationFound>;
}

/** A mistake of the caller's, not an answer of the provider's: the request could never succeed. */
export class PaymentRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentRequestError";
  }
}
