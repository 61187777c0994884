import type { PaymentDeclineReason } from "@stoa/contract";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import type { Database } from "../../platform/db/database.ts";
import { cardProviderWebhookEvents } from "../tables.ts";
import { STORE_METADATA } from "./client.ts";
import { stripeDeclineReason } from "./payments.ts";

/*
 * Stripe tells the shop about a payment after the fact — a 3-D Secure confirmation finishing an
 * authorization, a capture or refund made in its dashboard — by webhook, as often as it likes and
 * in any order. An event is believed only with a valid signature of the store's signing secret,
 * and applied once: its id is written to the store's seen events in the same transaction that
 * moves the payment, so a repeat finds it there and changes nothing, and a failure to apply leaves
 * it unseen for Stripe's next delivery.
 */

/** What an event says happened to a payment, in the words of the payment state machine. */
export type StripePaymentStep =
  | { step: "authorized"; paymentRef: string; storeId: number | null; amount: number }
  | { step: "captured"; paymentRef: string; storeId: number | null; amount: number }
  | { step: "voided"; paymentRef: string; storeId: number | null; amount: number }
  /** `amount` is everything refunded so far on the payment, not this refund alone. */
  | { step: "refunded"; paymentRef: string; storeId: number | null; amount: number }
  | { step: "declined"; paymentRef: string; storeId: number | null; reason: PaymentDeclineReason };

export class WebhookSignatureError extends Error {
  constructor() {
    super("the webhook's signature does not match the store's signing secret");
    this.name = "WebhookSignatureError";
  }
}

/**
 * The event of a webhook request, from its raw body and `Stripe-Signature` header; throws
 * WebhookSignatureError when the signature is missing, wrong, or too old (five minutes).
 */
export function verifyStripeWebhook(
  payload: string | Buffer,
  signature: string | undefined,
  signingSecret: string,
): Stripe.Event {
  if (!signature) throw new WebhookSignatureError();
  try {
    return Stripe.webhooks.constructEvent(payload, signature, signingSecret);
  } catch {
    throw new WebhookSignatureError();
  }
}

function storeOf(metadata: Stripe.Metadata | null | undefined): number | null {
  const value = Number(metadata?.[STORE_METADATA]);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

function intentRef(intent: string | Stripe.PaymentIntent | null): string | null {
  return typeof intent === "string" ? intent : (intent?.id ?? null);
}

/** The payment step an event reports; null for events the shop does not act on. */
export function stripeEventStep(event: Stripe.Event): StripePaymentStep | null {
  switch (event.type) {
    case "payment_intent.amount_capturable_updated": {
      const intent = event.data.object;
      if (intent.status !== "requires_capture") return null;
      return {
        step: "authorized",
        paymentRef: intent.id,
        storeId: storeOf(intent.metadata),
        amount: intent.amount_capturable,
      };
    }
    case "payment_intent.succeeded": {
      const intent = event.data.object;
      return {
        step: "captured",
        paymentRef: intent.id,
        storeId: storeOf(intent.metadata),
        amount: intent.amount_received,
      };
    }
    case "payment_intent.canceled": {
      const intent = event.data.object;
      return {
        step: "voided",
        paymentRef: intent.id,
        storeId: storeOf(intent.metadata),
        amount: intent.amount,
      };
    }
    case "payment_intent.payment_failed": {
      const intent = event.data.object;
      const reason = intent.last_payment_error
        ? stripeDeclineReason(intent.last_payment_error)
        : "card_declined";
      return { step: "declined", paymentRef: intent.id, storeId: storeOf(intent.metadata), reason };
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const paymentRef = intentRef(charge.payment_intent);
      if (!paymentRef) return null;
      return {
        step: "refunded",
        paymentRef,
        storeId: storeOf(charge.metadata),
        amount: charge.amount_refunded,
      };
    }
    default:
      return null;
  }
}

/** Whether the store's Stripe event was applied already (its id is recorded once applied). */
export async function stripeEventSeen(db: Database, storeId: number, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ eventId: cardProviderWebhookEvents.eventId })
    .from(cardProviderWebhookEvents)
    .where(
      and(
        eq(cardProviderWebhookEvents.storeId, storeId),
        eq(cardProviderWebhookEvents.provider, "stripe"),
        eq(cardProviderWebhookEvents.eventId, eventId),
      ),
    );
  return row !== undefined;
}

export type WebhookOutcome = "applied" | "ignored" | "repeated";

/**
 * Takes one webhook delivery for a store: verifies it, and applies the step it reports through
 * `apply` (the payment state machine, given the transaction) unless the event was seen before.
 * An event about another store's payment is ignored, never applied. `apply` throwing rolls the
 * event back to unseen, so Stripe's retry gets another go.
 */
export async function receiveStripeWebhook(
  db: Database,
  delivery: {
    storeId: number;
    payload: string | Buffer;
    signature: string | undefined;
    signingSecret: string;
  },
  apply: (tx: Database, step: StripePaymentStep, event: Stripe.Event) => Promise<void>,
): Promise<WebhookOutcome> {
  const event = verifyStripeWebhook(delivery.payload, delivery.signature, delivery.signingSecret);
  const step = stripeEventStep(event);
  return db.transaction(async (tx) => {
    const [seen] = await tx
      .insert(cardProviderWebhookEvents)
      .values({ storeId: delivery.storeId, provider: "stripe", eventId: event.id, eventType: event.type })
      .onConflictDoNothing()
      .returning();
    if (!seen) return "repeated";
    if (!step || (step.storeId !== null && step.storeId !== delivery.storeId)) return "ignored";
    await apply(tx, step, event);
    return "applied";
  });
}
