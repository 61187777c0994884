import type { Order } from "@stoa/contract";
import type { Account } from "../auth/sessions.ts";
import {
  assertCancellable,
  lockCustomerOrder,
  moveOrder,
  orderAnswer,
  orderLinesOf,
} from "../orders/service.ts";
import type { OrderRow } from "../orders/tables.ts";
import { type NewPaymentEvent, recordPaymentEvent } from "../payments/service.ts";
import type { RequestContext } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";
import type { StoreRow } from "../stores/tables.ts";
import type { OrderFlowDeps } from "./deps.ts";
import { releaseHolds } from "./holds.ts";
import { askProvider, paymentEventOf, paymentKey, paymentRefOf, providerOfOrder } from "./payments.ts";
import { findAuthorizationOf } from "./settle-payment.ts";

/**
 * A shopper cancels an order that has not left the shop (`storeOrder/cancel`). Everything it held
 * goes back in one transaction with the move: stock, coupon use, wallet credit, delivery window.
 * An authorized card (or one waiting for the shopper's bank) is voided first, outside the
 * transaction, with a key of its own: should the void fail, nothing is cancelled and the shopper
 * may try again. A second cancel, or a cancel
 * after shipping, is TRANSITION_REFUSED; so is a card already captured, which is a refund's matter.
 */
export async function cancelOrder(
  deps: OrderFlowDeps,
  ctx: RequestContext,
  account: Account,
  orderId: number,
  reason: string,
): Promise<Order> {
  const { customer } = account;
  const { db } = deps;
  const { store } = ctx;
  const current = await db.transaction(async (tx) => {
    const order = await lockCustomerOrder(tx, store.id, customer.id, orderId);
    assertCancellable(order, await orderLinesOf(tx, store.id, order.id));
    return order;
  });
  const voided =
    current.status === "pending_payment"
      ? await callOffWaitingCard(deps, store, current)
      : current.paymentStatus === "authorized"
        ? await voidCard(deps, store, current, await paymentRefOf(deps.db, current))
        : null;
  const cancelled = await db.transaction(async (tx) => {
    const order = await lockCustomerOrder(tx, store.id, customer.id, orderId);
    if (voided) await recordPaymentEvent(tx, voided);
    // The card was authorized meanwhile (the bank's confirmation won the race) and nothing was
    // voided: the cancel starts over, as a cancel of an authorized order.
    if (order.paymentStatus === "authorized" && !voided) return null;
    const lines = await orderLinesOf(tx, store.id, order.id);
    const move = assertCancellable(order, lines);
    await releaseHolds(tx, order, lines, "order_cancelled");
    return moveOrder(tx, order, move, { kind: "shopper", id: customer.id }, { cancelReason: reason || null });
  });
  if (!cancelled) return cancelOrder(deps, ctx, account, orderId, reason);
  return orderAnswer(db, cancelled);
}

/**
 * Voids an order's card authorization and answers the payment event to record with the cancel. A
 * void the provider refuses or cannot answer is recorded at once and ends the cancel with
 * PAYMENT_UNAVAILABLE: the order stays as it was.
 */
export async function voidCard(
  deps: OrderFlowDeps,
  store: StoreRow,
  order: OrderRow,
  paymentRef: string | null,
): Promise<NewPaymentEvent> {
  const provider = providerOfOrder(deps.payments, store, order);
  if (!provider || !paymentRef) throw new ApiError("PAYMENT_UNAVAILABLE");
  const idempotencyKey = paymentKey(order, "void");
  const answer = await askProvider(() =>
    provider.void({ storeId: order.storeId, paymentRef, idempotencyKey }),
  );
  const event = paymentEventOf(
    {
      storeId: order.storeId,
      orderId: order.id,
      provider: provider.name,
      kind: "void",
      amount: order.payableAmount,
      currency: order.currency,
    },
    idempotencyKey,
    answer,
  );
  if (answer.outcome !== "approved") {
    await recordPaymentEvent(deps.db, event);
    throw new ApiError("PAYMENT_UNAVAILABLE");
  }
  return event;
}

/**
 * The shopper cancels an order still waiting for its card, most often one whose bank confirmation
 * (3-D Secure) they abandoned. The provider is asked what it holds for the order: a payment waiting
 * for the bank, or already authorized, is called off before the order lets go of anything, so a
 * confirmation finishing now cannot take money for a cancelled order. Nothing found (the create is
 * still on its way) lets the cancel go on: an approval arriving after it finds the order cancelled
 * and is given back. A provider that cannot be asked ends the cancel with PAYMENT_UNAVAILABLE.
 */
export async function callOffWaitingCard(
  deps: OrderFlowDeps,
  store: StoreRow,
  order: OrderRow,
): Promise<NewPaymentEvent | null> {
  const provider = providerOfOrder(deps.payments, store, order);
  if (!provider) return null;
  const found = await findAuthorizationOf(deps, provider, order);
  if (found.outcome === "none" || (found.outcome === "declined" && found.reason !== "provider_error"))
    return null;
  if (found.outcome === "declined") throw new ApiError("PAYMENT_UNAVAILABLE");
  return voidCard(deps, store, order, found.paymentRef);
}
