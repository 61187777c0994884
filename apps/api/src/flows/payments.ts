import { randomUUID } from "node:crypto";
import {
  BAMBORA_GATEWAY,
  CARD_GATEWAYS,
  type CardGateway,
  type ErrorName,
  type PaymentDeclineReason,
  STRIPE_GATEWAY,
  TEST_CARD_GATEWAY,
} from "@stoa/contract";
import type { OrderRow } from "../orders/tables.ts";
import type { CardProviders } from "../payments/card-providers.ts";
import {
  type AuthorizeResult,
  type PaymentDeclined,
  type PaymentProvider,
  PaymentRequestError,
  type PaymentStepResult,
} from "../payments/provider.ts";
import { type NewPaymentEvent, paymentEventOutcome, paymentEventsOfOrder } from "../payments/service.ts";
import { createTestProvider, testProviderEnabled } from "../payments/test-provider.ts";
import type { Database } from "../platform/db/database.ts";
import type { StoreRow } from "../stores/tables.ts";

/**
 * Why a provider is wanted: `checkout` for a new payment, which a store takes only through the
 * gateways it offers now; `existing` for a payment already made (capture, void, refund, look-up),
 * which goes on through the gateway the order was paid with, on the store's account there, even if
 * the store has stopped offering it since: its money is still held or taken there.
 */
export type ProviderUse = "checkout" | "existing";

/** The provider of a `payment_gateway` for a store; null when there is none to use that way. */
export type PaymentProviders = (
  store: StoreRow,
  gateway: string,
  use?: ProviderUse,
) => PaymentProvider | null;

/**
 * The providers stores take cards through: the built-in test provider for a store that turned it on
 * (every store in the API's own tests), and Stripe and Bambora for a store
 * whose `payment_providers` lists them, each on the store's own account (sealed in the database)
 * or the environment's. Without `cards` (the tests' default app) only the test provider is there.
 */
export function storePaymentProviders(
  db: Database,
  nodeEnv: "development" | "production" | "test",
  cards?: Pick<CardProviders, "stripe" | "bambora">,
): PaymentProviders {
  const testProvider = createTestProvider(db);
  return (store, gateway, use = "checkout") => {
    const existing = use === "existing";
    if (gateway === TEST_CARD_GATEWAY)
      return existing || testProviderEnabled(store, { NODE_ENV: nodeEnv }) ? testProvider : null;
    if (gateway !== STRIPE_GATEWAY && gateway !== BAMBORA_GATEWAY) return null;
    if (!cards || !(existing || store.paymentProviders.includes(gateway))) return null;
    return cards[gateway].payments;
  };
}

/** The provider holding an order's payment: the gateway it was paid through, offered now or not. */
export function providerOfOrder(
  payments: PaymentProviders,
  store: StoreRow,
  order: { paymentGateway: string | null },
): PaymentProvider | null {
  return order.paymentGateway ? payments(store, order.paymentGateway, "existing") : null;
}

/** The card providers a store takes: saved cards of each are listed and paid with. */
export function cardGatewaysOf(payments: PaymentProviders, store: StoreRow): CardGateway[] {
  return CARD_GATEWAYS.filter((gateway) => payments(store, gateway) !== null);
}

/**
 * The provider a new card goes through: the store's setting (`stores.card_provider`) while the
 * store takes it, else the first it takes of Stripe, Bambora and the test provider; null when it
 * takes no card. The shopper never chooses it.
 */
export function newCardGatewayOf(payments: PaymentProviders, store: StoreRow): CardGateway | null {
  if (store.cardProvider && payments(store, store.cardProvider) !== null) return store.cardProvider;
  return cardGatewaysOf(payments, store)[0] ?? null;
}

/** What the shopper is told for each reason a card is refused. */
export const DECLINE_ERRORS: Record<PaymentDeclineReason, ErrorName> = {
  card_declined: "PAYMENT_DECLINED",
  insufficient_funds: "INSUFFICIENT_FUNDS",
  expired_card: "CARD_EXPIRED",
  provider_error: "PAYMENT_UNAVAILABLE",
};

/**
 * The provider's idempotency key of one payment step of an order: the order's own Idempotency-Key
 * (so a resubmitted create asks the provider the same question, and money moves once), behind the
 * order id, which makes it unique in the store whoever chose the key.
 */
export function paymentKey(order: Pick<OrderRow, "id" | "idempotencyKey">, step: string): string {
  return `order-${order.id}:${order.idempotencyKey}:${step}`;
}

/**
 * Asks the provider, turning a failure to get an answer (a crash, a timeout of a remote provider)
 * into a `provider_error` decline: nothing is known to have moved, and the same key may be asked
 * again. A caller's mistake still throws.
 */
export async function askProvider<T>(ask: () => Promise<T>): Promise<T | PaymentDeclined> {
  try {
    return await ask();
  } catch (error) {
    if (error instanceof PaymentRequestError) throw error;
    return { outcome: "declined", reason: "provider_error", paymentRef: null };
  }
}

/** The provider's reference of an order's authorized payment, from its payment log. */
export async function paymentRefOf(db: Database, order: OrderRow): Promise<string | null> {
  const events = await paymentEventsOfOrder(db, order.storeId, order.id);
  return (
    events.find((event) => event.kind === "authorize" && event.result === "approved")?.providerRef ?? null
  );
}

/** Why an order's card was refused, from the last refusal in its payment log. */
export async function declineReasonOf(db: Database, order: OrderRow): Promise<PaymentDeclineReason> {
  const events = await paymentEventsOfOrder(db, order.storeId, order.id);
  const refused = events.filter((event) => event.result === "declined").at(-1);
  return (refused?.reason as PaymentDeclineReason | undefined) ?? "card_declined";
}

/**
 * The payment log's record of one step. A step the provider never answered is recorded under a
 * key of its own: the step's key stays free for the retry that gets an answer, which the log then
 * records as well.
 */
export function paymentEventOf(
  step: Pick<NewPaymentEvent, "storeId" | "orderId" | "provider" | "kind" | "amount" | "currency">,
  idempotencyKey: string,
  answer: AuthorizeResult | PaymentStepResult,
): NewPaymentEvent {
  const unanswered = answer.outcome === "declined" && answer.reason === "provider_error";
  return {
    ...step,
    idempotencyKey: unanswered ? `${idempotencyKey}:unanswered:${randomUUID()}` : idempotencyKey,
    ...paymentEventOutcome(answer),
  };
}
