import type { PaymentDeclineReason } from "@stoa/contract";
import type Stripe from "stripe";
import type { Database } from "../../platform/db/database.ts";
import { deploymentIdOf, deploymentKey } from "../deployment.ts";
import {
  type AuthorizeRequest,
  type AuthorizeResult,
  type PaymentDeclined,
  type PaymentProvider,
  type PaymentRefusal,
  PaymentRequestError,
  type PaymentStepResult,
} from "../provider.ts";
import { providerCustomerOf } from "../saved-cards.ts";
import {
  ATTEMPT_METADATA,
  cardOfPaymentMethod,
  DEPLOYMENT_METADATA,
  ORDER_METADATA,
  STORE_METADATA,
  STRIPE_GATEWAY,
  type StripeOptions,
  stripeClients,
  stripeErrorOf,
} from "./client.ts";

/*
 * Card payments through Stripe's PaymentIntents, with the official SDK. An order's money is held
 * (`capture_method: manual`) when it is placed and taken when it ships, so a cancelled order is a
 * release, not a refund. Every request carries the caller's idempotency key as the SDK's
 * `idempotencyKey`: Stripe answers a repeated key with its first answer, declines included, and
 * never charges twice.
 */

const UNAVAILABLE: PaymentDeclined = { outcome: "declined", reason: "provider_error", paymentRef: null };

/** Stripe's `code` and `decline_code` of a refused card, in the words every provider shares. */
export function stripeDeclineReason(error: { code?: string; decline_code?: string }): PaymentDeclineReason {
  if (error.code === "expired_card" || error.decline_code === "expired_card") return "expired_card";
  if (error.decline_code === "insufficient_funds") return "insufficient_funds";
  return "card_declined";
}

/** Why Stripe refused a capture, void or refund; null when the error is not about the payment. */
export function stripeRefusal(error: { code?: string }): PaymentRefusal | null {
  switch (error.code) {
    case "resource_missing":
      return "unknown_payment";
    case "payment_intent_unexpected_state":
    case "charge_already_refunded":
    case "charge_already_captured":
      return "wrong_state";
    case "amount_too_large":
      return "amount_too_large";
    default:
      return null;
  }
}

function checkAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new PaymentRequestError(`an amount is a positive integer of minor units, not ${amount}`);
}

function checkKey(key: string): void {
  if (key.length === 0 || key.length > 255)
    throw new PaymentRequestError("an idempotency key has 1 to 255 characters");
}

/** The answer of a PaymentIntent Stripe accepted, by its status. */
function intentAnswer(intent: Stripe.PaymentIntent): AuthorizeResult {
  switch (intent.status) {
    case "requires_capture":
    case "succeeded":
      return {
        outcome: "approved",
        paymentRef: intent.id,
        amount: intent.amount,
        card: cardOfPaymentMethod(intent.payment_method),
      };
    case "requires_action":
    case "processing":
      if (!intent.client_secret) return { ...UNAVAILABLE, paymentRef: intent.id };
      return {
        outcome: "requires_action",
        paymentRef: intent.id,
        amount: intent.amount,
        clientSecret: intent.client_secret,
      };
    default:
      return {
        outcome: "declined",
        reason: intent.last_payment_error ? stripeDeclineReason(intent.last_payment_error) : "card_declined",
        paymentRef: intent.id,
      };
  }
}

/** Errors of a request that got an answer about the card or the payment; anything else is unavailability. */
function authorizeFailure(error: unknown): AuthorizeResult {
  const stripeError = stripeErrorOf(error);
  if (!stripeError) throw error;
  if (stripeError.type === "StripeIdempotencyError")
    throw new PaymentRequestError(`Stripe refused the idempotency key: ${stripeError.message}`);
  const paymentRef = stripeError.payment_intent?.id ?? null;
  if (stripeError.type === "StripeCardError")
    return { outcome: "declined", reason: stripeDeclineReason(stripeError), paymentRef };
  // A payment method Stripe does not know, or one saved for another customer: the card is refused.
  if (stripeError.type === "StripeInvalidRequestError" && stripeError.param === "payment_method")
    return { outcome: "declined", reason: "card_declined", paymentRef };
  return { ...UNAVAILABLE, paymentRef };
}

function stepFailure(error: unknown, paymentRef: string): PaymentStepResult {
  const stripeError = stripeErrorOf(error);
  if (!stripeError) throw error;
  if (stripeError.type === "StripeIdempotencyError")
    throw new PaymentRequestError(`Stripe refused the idempotency key: ${stripeError.message}`);
  const refusal = stripeError.type === "StripeInvalidRequestError" ? stripeRefusal(stripeError) : null;
  return refusal ? { outcome: "refused", refusal, paymentRef } : { ...UNAVAILABLE, paymentRef };
}

export function createStripePayments(db: Database, options: StripeOptions): PaymentProvider {
  const clientOf = stripeClients({ deployment: () => deploymentIdOf(db), ...options });

  /**
   * The payment method and customer of a payment: a saved card must be one of the customer's own,
   * which Stripe is asked rather than trusted from the request. Null when the card is not theirs.
   */
  async function payer(
    stripe: Stripe,
    request: AuthorizeRequest,
  ): Promise<{ payment_method: string; customer?: string } | null> {
    const method = request.paymentMethod;
    if (!method) return null;
    if (method.kind === "token") return { payment_method: method.token };
    const customer = await providerCustomerOf(
      db,
      { storeId: request.storeId, customerId: method.customerId },
      "stripe",
    );
    if (!customer?.confirmed) return null;
    try {
      const saved = await stripe.paymentMethods.retrieve(method.cardId);
      const owner = typeof saved.customer === "string" ? saved.customer : saved.customer?.id;
      return owner === customer.providerRef ? { payment_method: saved.id, customer: owner } : null;
    } catch (error) {
      if (stripeErrorOf(error)?.code === "resource_missing") return null;
      throw error;
    }
  }

  /**
   * Capture, void and refund first read the payment, so one store never moves another's money
   * even where stores share an account (keys from the environment).
   */
  async function ownIntent(stripe: Stripe, deployment: string, storeId: number, paymentRef: string) {
    const intent = await stripe.paymentIntents.retrieve(paymentRef);
    // Payments made before deployments were named carry no deployment: they are this one's.
    const ours = (intent.metadata[DEPLOYMENT_METADATA] ?? deployment) === deployment;
    return ours && intent.metadata[STORE_METADATA] === String(storeId) ? intent : null;
  }

  /**
   * The PaymentIntent an authorization made under this key, found by the metadata it was made
   * with (Stripe's search may lag a new payment by a moment; reconciliation asks minutes later).
   */
  async function attemptIntent(
    stripe: Stripe,
    deployment: string,
    find: { storeId: number; orderId: number; idempotencyKey: string },
  ): Promise<Stripe.PaymentIntent | null> {
    const found = await stripe.paymentIntents.search({
      query: [
        `metadata['${DEPLOYMENT_METADATA}']:'${deployment}'`,
        `metadata['${STORE_METADATA}']:'${find.storeId}'`,
        `metadata['${ORDER_METADATA}']:'${find.orderId}'`,
      ].join(" AND "),
      limit: 100,
    });
    return found.data.find((intent) => intent.metadata[ATTEMPT_METADATA] === find.idempotencyKey) ?? null;
  }

  async function step(
    request: { storeId: number; paymentRef: string; idempotencyKey: string },
    take: (
      stripe: Stripe,
      intent: Stripe.PaymentIntent,
      idempotencyKey: string,
    ) => Promise<PaymentStepResult>,
  ): Promise<PaymentStepResult> {
    checkKey(request.idempotencyKey);
    const client = await clientOf(request.storeId);
    if (!client) return { ...UNAVAILABLE, paymentRef: request.paymentRef };
    try {
      const intent = await ownIntent(client.stripe, client.deployment, request.storeId, request.paymentRef);
      if (!intent) return { outcome: "refused", refusal: "unknown_payment", paymentRef: request.paymentRef };
      return await take(client.stripe, intent, deploymentKey(client.deployment, request.idempotencyKey));
    } catch (error) {
      return stepFailure(error, request.paymentRef);
    }
  }

  return {
    name: STRIPE_GATEWAY,

    async authorize(request) {
      checkAmount(request.amount);
      checkKey(request.idempotencyKey);
      if (!/^[A-Z]{3}$/.test(request.currency))
        throw new PaymentRequestError(`a currency is an ISO 4217 code, not ${request.currency}`);
      const client = await clientOf(request.storeId);
      if (!client) return UNAVAILABLE;
      try {
        const paying = await payer(client.stripe, request);
        if (!paying) return { outcome: "declined", reason: "card_declined", paymentRef: null };
        const intent = await client.stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency.toLowerCase(),
            capture_method: "manual",
            confirm: true,
            // Cards only, confirmed here: nothing that would send the shopper away to another site.
            automatic_payment_methods: { enabled: true, allow_redirects: "never" },
            ...paying,
            // The order and the attempt's key, so a payment whose answer was lost can be found again.
            metadata: {
              [DEPLOYMENT_METADATA]: client.deployment,
              [STORE_METADATA]: String(request.storeId),
              [ORDER_METADATA]: String(request.orderId),
              [ATTEMPT_METADATA]: request.idempotencyKey,
            },
            expand: ["payment_method"],
          },
          { idempotencyKey: deploymentKey(client.deployment, request.idempotencyKey) },
        );
        return intentAnswer(intent);
      } catch (error) {
        return authorizeFailure(error);
      }
    },

    async findAuthorization(find) {
      checkKey(find.idempotencyKey);
      const client = await clientOf(find.storeId);
      if (!client) return UNAVAILABLE;
      try {
        const intent = find.paymentRef
          ? await ownIntent(client.stripe, client.deployment, find.storeId, find.paymentRef)
          : await attemptIntent(client.stripe, client.deployment, find);
        if (!intent) return { outcome: "none" };
        const full =
          typeof intent.payment_method === "string" || !intent.payment_method
            ? await client.stripe.paymentIntents.retrieve(intent.id, { expand: ["payment_method"] })
            : intent;
        // A payment released or never confirmed holds nothing an order could be placed on.
        if (full.status === "canceled") return { outcome: "none" };
        return intentAnswer(full);
      } catch (error) {
        if (stripeErrorOf(error)?.code === "resource_missing") return { outcome: "none" };
        if (!stripeErrorOf(error)) throw error;
        return UNAVAILABLE;
      }
    },

    async capture(request) {
      if (request.amount !== undefined) checkAmount(request.amount);
      return step(request, async (stripe, intent, idempotencyKey) => {
        const captured = await stripe.paymentIntents.capture(
          intent.id,
          request.amount === undefined ? {} : { amount_to_capture: request.amount },
          { idempotencyKey },
        );
        return { outcome: "approved", paymentRef: captured.id, amount: captured.amount_received };
      });
    },

    async void(request) {
      return step(request, async (stripe, intent, idempotencyKey) => {
        const cancelled = await stripe.paymentIntents.cancel(
          intent.id,
          { cancellation_reason: "requested_by_customer" },
          { idempotencyKey },
        );
        return { outcome: "approved", paymentRef: cancelled.id, amount: cancelled.amount };
      });
    },

    async refund(request) {
      checkAmount(request.amount);
      return step(request, async (stripe, intent, idempotencyKey) => {
        const refund = await stripe.refunds.create(
          { payment_intent: intent.id, amount: request.amount },
          { idempotencyKey },
        );
        if (refund.status === "failed" || refund.status === "canceled")
          return { ...UNAVAILABLE, paymentRef: intent.id };
        return { outcome: "approved", paymentRef: intent.id, amount: refund.amount };
      });
    },
  };
}
