import { committedOfOrder } from "../orders/refunds.ts";
import {
  assertStaffCancellable,
  lockOrder,
  moneyTaken,
  moveOrder,
  orderLinesOf,
  refundRequestedByLine,
} from "../orders/service.ts";
import type { OrderRow } from "../orders/tables.ts";
import { recordPaymentEvent } from "../payments/service.ts";
import type { Database } from "../platform/db/database.ts";
import type { RequestContext } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";
import { recordChange } from "../staff/audit.ts";
import type { StaffAccount } from "../staff/sessions.ts";
import { callOffWaitingCard, voidCard } from "./cancel-order.ts";
import type { OrderFlowDeps } from "./deps.ts";
import { giveRefund } from "./give-refund.ts";
import { releaseHolds, releaseHoldsOfRefunded } from "./holds.ts";
import { type ShopOrigin, tellShopper } from "./order-confirmation.ts";
import { paymentRefOf } from "./payments.ts";

type LinkKeys = Awaited<ReturnType<OrderFlowDeps["keys"]>>;

/** Tells the shopper the shop cancelled their order, and whether money they paid goes back. */
async function queueCancelled(
  tx: Database,
  keys: LinkKeys,
  shop: ShopOrigin,
  order: OrderRow,
  refunded: boolean,
): Promise<void> {
  await tellShopper(tx, keys, shop, order, (link) => ({
    kind: "orderCancelled",
    orderNumber: order.orderNumber,
    link,
    refunded,
  }));
}

/**
 * A member of staff cancels an order that has not left the shop (`staff/orders/cancel`), with a
 * reason. As a shopper's cancel does, a card held (or waiting for the shopper's bank) is called off
 * first, outside any transaction, and a failure leaves the order as it was. Money already taken (a
 * card captured at once, cash collected, wallet credit or a gift card that paid it all) is refunded
 * in whole first, as the shop's refund from the order gives it (putting the units back in stock,
 * and within a "staff" member's refund limit). Then, in one transaction with the move: the stock,
 * coupon use, delivery window and (for money not taken) wallet credit and gift card value go back,
 * the cancel is audited, and the shopper is emailed.
 */
export async function staffCancelOrder(
  deps: OrderFlowDeps,
  ctx: RequestContext,
  staff: StaffAccount,
  orderId: number,
  reason: string,
): Promise<OrderRow> {
  const { db } = deps;
  const { store } = ctx;
  const keys = await deps.keys();
  const current = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, store.id, orderId);
    if (!order) throw new ApiError("NOT_FOUND");
    assertStaffCancellable(order, await orderLinesOf(tx, store.id, order.id));
    const left = moneyTaken(order)
      ? order.payableAmount + order.wallet + order.giftCard - (await committedOfOrder(tx, store.id, order.id))
      : 0;
    return { order, left };
  });
  const { order: found, left } = current;
  if (left > 0)
    await giveRefund(
      deps,
      ctx,
      staff,
      { orderId, whole: true, lines: [], restock: true, reason, refundTo: null, preview: false },
      { tellShopper: false },
    );
  const voided =
    found.status === "pending_payment"
      ? await callOffWaitingCard(deps, store, found)
      : found.paymentStatus === "authorized"
        ? await voidCard(deps, store, found, await paymentRefOf(db, found))
        : null;
  const cancelled = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, store.id, orderId);
    if (!order) throw new ApiError("NOT_FOUND");
    if (voided) await recordPaymentEvent(tx, voided);
    // The card was authorized meanwhile and nothing was voided: start over, as the cancel of an
    // authorized order.
    if (order.paymentStatus === "authorized" && !voided) return null;
    const lines = await orderLinesOf(tx, store.id, order.id);
    const move = assertStaffCancellable(order, lines);
    const taken = moneyTaken(order);
    if (taken)
      await releaseHoldsOfRefunded(tx, order, lines, await refundRequestedByLine(tx, store.id, order.id));
    else await releaseHolds(tx, order, lines, "order_cancelled");
    const moved = await moveOrder(
      tx,
      order,
      move,
      { kind: "staff", id: staff.member.id },
      { cancelReason: reason },
    );
    await recordChange(tx, {
      storeId: store.id,
      staffId: staff.member.id,
      action: "order.cancel",
      subject: `order:${order.orderNumber}`,
      before: {
        status: order.status,
        paymentStatus: order.paymentStatus,
        fulfilmentStatus: order.fulfilmentStatus,
      },
      after: {
        status: moved.status,
        paymentStatus: moved.paymentStatus,
        fulfilmentStatus: moved.fulfilmentStatus,
        reason,
      },
    });
    await queueCancelled(tx, keys, ctx, moved, taken);
    return moved;
  });
  if (!cancelled) return staffCancelOrder(deps, ctx, staff, orderId, reason);
  return cancelled;
}
