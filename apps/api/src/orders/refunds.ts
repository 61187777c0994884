import {
  FIELD_ERROR_KEYS,
  type Paginated,
  type PaginationQuery,
  paginate,
  type Refund,
  type RefundStatus,
} from "@stoa/contract";
import { and, count, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { lockCustomerOrder, orderLinesOf, refundRequestedByLine, shopTimezone } from "./service.ts";
import {
  type OrderLineRow,
  type OrderRow,
  orderLines,
  orders,
  type RefundRequestRow,
  refundRequestLines,
  refundRequests,
} from "./tables.ts";

/**
 * What `quantity` units of a line are worth of what the order was paid: the line with its tax
 * (when the prices did not include it), less its share of the order's discount, rounded once per
 * line (decision 003). Shipping and tip are not the goods', so they are not refunded with them.
 */
export function refundAmountOf(
  order: Pick<OrderRow, "totalAmount" | "tax" | "taxIncluded" | "discount">,
  line: Pick<OrderLineRow, "lineTotal" | "tax" | "quantity">,
  quantity: number,
): number {
  const goods = BigInt(order.totalAmount + (order.taxIncluded ? 0 : order.tax));
  if (goods === 0n || line.quantity === 0) return 0;
  const lineGross = BigInt(line.lineTotal + (order.taxIncluded ? 0 : line.tax));
  const paidShare = goods - BigInt(Math.min(order.discount, Number(goods)));
  // quantity/line.quantity of the line, times the paid share of the goods: one division, rounded half up.
  const numerator = BigInt(quantity) * lineGross * paidShare;
  const denominator = BigInt(line.quantity) * goods;
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/**
 * A customer asks for money back for lines of a delivered order (REFUND_REQUEST). The order is
 * locked while the request is checked and written, so two requests sent at once cannot together
 * ask for more units than were bought. Anything else is REFUND_NOT_ALLOWED.
 */
export async function requestRefund(
  db: Database,
  storeId: number,
  customerId: number,
  body: { orderId: number; lines: { orderLineId: number; quantity: number }[]; reason: string },
): Promise<Refund> {
  const refundId = await db.transaction(async (tx) => {
    const order = await lockCustomerOrder(tx, storeId, customerId, body.orderId);
    if (order.status !== "delivered") throw new ApiError("REFUND_NOT_ALLOWED");
    const lines = new Map((await orderLinesOf(tx, storeId, order.id)).map((line) => [line.id, line]));
    const requested = await refundRequestedByLine(tx, storeId, order.id);
    // The same line named twice asks for both quantities; a refusal names the line's first place.
    const asked = new Map<number, { quantity: number; index: number }>();
    body.lines.forEach(({ orderLineId, quantity }, index) => {
      const earlier = asked.get(orderLineId);
      asked.set(orderLineId, {
        quantity: (earlier?.quantity ?? 0) + quantity,
        index: earlier?.index ?? index,
      });
    });
    const rows: { line: OrderLineRow; quantity: number; amount: number }[] = [];
    for (const [orderLineId, { quantity, index }] of asked) {
      const line = lines.get(orderLineId);
      if (!line)
        throw new ApiError("REFUND_NOT_ALLOWED", {
          [`lines.${index}.orderLineId`]: FIELD_ERROR_KEYS.invalid,
        });
      const before = requested.get(orderLineId) ?? { quantity: 0, amount: 0 };
      if (quantity > line.quantity - before.quantity)
        throw new ApiError("REFUND_NOT_ALLOWED", { [`lines.${index}.quantity`]: FIELD_ERROR_KEYS.tooLarge });
      // What all the units asked back so far are worth, less what the earlier requests already ask:
      // rounding each request on its own could ask a cent more than the line cost, unit by unit.
      const amount = refundAmountOf(order, line, before.quantity + quantity) - before.amount;
      rows.push({ line, quantity, amount: Math.max(0, amount) });
    }
    const [refund] = await tx
      .insert(refundRequests)
      .values({
        storeId,
        orderId: order.id,
        customerId,
        status: "requested",
        reason: body.reason,
        amount: rows.reduce((sum, row) => sum + row.amount, 0),
        currency: order.currency,
      })
      .returning({ id: refundRequests.id });
    if (!refund) throw new Error("refund request not written");
    await tx.insert(refundRequestLines).values(
      rows.map((row) => ({
        storeId,
        refundId: refund.id,
        orderLineId: row.line.id,
        quantity: row.quantity,
        amount: row.amount,
      })),
    );
    return refund.id;
  });
  const [answer] = await refundAnswers(db, storeId, [await refundRow(db, storeId, refundId)]);
  return answer as Refund;
}

async function refundRow(db: Database, storeId: number, refundId: number): Promise<RefundRequestRow> {
  const [row] = await db
    .select()
    .from(refundRequests)
    .where(and(eq(refundRequests.storeId, storeId), eq(refundRequests.id, refundId)));
  if (!row) throw new ApiError("NOT_FOUND");
  return row;
}

/** A refund request of the store, locked while the shop answers it. */
export async function lockRefund(tx: Database, storeId: number, refundId: number): Promise<RefundRequestRow> {
  const [row] = await tx
    .select()
    .from(refundRequests)
    .where(and(eq(refundRequests.storeId, storeId), eq(refundRequests.id, refundId)))
    .for("update");
  if (!row) throw new ApiError("NOT_FOUND");
  return row;
}

/** Records the shop's answer to a locked refund request. */
export async function answerRefundRequest(
  tx: Database,
  refund: RefundRequestRow,
  answer: {
    status: RefundStatus;
    answer: string;
    refundedTo: RefundRequestRow["refundedTo"];
    answeredBy: number;
  },
): Promise<RefundRequestRow> {
  const [row] = await tx
    .update(refundRequests)
    .set({ ...answer, answeredAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(refundRequests.storeId, refund.storeId), eq(refundRequests.id, refund.id)))
    .returning();
  if (!row) throw new Error(`refund request ${refund.id} vanished while locked`);
  return row;
}

/**
 * What has been paid back of an order so far, by where it went, leaving out the refund being
 * answered. A refund to the card that is approved but still with the provider counts as the card's
 * already: two refunds of one order approved at once must not both give back what the card paid.
 */
export async function refundedOfOrder(
  db: Database,
  storeId: number,
  orderId: number,
  answering: number,
): Promise<{ card: number; other: number }> {
  const rows = await db
    .select({
      refundedTo: refundRequests.refundedTo,
      amount: sql<number>`sum(${refundRequests.amount})::int`,
    })
    .from(refundRequests)
    .where(
      and(
        eq(refundRequests.storeId, storeId),
        eq(refundRequests.orderId, orderId),
        ne(refundRequests.id, answering),
        or(
          eq(refundRequests.status, "refunded"),
          and(eq(refundRequests.status, "approved"), eq(refundRequests.refundedTo, "card")),
        ),
      ),
    )
    .groupBy(refundRequests.refundedTo);
  const card = rows.find((row) => row.refundedTo === "card")?.amount ?? 0;
  return { card, other: rows.reduce((sum, row) => sum + row.amount, 0) - card };
}

/** Refund requests as the contract answers them: with their order's number and their lines' names. */
export async function refundAnswers(
  db: Database,
  storeId: number,
  rows: RefundRequestRow[],
): Promise<Refund[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const orderIds = [...new Set(rows.map((row) => row.orderId))];
  const [lines, numbers, timezone] = await Promise.all([
    db
      .select({
        refundId: refundRequestLines.refundId,
        orderLineId: refundRequestLines.orderLineId,
        quantity: refundRequestLines.quantity,
        name: orderLines.name,
      })
      .from(refundRequestLines)
      .innerJoin(
        orderLines,
        and(
          eq(orderLines.storeId, refundRequestLines.storeId),
          eq(orderLines.id, refundRequestLines.orderLineId),
        ),
      )
      .where(and(eq(refundRequestLines.storeId, storeId), inArray(refundRequestLines.refundId, ids))),
    db
      .select({ id: orders.id, orderNumber: orders.orderNumber })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), inArray(orders.id, orderIds))),
    shopTimezone(db, storeId),
  ]);
  const numberOf = new Map(numbers.map((row) => [row.id, row.orderNumber]));
  return rows.map((row) => ({
    id: row.id,
    orderId: row.orderId,
    orderNumber: numberOf.get(row.orderId) ?? 0,
    status: row.status,
    reason: row.reason,
    answer: row.answer,
    amount: row.amount,
    currency: row.currency,
    lines: lines
      .filter((line) => line.refundId === row.id)
      .map((line) => ({ orderLineId: line.orderLineId, name: line.name, quantity: line.quantity })),
    createdAt: row.createdAt.toISOString(),
    timezone,
  }));
}

async function pageOfRefunds(
  db: Database,
  where: ReturnType<typeof and>,
  page: PaginationQuery,
): Promise<Paginated<RefundRequestRow>> {
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(refundRequests)
      .where(where)
      .orderBy(desc(refundRequests.createdAt), desc(refundRequests.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: count() }).from(refundRequests).where(where),
  ]);
  return paginate(rows, totals?.total ?? 0, page);
}

/** The caller's refund requests, newest first (`/refunds`). */
export async function listCustomerRefunds(
  db: Database,
  storeId: number,
  customerId: number,
  page: PaginationQuery,
): Promise<Paginated<Refund>> {
  const found = await pageOfRefunds(
    db,
    and(eq(refundRequests.storeId, storeId), eq(refundRequests.customerId, customerId)),
    page,
  );
  return { ...found, records: await refundAnswers(db, storeId, found.records) };
}

/** The store's refund requests for its staff, newest first, of one status or all. */
export async function listStoreRefunds(
  db: Database,
  storeId: number,
  status: RefundStatus | null,
  page: PaginationQuery,
): Promise<Paginated<RefundRequestRow>> {
  return pageOfRefunds(
    db,
    and(eq(refundRequests.storeId, storeId), status ? eq(refundRequests.status, status) : undefined),
    page,
  );
}

/**
 * What the order's refunds not declined add up to: paid back, with the provider, or asked by the
 * shopper and not answered yet. A refund the shop gives may never take the order past what it was
 * paid, these included; read under the order's row lock, so two refunds given at once see each other.
 */
export async function committedOfOrder(db: Database, storeId: number, orderId: number): Promise<number> {
  const [row] = await db
    .select({ amount: sql<number>`coalesce(sum(${refundRequests.amount}), 0)::int` })
    .from(refundRequests)
    .where(
      and(
        eq(refundRequests.storeId, storeId),
        eq(refundRequests.orderId, orderId),
        ne(refundRequests.status, "declined"),
      ),
    );
  return row?.amount ?? 0;
}

/**
 * Writes a refund the shop gives from the order itself, with no request of the shopper: answered
 * at once by the member (`approved` while the card's provider is asked, else `refunded` when settled),
 * its reason as the shop's answer, which the shopper reads in their refunds. The order must be locked.
 */
export async function recordGivenRefund(
  tx: Database,
  order: OrderRow,
  refund: {
    amount: number;
    lines: { orderLineId: number; quantity: number; amount: number }[];
    reason: string;
    answeredBy: number;
    toCard: boolean;
  },
): Promise<RefundRequestRow> {
  const [row] = await tx
    .insert(refundRequests)
    .values({
      storeId: order.storeId,
      orderId: order.id,
      customerId: order.customerId,
      status: "approved",
      reason: "",
      answer: refund.reason,
      amount: refund.amount,
      currency: order.currency,
      refundedTo: refund.toCard ? "card" : null,
      answeredBy: refund.answeredBy,
      answeredAt: sql`now()`,
    })
    .returning();
  if (!row) throw new Error("refund not written");
  if (refund.lines.length > 0)
    await tx.insert(refundRequestLines).values(
      refund.lines.map((line) => ({
        storeId: order.storeId,
        refundId: row.id,
        orderLineId: line.orderLineId,
        quantity: line.quantity,
        amount: line.amount,
      })),
    );
  return row;
}
