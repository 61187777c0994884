import { FIELD_ERROR_KEYS, parcelTracking, type StaffOrderAction } from "@stoa/contract";
import type { LinkKeys } from "../orders/links.ts";
import {
  type Actor,
  lockOrder,
  moveOrder,
  type OrderMove,
  setOrderTracking,
  statusesAfter,
} from "../orders/service.ts";
import type { OrderRow } from "../orders/tables.ts";
import { type NewPaymentEvent, recordPaymentEvent } from "../payments/service.ts";
import type { Database } from "../platform/db/database.ts";
import type { RequestContext } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";
import { recordChange } from "../staff/audit.ts";
import type { StaffAccount } from "../staff/sessions.ts";
import type { StoreRow } from "../stores/tables.ts";
import type { OrderFlowDeps } from "./deps.ts";
import { type ShopOrigin, tellShopper } from "./order-confirmation.ts";
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

/** The parcel a shipped order went in, as the shop names it (contract `parcelTrackingInputSchema`). */
export type ParcelNamed = { carrier: ParcelCarrierKey; number: string };
type ParcelCarrierKey = Parameters<typeof parcelTracking>[0];

/**
 * Tells the shopper their order left the shop, with the parcel's tracking page when the shop named
 * it: in the move's own transaction, so the message goes exactly when the move is written.
 */
async function queueShipped(tx: Database, keys: LinkKeys, shop: ShopOrigin, order: OrderRow): Promise<void> {
  const tracking =
    order.trackingCarrier && order.trackingNumber
      ? parcelTracking(order.trackingCarrier, order.trackingNumber)
      : null;
  await tellShopper(tx, keys, shop, order, (link) => ({
    kind: "orderShipped",
    orderNumber: order.orderNumber,
    link,
    tracking,
  }));
}

/** Writes a move of a locked order; a shipped order gets its parcel and the shopper is told. */
async function writeMove(
  tx: Database,
  keys: LinkKeys,
  shop: ShopOrigin,
  order: OrderRow,
  action: StaffOrderAction,
  actor: Actor,
  parcel: ParcelNamed | undefined,
): Promise<OrderRow> {
  const changes = parcel ? { trackingCarrier: parcel.carrier, trackingNumber: parcel.number } : {};
  const moved = await moveOrder(tx, order, moveOf(order, action), actor, changes);
  if (action === "ship") await queueShipped(tx, keys, shop, moved);
  if (actor.kind === "staff")
    await recordChange(tx, {
      storeId: order.storeId,
      staffId: actor.id,
      action: "order.move",
      subject: `order:${order.orderNumber}`,
      before: statesOf(order),
      after: { ...statesOf(moved), action, ...(parcel ? { parcel } : {}) },
    });
  return moved;
}

/**
 * A member of staff moves an order on (`staff/orders/move`) through the three state machines; a
 * move a machine refuses is TRANSITION_REFUSED and changes nothing. A capture is asked of the
 * provider between two transactions, with a key of its own, so a repeated ship charges once; a
 * refused capture leaves the order where it was. Only `ship` names a parcel.
 */
export async function moveOrderOn(
  deps: OrderFlowDeps,
  ctx: RequestContext,
  staff: StaffAccount,
  orderId: number,
  action: StaffOrderAction,
  parcel?: ParcelNamed,
): Promise<OrderRow> {
  if (parcel && action !== "ship")
    throw new ApiError("INVALID_INPUT", { tracking: FIELD_ERROR_KEYS.invalid });
  const { db } = deps;
  const { store } = ctx;
  const keys = await deps.keys();
  const actor = { kind: "staff", id: staff.member.id } as const;
  const first = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, store.id, orderId);
    if (!order) throw new ApiError("NOT_FOUND");
    const move = moveOf(order, action);
    statusesAfter(order, move);
    return move.payment === "capture"
      ? { order, moved: null }
      : { order, moved: await writeMove(tx, keys, ctx, order, action, actor, parcel) };
  });
  if (first.moved) return first.moved;
  const capture = await captureCard(deps, store, first.order);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, store.id, orderId);
    if (!order) throw new ApiError("NOT_FOUND");
    await recordPaymentEvent(tx, capture);
    return writeMove(tx, keys, ctx, order, action, actor, parcel);
  });
}

/**
 * Names or corrects the parcel of a shipped order (`staff/orders/tracking`); the shopper is told
 * again when it changed. An order not on its way (not shipped yet, or delivered) is TRANSITION_REFUSED.
 */
export async function setParcel(
  deps: OrderFlowDeps,
  ctx: RequestContext,
  staff: StaffAccount,
  orderId: number,
  parcel: ParcelNamed,
): Promise<OrderRow> {
  const keys = await deps.keys();
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, ctx.store.id, orderId);
    if (!order) throw new ApiError("NOT_FOUND");
    if (order.status !== "shipped") throw new ApiError("TRANSITION_REFUSED");
    if (order.trackingCarrier === parcel.carrier && order.trackingNumber === parcel.number) return order;
    const named = await setOrderTracking(tx, order, {
      trackingCarrier: parcel.carrier,
      trackingNumber: parcel.number,
    });
    await queueShipped(tx, keys, ctx, named);
    await recordChange(tx, {
      storeId: order.storeId,
      staffId: staff.member.id,
      action: "order.tracking",
      subject: `order:${order.orderNumber}`,
      before: { carrier: order.trackingCarrier, number: order.trackingNumber },
      after: { carrier: named.trackingCarrier, number: named.trackingNumber },
    });
    return named;
  });
}

/** The order's three states, as the audit log records a move. */
const statesOf = (order: OrderRow) => ({
  status: order.status,
  paymentStatus: order.paymentStatus,
  fulfilmentStatus: order.fulfilmentStatus,
});

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
