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
import { askProvider, paymentEventOf, paymentKey, paymentRefOf } from "./payments.ts";

/**
 * A shopper cancels an order that has not left the shop (`storeOrder/cancel`). Everything it held
 * goes back in one transaction with the move: stock, coupon use, wallet credit, delivery window.
 * An authorized card is voided first, outside the transaction, with a key of its own: should the
 * void fail, nothing is cancelled and the shopper may try again. A second cancel, or a cancel
 * after shipping, is TRANSITION_REFUSED; so is a card already captured, which is a refund's matter.
 */
export async function cancelOrder(
  deps: OrderFlowDeps,
  ctx: RequestContext,
  { customer }: Account,
  orderId: number,
  reason: string,
): Promise<Order> {
  const { db } = deps;
  const { store } = ctx;
  const current = await db.transaction(async (tx) => {
    const order = await lockCustomerOrder(tx, store.id, customer.id, orderId);
    assertCancellable(order);
    return order;
  });
  const voided = current.paymentStatus === "authorized" ? await voidCard(deps, store, current) : null;
  const cancelled = await db.transaction(async (tx) => {
    const order = await lockCustomerOrder(tx, store.id, customer.id, orderId);
    if (voided) await recordPaymentEvent(tx, voided);
    const move = assertCancellable(order);
    await releaseHolds(tx, order, await orderLinesOf(tx, store.id, order.id), "order_cancelled");
    return moveOrder(tx, order, move, { kind: "shopper", id: customer.id }, { cancelReason: reason || null });
  });
  return orderAnswer(db, cancelled);
}

/**
 * Voids an order's card authorization and answers the payment event to record with the cancel. A
 * void the provider refuses or cannot answer is recorded at once and ends the cancel with
 * PAYMENT_UNAVAILABLE: the order stays as it was.
 */
async function voidCard(deps: OrderFlowDeps, store: StoreRow, order: OrderRow): Promise<NewPaymentEvent> {
  const provider = order.paymentGateway ? deps.payments(store, order.paymentGateway) : null;
  const paymentRef = await paymentRefOf(deps.db, order);
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
