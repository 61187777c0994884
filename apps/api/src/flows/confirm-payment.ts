import type { PlacedOrder } from "@stoa/contract";
import type { Account } from "../auth/sessions.ts";
import { lockCustomerOrder } from "../orders/service.ts";
import type { RequestContext } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";
import type { OrderFlowDeps } from "./deps.ts";
import { DECLINE_ERRORS, declineReasonOf, providerOfOrder } from "./payments.ts";
import { answerOf } from "./place-order.ts";
import { findAuthorizationOf, settleCardPayment } from "./settle-payment.ts";

/**
 * The shopper is back from confirming the card with its bank (3-D Secure) and the storefront asks
 * for the order (`storeOrder/confirmPayment`). The provider is asked what became of the payment
 * (never for a new one) and the order is settled on its answer, as Stripe's webhook would settle
 * it: whichever comes first moves it, once. A provider that cannot be reached leaves the order
 * waiting (PAYMENT_UNAVAILABLE): the shopper may ask again, and the sweeper settles it otherwise.
 */
export async function confirmPayment(
  deps: OrderFlowDeps,
  ctx: RequestContext,
  { customer }: Account,
  orderId: number,
): Promise<PlacedOrder> {
  const { db } = deps;
  const keys = await deps.keys();
  const order = await db.transaction((tx) => lockCustomerOrder(tx, ctx.store.id, customer.id, orderId));
  if (order.status === "payment_failed") throw new ApiError(DECLINE_ERRORS[await declineReasonOf(db, order)]);
  if (order.status !== "pending_payment") return answerOf(db, keys, { order, action: null });
  const provider = providerOfOrder(deps.payments, ctx.store, order);
  if (!provider) throw new ApiError("PAYMENT_UNAVAILABLE");
  const found = await findAuthorizationOf(deps, provider, order);
  // Nothing asked yet (the create is still on its way to the provider): the order as it stands.
  if (found.outcome === "none") return answerOf(db, keys, { order, action: null });
  if (found.outcome === "declined" && found.reason === "provider_error")
    throw new ApiError("PAYMENT_UNAVAILABLE");
  const settled = await settleCardPayment({ deps, keys, shop: ctx }, provider, order, found);
  if (settled.order.status === "payment_failed")
    throw new ApiError(DECLINE_ERRORS[await declineReasonOf(db, settled.order)]);
  return answerOf(db, keys, settled);
}
