import { STRIPE_GATEWAY } from "@stoa/contract";
import { storeOrder } from "../orders/service.ts";
import type { CardProviders } from "../payments/card-providers.ts";
import { DEPLOYMENT_METADATA } from "../payments/stripe/client.ts";
import {
  receiveStripeWebhook,
  stripeEventSeen,
  stripeEventStep,
  verifyStripeWebhook,
  type WebhookOutcome,
  WebhookSignatureError,
} from "../payments/stripe/webhooks.ts";
import { storeOwnOrigin } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";
import { storeById } from "../stores/service.ts";
import type { OrderFlowDeps } from "./deps.ts";
import { findAuthorizationOf, settleCardPayment } from "./settle-payment.ts";

/*
 * Stripe's word on a payment, by webhook (decision 021): a 3-D Secure confirmation that ended in an
 * authorization or a failure settles the order waiting for it. The event is only the signal: the
 * payment is read back from Stripe, so events arriving late, twice or out of order all settle the
 * order on what Stripe holds now, and the settle itself moves the locked order once. An event is
 * marked seen only after it was applied, so a failure leaves it for Stripe's next delivery.
 * Captures, voids and refunds are Stoa's own steps, already applied when Stripe reports them.
 */

export async function receiveStripeEvent(
  deps: OrderFlowDeps,
  cards: Pick<CardProviders, "accounts" | "deployment">,
  delivery: { storeId: number; payload: string; signature: string | undefined },
): Promise<WebhookOutcome> {
  const { db } = deps;
  const store = await storeById(db, delivery.storeId);
  const account = store ? await cards.accounts.stripe(store.id) : null;
  // Without the store's signing secret nothing it is sent can be believed.
  if (!store || !account?.webhookSecret) throw new ApiError("WEBHOOK_SIGNATURE_INVALID");
  const signingSecret = account.webhookSecret.reveal();
  let event: ReturnType<typeof verifyStripeWebhook>;
  try {
    event = verifyStripeWebhook(delivery.payload, delivery.signature, signingSecret);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new ApiError("WEBHOOK_SIGNATURE_INVALID");
    throw error;
  }
  if (await stripeEventSeen(db, store.id, event.id)) return "repeated";
  const step = stripeEventStep(event);
  const object = event.data.object as { metadata?: Record<string, string> | null };
  const orderId = Number(object.metadata?.stoa_order);
  // Another deployment sharing the Stripe account numbers its stores and orders as this one does:
  // its payments are not this deployment's to settle.
  const deployment = await cards.deployment();
  const ours = (object.metadata?.[DEPLOYMENT_METADATA] ?? deployment) === deployment;
  const settles =
    step &&
    ours &&
    (step.step === "authorized" || step.step === "declined") &&
    step.storeId === store.id &&
    Number.isSafeInteger(orderId);
  if (settles) {
    const provider = deps.payments(store, STRIPE_GATEWAY, "existing");
    // Only "no such order" makes the event someone else's; any other failure answers an error, so
    // Stripe delivers the event again instead of it being marked seen.
    const order = await storeOrder(db, store.id, orderId).catch((error: unknown) => {
      if (error instanceof ApiError && error.kind === "NOT_FOUND") return null;
      throw error;
    });
    if (provider && order?.paymentGateway === STRIPE_GATEWAY) {
      const found = await findAuthorizationOf(deps, provider, order);
      // Stripe could not be asked back: the event stays unseen for its next delivery.
      if (found.outcome === "declined" && found.reason === "provider_error")
        throw new ApiError("PAYMENT_UNAVAILABLE");
      if (found.outcome !== "none")
        await settleCardPayment(
          { deps, keys: await deps.keys(), shop: { store, storefrontOrigin: storeOwnOrigin(store) } },
          provider,
          order,
          found,
        );
    }
  }
  return receiveStripeWebhook(
    db,
    { storeId: store.id, payload: delivery.payload, signature: delivery.signature, signingSecret },
    async () => {},
  );
}
