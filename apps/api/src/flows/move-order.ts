import type { StaffOrderAction } from "@stoa/contract";
import { lockOrder, moveOrder, type OrderMove, statusesAfter } from "../orders/service.ts";
import type { OrderRow } from "../orders/tables.ts";
import { type NewPaymentEvent, recordPaymentEvent } from "../payments/service.ts";
import type { RequestContext } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";
import type { StaffAccount } from "../staff/sessions.ts";
import type { StoreRow } from "../stores/tables.ts";
import type { OrderFlowDeps } from "./deps.ts";
import {
  askProvider,
  DECLINE_ERRORS,
  paymentEventOf,
  paymentKey,
  paymentRefOf,
  providerOfOrder,
} from "./payments.ts";

/** What each staff action moves: the sale and the goods; the money as the order's payment needs. */
const ACTION_MOVES: Record<StaffOrderAction, OrderMove> = {
  confirm: { order: "confirm" },
  startPreparing: { order: "startPreparing", fulfilment: "startPreparing" },
  ship: { order: "ship", fulfilment: "ship" },
  readyForPickup: { order: "readyForPickup", fulfilment: "readyForPickup" },
  deliver: { order: "deliver", fulfilment: "deliver" },
};

/**
 * The move of an action on this order. The goods leaving the shop (shipped, or handed over at the
 * counter) is when a card is charged: an authorized payment is captured then. Cash is collected at
 * the hand-over. A pickup order is never shipped, nor a delivered one set out for pickup.
 */
function moveOf(order: OrderRow, action: StaffOrderAction): OrderMove {
  if (action === "ship" && order.deliveryType === "pickup") throw new ApiError("TRANSITION_REFUSED");
  if (action === "readyForPickup" && order.deliveryType !== "pickup")
    throw new ApiError("TRANSITION_REFUSED");
  const move = { ...ACTION_MOVES[action] };
  if ((action === "ship" || action === "readyForPickup") && order.paymentStatus === "authorized")
    move.payment = "capture";
  if (action === "deliver" && order.paymentStatus === "cash_due") move.payment = "collectCash";
  return move;
}

/**
 * A member of staff moves an order on (`staff/orders/move`) through the three state machines; a
 * move a machine refuses is TRANSITION_REFUSED and changes nothing. A capture is asked of the
 * provider between two transactions, with a key of its own, so a repeated ship charges once; a
 * refused capture leaves the order where it was.
 */
export async function moveOrderOn(
  deps: OrderFlowDeps,
  ctx: RequestContext,
  staff: StaffAccount,
  orderId: number,
  action: StaffOrderAction,
): Promise<OrderRow> {
  const { db } = deps;
  const { store } = ctx;
  const actor = { kind: "staff", id: staff.member.id } as const;
  const first = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, store.id, orderId);
    if (!order) throw new ApiError("NOT_FOUND");
    const move = moveOf(order, action);
    statusesAfter(order, move);
    return move.payment === "capture"
      ? { order, moved: null }
      : { order, moved: await moveOrder(tx, order, move, actor) };
  });
  if (first.moved) return first.moved;
  const capture = await captureCard(deps, store, first.order);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, store.id, orderId);
    if (!order) throw new ApiError("NOT_FOUND");
    await recordPaymentEvent(tx, capture);
    return moveOrder(tx, order, moveOf(order, action), actor);
  });
}

async function captureCard(deps: OrderFlowDeps, store: StoreRow, order: OrderRow): Promise<NewPaymentEvent> {
  const provider = providerOfOrder(deps.payments, store, order);
  const paymentRef = await paymentRefOf(deps.db, order);
  if (!provider || !paymentRef) throw new ApiError("PAYMENT_UNAVAILABLE");
  const idempotencyKey = paymentKey(order, "capture");
  const answer = await askProvider(() => provider.capture({ storeId: store.id, paymentRef, idempotencyKey }));
  const event = paymentEventOf(
    {
      storeId: store.id,
      orderId: order.id,
      provider: provider.name,
      kind: "capture",
      amount: answer.outcome === "approved" ? answer.amount : order.payableAmount,
      currency: order.currency,
    },
    idempotencyKey,
    answer,
  );
  if (answer.outcome === "approved") return event;
  await recordPaymentEvent(deps.db, event);
  throw new ApiError(answer.outcome === "declined" ? DECLINE_ERRORS[answer.reason] : "PAYMENT_UNAVAILABLE");
}
