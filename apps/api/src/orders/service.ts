import {
  countedResultsCap,
  type FulfilmentStatus,
  GUEST_ORDER_LINK_DAYS,
  ORDER_LIST_TABS,
  type Order,
  type OrderListTab,
  type OrderStatus,
  type OrderSummary,
  type Paginated,
  type PaginationQuery,
  type PaymentStatus,
  paginate,
  parcelTracking,
  type StaffOrderFilter,
} from "@stoa/contract";
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, ne, or, sql } from "drizzle-orm";
import { deliverySettingsOf } from "../delivery/service.ts";
import { countUpTo } from "../platform/db/counting.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { type FulfilmentEvent, nextFulfilmentStatus } from "./fulfilment-status.ts";
import { guestOrderToken, type LinkKeys, sameSecret } from "./links.ts";
import { nextOrderStatus, type OrderEvent } from "./order-status.ts";
import { handsOverDownloads } from "./paid-downloads.ts";
import { nextPaymentStatus, type PaymentEvent } from "./payment-status.ts";
import {
  type OrderActor,
  type OrderLineRow,
  type OrderRow,
  orderEvents,
  orderLines,
  orders,
  refundRequestLines,
  refundRequests,
} from "./tables.ts";

export type NewOrderLine = Omit<typeof orderLines.$inferInsert, "storeId" | "orderId" | "id" | "position">;
export type Actor = { kind: OrderActor; id: number | null };

const byId = (storeId: number, orderId: number) => and(eq(orders.storeId, storeId), eq(orders.id, orderId));

/** The order a shopper placed with an idempotency key, if any. */
export async function orderByIdempotencyKey(
  db: Database,
  storeId: number,
  customerId: number,
  idempotencyKey: string,
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.customerId, customerId),
        eq(orders.idempotencyKey, idempotencyKey),
      ),
    );
  return row ?? null;
}

/** An order of the store, locked until the transaction ends: every move of its statuses starts here. */
export async function lockOrder(tx: Database, storeId: number, orderId: number): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(byId(storeId, orderId)).for("update");
  return row ?? null;
}

/**
 * Marks a locked order whose card authorization the provider did not answer: the shopper was told
 * to wait, and the order stops counting against their open unpaid orders (migration 0026).
 */
export async function markCardUnanswered(tx: Database, order: OrderRow): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ cardUnansweredAt: sql`now()` })
    .where(byId(order.storeId, order.id))
    .returning();
  return row ?? order;
}

/** Names the parcel a locked, shipped order went in. */
export async function setOrderTracking(
  tx: Database,
  order: OrderRow,
  tracking: Pick<OrderRow, "trackingCarrier" | "trackingNumber">,
): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ ...tracking, updatedAt: sql`now()` })
    .where(byId(order.storeId, order.id))
    .returning();
  if (!row) throw new Error(`order ${order.id} vanished while locked`);
  return row;
}

/** An order line of the store with its order, by the line's id alone; null when the store has none. */
export async function orderLineWithOrder(
  db: Database,
  storeId: number,
  orderLineId: number,
): Promise<{ line: OrderLineRow; order: OrderRow } | null> {
  const [row] = await db
    .select({ line: orderLines, order: orders })
    .from(orderLines)
    .innerJoin(orders, and(eq(orders.storeId, orderLines.storeId), eq(orders.id, orderLines.orderId)))
    .where(and(eq(orderLines.storeId, storeId), eq(orderLines.id, orderLineId)));
  return row ?? null;
}

/** A shopper's own order, locked; another shopper's (or another store's) is not found. */
export async function lockCustomerOrder(
  tx: Database,
  storeId: number,
  customerId: number,
  orderId: number,
): Promise<OrderRow> {
  const order = await lockOrder(tx, storeId, orderId);
  if (!order || order.customerId !== customerId) throw new ApiError("NOT_FOUND");
  return order;
}

export async function orderLinesOf(db: Database, storeId: number, orderId: number): Promise<OrderLineRow[]> {
  return db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.storeId, storeId), eq(orderLines.orderId, orderId)))
    .orderBy(asc(orderLines.position));
}

async function recordEvent(tx: Database, order: OrderRow, actor: Actor): Promise<void> {
  await tx.insert(orderEvents).values({
    storeId: order.storeId,
    orderId: order.id,
    status: order.status,
    paymentStatus: order.paymentStatus,
    fulfilmentStatus: order.fulfilmentStatus,
    actor: actor.kind,
    actorId: actor.id,
  });
}

/** The events that move an order, one per machine; a machine left out does not move. */
export type OrderMove = { order?: OrderEvent; payment?: PaymentEvent; fulfilment?: FulfilmentEvent };

/** Moves made by Stoa itself (a card's answer, a sweeper), not by a shopper or the shop's staff. */
export const SYSTEM: Actor = { kind: "system", id: null };

/** An order of nothing but downloads, paid: its files are the customer's, so it is delivered. */
export const DELIVER_DOWNLOADS: OrderMove = { order: "deliverDownloads", fulfilment: "deliverDownloads" };

/** The statuses a move leads to, or TRANSITION_REFUSED when any of the three machines refuses it. */
export function statusesAfter(
  order: Pick<OrderRow, "status" | "paymentStatus" | "fulfilmentStatus">,
  move: OrderMove,
): { status: OrderStatus; paymentStatus: PaymentStatus; fulfilmentStatus: FulfilmentStatus } {
  return {
    status: move.order ? nextOrderStatus(order.status, move.order) : order.status,
    paymentStatus: move.payment ? nextPaymentStatus(order.paymentStatus, move.payment) : order.paymentStatus,
    fulfilmentStatus: move.fulfilment
      ? nextFulfilmentStatus(order.fulfilmentStatus, move.fulfilment)
      : order.fulfilmentStatus,
  };
}

/**
 * Moves a locked order through its state machines and adds the step to its timeline. Nothing is
 * written when a machine refuses: the caller's transaction rolls back with TRANSITION_REFUSED.
 */
export async function moveOrder(
  tx: Database,
  order: OrderRow,
  move: OrderMove,
  actor: Actor,
  changes: Partial<
    Pick<OrderRow, "cardBrand" | "cardLast4" | "cancelReason" | "trackingCarrier" | "trackingNumber">
  > = {},
): Promise<OrderRow> {
  const next = statusesAfter(order, move);
  const [moved] = await tx
    .update(orders)
    .set({ ...next, ...changes, updatedAt: sql`now()` })
    .where(byId(order.storeId, order.id))
    .returning();
  if (!moved) throw new Error(`order ${order.id} of store ${order.storeId} vanished while locked`);
  await recordEvent(tx, moved, actor);
  return moved;
}

/**
 * Units of each line already asked back in refund requests the shop has not declined, and their
 * amount; and of those, the units paid back.
 */
export async function refundRequestedByLine(
  db: Database,
  storeId: number,
  orderId: number,
): Promise<Map<number, { quantity: number; amount: number; refunded: number }>> {
  const rows = await db
    .select({
      orderLineId: refundRequestLines.orderLineId,
      quantity: sql<number>`sum(${refundRequestLines.quantity})::int`,
      amount: sql<number>`sum(${refundRequestLines.amount})::int`,
      refunded: sql<number>`(sum(${refundRequestLines.quantity}) FILTER (WHERE ${refundRequests.status} = 'refunded'))::int`,
    })
    .from(refundRequestLines)
    .innerJoin(
      refundRequests,
      and(
        eq(refundRequests.storeId, refundRequestLines.storeId),
        eq(refundRequests.id, refundRequestLines.refundId),
      ),
    )
    .where(
      and(
        eq(refundRequests.storeId, storeId),
        eq(refundRequests.orderId, orderId),
        ne(refundRequests.status, "declined"),
      ),
    )
    .groupBy(refundRequestLines.orderLineId);
  return new Map(
    rows.map((row) => [
      row.orderLineId,
      { quantity: row.quantity, amount: row.amount, refunded: row.refunded ?? 0 },
    ]),
  );
}

/** Whether every one of the moves may happen now, by the three machines' tables. */
function allowed(order: OrderRow, move: OrderMove): boolean {
  try {
    statusesAfter(order, move);
    return true;
  } catch {
    return false;
  }
}

/**
 * What a cancel does to the money: an authorization is voided, cash not yet collected is no longer
 * due, an order that asked for no payment stays so. Money already taken is not a cancel but a
 * refund, so such an order cannot be cancelled.
 */
export function cancelMove(order: Pick<OrderRow, "paymentStatus">): OrderMove {
  return {
    order: "cancel",
    fulfilment: "cancel",
    payment: order.paymentStatus === "none" ? undefined : "void",
  };
}

type LinesOfCancel = Pick<OrderLineRow, "isDigital" | "digitalFile">[];

/**
 * Whether the shopper may cancel now: until the order leaves the shop, and while it waits for its
 * card (the shopper gave up on confirming it with the bank). A card answer racing the cancel finds
 * the order cancelled and the money is given back (flows/settle-payment.ts). Never once its files
 * can be downloaded: those goods are delivered, and a cancel would give the money back for them.
 */
export function canCancel(order: OrderRow, lines: LinesOfCancel): boolean {
  return !handsOverDownloads(order, lines) && allowed(order, cancelMove(order));
}

/**
 * The cancel's move; DIGITAL_GOODS_DELIVERED once the order's files can be downloaded, and
 * TRANSITION_REFUSED when the order cannot be cancelled now for another reason.
 */
export function assertCancellable(order: OrderRow, lines: LinesOfCancel): OrderMove {
  if (handsOverDownloads(order, lines)) throw new ApiError("DIGITAL_GOODS_DELIVERED");
  const move = cancelMove(order);
  statusesAfter(order, move);
  return move;
}

/**
 * Whether the order's money is the shopper's paid money, given back by a refund: a card captured
 * (or refunded in part or whole), cash collected, or an order that asked for no payment because
 * wallet credit or a gift card paid it, once it stands. A card only authorized, cash still due or a
 * card still waiting is not taken: a cancel releases it, nothing refunds it.
 */
export function moneyTaken(order: Pick<OrderRow, "status" | "paymentStatus">): boolean {
  if (order.status === "pending_payment" || order.status === "payment_failed" || order.status === "cancelled")
    return false;
  return ["captured", "partially_refunded", "refunded", "cash_collected", "none"].includes(
    order.paymentStatus,
  );
}

/**
 * The move of a cancel by the shop's staff: until the order leaves the shop, as the order machine
 * says. An authorization is voided and cash no longer due; money already taken is refunded before
 * the cancel (flows/staff-cancel.ts), so the payment is left to the refund's own moves.
 * DIGITAL_GOODS_DELIVERED once its files can be downloaded: those are refunded, not cancelled.
 */
export function assertStaffCancellable(order: OrderRow, lines: LinesOfCancel): OrderMove {
  if (handsOverDownloads(order, lines)) throw new ApiError("DIGITAL_GOODS_DELIVERED");
  const move: OrderMove = {
    order: "cancel",
    fulfilment: "cancel",
    payment: order.paymentStatus === "authorized" || order.paymentStatus === "cash_due" ? "void" : undefined,
  };
  statusesAfter(order, move);
  return move;
}

/** The shop's time zone, in which its orders' windows and dates are said (its delivery settings'). */
export async function shopTimezone(db: Database, storeId: number): Promise<string> {
  return (await deliverySettingsOf(db, storeId)).timezone;
}

function summaryOf(order: OrderRow, timezone: string): OrderSummary {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    paymentStatus: order.paymentStatus,
    fulfilmentStatus: order.fulfilmentStatus,
    delivery_type: order.deliveryType,
    currency: order.currency,
    payable_amount: order.payableAmount,
    itemCount: order.itemCount,
    image: order.image ?? null,
    timezone,
  };
}

/** An order as the shopper (and the shop) reads it: lines, totals, addresses and its timeline. */
export async function orderAnswer(db: Database, order: OrderRow): Promise<Order> {
  const [lines, events, requested, timezone] = await Promise.all([
    orderLinesOf(db, order.storeId, order.id),
    orderTimeline(db, order),
    refundRequestedByLine(db, order.storeId, order.id),
    shopTimezone(db, order.storeId),
  ]);
  return orderAnswerOf(order, timezone, lines, events, requested);
}

/** The steps of an order's timeline, oldest first. */
export function orderTimeline(
  db: Database,
  order: Pick<OrderRow, "storeId" | "id">,
): Promise<{ status: OrderStatus; at: Date }[]> {
  return db
    .select({ status: orderEvents.status, at: orderEvents.at })
    .from(orderEvents)
    .where(and(eq(orderEvents.storeId, order.storeId), eq(orderEvents.orderId, order.id)))
    .orderBy(asc(orderEvents.id));
}

/**
 * The answer of an order from what is known of it: the shop's time zone, its lines, the steps of
 * its timeline (oldest first) and the units of each line asked back. An order just written needs
 * no reading back.
 */
export function orderAnswerOf(
  order: OrderRow,
  timezone: string,
  lines: OrderLineRow[],
  events: { status: OrderStatus; at: Date }[],
  requested: Map<number, { quantity: number; refunded: number }> = new Map(),
): Order {
  const answerLines = lines.map((line) => {
    const refunds = requested.get(line.id);
    return {
      id: line.id,
      productId: line.productId,
      variationId: line.variationId,
      name: line.name,
      sku: line.sku,
      options: line.options,
      image: line.image ?? null,
      isDigital: line.isDigital,
      isGiftCard: line.isGiftCard,
      giftRecipient: line.giftRecipient
        ? {
            name: line.giftRecipient.name,
            email: line.giftRecipient.email,
            sendOn: line.giftRecipient.sendOn,
          }
        : null,
      unitPrice: line.unitPrice,
      quantity: line.quantity,
      lineTotal: line.lineTotal,
      tax: line.tax,
      refundRequested: refunds?.quantity ?? 0,
      refunded: refunds?.refunded ?? 0,
      // As /downloads has it: a paid line of a standing order, not all of it refunded.
      downloadable: handsOverDownloads(order, [line]) && (refunds?.refunded ?? 0) < line.quantity,
    };
  });
  // Moves of the payment or the goods alone leave the sale's status as it was: the timeline shows
  // each status once, when the order reached it.
  const timeline = events
    .filter((event, i) => i === 0 || event.status !== events[i - 1]?.status)
    .map((event) => ({ status: event.status, at: event.at.toISOString() }));
  return {
    ...summaryOf(order, timezone),
    lines: answerLines,
    totals: {
      totalAmount: order.totalAmount,
      tax: order.tax,
      taxIncluded: order.taxIncluded,
      shipping_charge: order.shippingCharge,
      discount: order.discount,
      tip: order.tip,
      giftCard: order.giftCard,
      wallet: order.wallet,
      payable_amount: order.payableAmount,
    },
    coupon: order.couponCode ? { code: order.couponCode, amount: order.couponAmount ?? 0 } : null,
    shipping_address: order.shippingAddress ?? null,
    billing_address: order.billingAddress ?? null,
    delivery_time:
      order.deliveryWindowStart && order.deliveryWindowEnd
        ? { start: order.deliveryWindowStart.toISOString(), end: order.deliveryWindowEnd.toISOString() }
        : null,
    deliveryOptionName: order.deliveryOptionName,
    pickupAddress: order.deliveryType === "pickup" ? order.pickupAddress : null,
    customer_name: order.customerName,
    customer_contact: order.customerContact,
    note: order.note,
    outStockPreference: order.outStockPreference,
    payment_gateway: order.paymentGateway,
    card: order.cardBrand && order.cardLast4 ? { brand: order.cardBrand, last4: order.cardLast4 } : null,
    tracking:
      order.trackingCarrier && order.trackingNumber
        ? parcelTracking(order.trackingCarrier, order.trackingNumber)
        : null,
    timeline,
    canCancel: canCancel(order, lines),
    canRequestRefund:
      order.status === "delivered" && answerLines.some((line) => line.quantity > line.refundRequested),
  };
}

/** One of the caller's orders; another shopper's, another store's or an unknown one is a 404. */
export async function customerOrder(
  db: Database,
  storeId: number,
  customerId: number,
  orderId: number,
): Promise<Order> {
  const [order] = await db.select().from(orders).where(byId(storeId, orderId));
  if (!order || order.customerId !== customerId) throw new ApiError("NOT_FOUND");
  return orderAnswer(db, order);
}

/**
 * A guest's order by the token of its email link; a wrong token looks like no order at all. A
 * right one older than GUEST_ORDER_LINK_DAYS says so (only to whoever holds the link).
 */
export async function guestOrder(
  db: Database,
  keys: LinkKeys,
  storeId: number,
  orderId: number,
  token: string,
): Promise<Order> {
  const [order] = await db.select().from(orders).where(byId(storeId, orderId));
  if (!order?.placedAsGuest || !sameSecret(guestOrderToken(keys, order), token)) {
    throw new ApiError("NOT_FOUND");
  }
  if (Date.now() - order.createdAt.getTime() > GUEST_ORDER_LINK_DAYS * 24 * 60 * 60 * 1000) {
    throw new ApiError("ORDER_LINK_EXPIRED");
  }
  return orderAnswer(db, order);
}

/** Whether a customer has placed an order before (a first-order coupon asks). */
export async function hasPlacedOrders(db: Database, storeId: number, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.customerId, customerId),
        inArray(orders.status, [...ORDER_LIST_TABS.all]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The caller's orders of one tab of `/orders`, newest first. */
export async function listCustomerOrders(
  db: Database,
  storeId: number,
  customerId: number,
  tab: OrderListTab,
  page: PaginationQuery,
): Promise<Paginated<OrderSummary>> {
  const where = and(
    eq(orders.storeId, storeId),
    eq(orders.customerId, customerId),
    inArray(orders.status, [...ORDER_LIST_TABS[tab]]),
  );
  const [rows, [totals], timezone] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: count() }).from(orders).where(where),
    shopTimezone(db, storeId),
  ]);
  return paginate(
    rows.map((row) => summaryOf(row, timezone)),
    totals?.total ?? 0,
    page,
  );
}

/** The store's orders for its staff, newest first: of one status, or every order a shopper placed. */
/** Whether the shopper's name or contact holds the text; LIKE's wildcards typed in it are plain characters. */
const customerTextHas = (text: string) =>
  sql`lower(${orders.customerName} || ' ' || ${orders.customerContact}) LIKE ${`%${text.replace(/[\\%_]/g, "\\$&")}%`}`;

export async function listStoreOrders(
  db: Database,
  storeId: number,
  filter: StaffOrderFilter,
  timezone: string,
  page: PaginationQuery,
): Promise<Paginated<OrderRow>> {
  const q = filter.q.toLowerCase();
  const where = and(
    eq(orders.storeId, storeId),
    // A customer's orders: read by orders_customer_created_idx (store, customer, created_at, id).
    filter.customerId ? eq(orders.customerId, filter.customerId) : undefined,
    filter.status ? eq(orders.status, filter.status) : inArray(orders.status, [...ORDER_LIST_TABS.all]),
    filter.paymentStatus ? eq(orders.paymentStatus, filter.paymentStatus) : undefined,
    filter.deliveryType ? eq(orders.deliveryType, filter.deliveryType) : undefined,
    filter.from
      ? gte(orders.createdAt, sql`(${filter.from}::date)::timestamp AT TIME ZONE ${timezone}`)
      : undefined,
    filter.to
      ? lt(orders.createdAt, sql`(${filter.to}::date + 1)::timestamp AT TIME ZONE ${timezone}`)
      : undefined,
    // An order's number, or a part of the shopper's name, email or phone.
    q
      ? or(/^\d{1,9}$/.test(q) ? eq(orders.orderNumber, Number(q)) : undefined, customerTextHas(q))
      : undefined,
  );
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    // Counted as far as the pages ahead of this one: a shop of 100,000 orders is not counted whole
    // on every look at its list.
    countUpTo(db, orders, where, countedResultsCap(page)),
  ]);
  return paginate(rows, counted.total, page, counted.lowerBound);
}

export function orderSummary(order: OrderRow, timezone: string): OrderSummary {
  return summaryOf(order, timezone);
}

/** Orders of the store by id, for lists that name each row's order. */
export async function ordersById(
  db: Database,
  storeId: number,
  ids: number[],
): Promise<Map<number, OrderRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), inArray(orders.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * A store's orders still waiting for their card since before `before`, oldest first: read by the
 * status index (store, status, created_at).
 */
export async function ordersAwaitingPayment(
  db: Database,
  storeId: number,
  before: Date,
  limit: number,
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.status, "pending_payment"),
        sql`${orders.createdAt} < ${before.toISOString()}`,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit);
}

/**
 * A store's pickups and deliveries with cash due that staff have not confirmed, placed before
 * `before`, oldest first: read by the status index (store, status, created_at). Cash is taken only at
 * the door or the counter, so these are every order placed without payment that nobody looked at.
 */
export async function ordersUnconfirmedUnpaid(
  db: Database,
  storeId: number,
  before: Date,
  limit: number,
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.status, "placed"),
        eq(orders.paymentStatus, "cash_due"),
        inArray(orders.deliveryType, ["pickup", "delivery"]),
        sql`${orders.createdAt} <= ${before.toISOString()}`,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit);
}

/** An order of the store, for its staff; another store's is not found. */
export async function storeOrder(db: Database, storeId: number, orderId: number): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(byId(storeId, orderId));
  if (!order) throw new ApiError("NOT_FOUND");
  return order;
}

/**
 * Every order of a customer with its lines and refund requests, oldest first (read by
 * orders_customer_created_idx): what a customer's data export holds of their orders.
 */
export async function customerOrdersWithLines(db: Database, storeId: number, customerId: number) {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.customerId, customerId)))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, refunds] = await Promise.all([
    db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.storeId, storeId), inArray(orderLines.orderId, ids)))
      .orderBy(asc(orderLines.orderId), asc(orderLines.position)),
    db
      .select()
      .from(refundRequests)
      .where(and(eq(refundRequests.storeId, storeId), eq(refundRequests.customerId, customerId))),
  ]);
  return rows.map((order) => ({
    order,
    lines: lines.filter((line) => line.orderId === order.id),
    refunds: refunds.filter((refund) => refund.orderId === order.id),
  }));
}

/**
 * Erasure on request (decision 060): the personal fields of a customer's orders are anonymised —
 * name, contact, addresses, the shopper's note and what they wrote asking for refunds — while the
 * orders, their lines and every money figure stay for the books. The number of orders changed.
 */
export async function anonymiseCustomerOrders(
  tx: Database,
  storeId: number,
  customerId: number,
  name: string,
): Promise<number> {
  const changed = await tx
    .update(orders)
    .set({
      customerName: name,
      customerContact: "",
      shippingAddress: null,
      billingAddress: null,
      note: "",
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.storeId, storeId), eq(orders.customerId, customerId)))
    .returning({ id: orders.id });
  await tx
    .update(refundRequests)
    .set({ reason: "" })
    .where(and(eq(refundRequests.storeId, storeId), eq(refundRequests.customerId, customerId)));
  return changed.length;
}

/**
 * The ids among `variationIds` that order lines name (index order_lines_variation_idx): such a
 * variation is switched off rather than deleted when staff remove it, so the lines keep their row.
 */
export async function orderedVariationIds(
  db: Database,
  storeId: number,
  variationIds: number[],
): Promise<Set<number>> {
  if (variationIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: orderLines.variationId })
    .from(orderLines)
    .where(
      and(
        eq(orderLines.storeId, storeId),
        isNotNull(orderLines.variationId),
        inArray(orderLines.variationId, variationIds),
      ),
    );
  return new Set(rows.map((row) => row.id as number));
}
