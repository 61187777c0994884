import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { contactKeySql, orders } from "./tables.ts";

/*
 * What the referrals module asks of orders (decision 067), through this module: whether a shopper
 * has ordered before, what the referrer's orders went to and were paid with, and the number, date
 * and delivery of referred orders for the referrer's ledger.
 */

/**
 * Whether these customers (the caller, and an account with the contact a guest gave), or anyone with one of these contacts (compared as `contactKeySql`: a guest
 * is a new customer each session), has an order of the store that was paid or is still live; one
 * cancelled or declined before it was paid does not count. Read by orders_customer_created_idx and
 * orders_contact_key_idx.
 */
export async function hasLiveOrPaidOrder(
  db: Database,
  storeId: number,
  customerIds: readonly number[],
  contacts: readonly string[],
): Promise<boolean> {
  const mine = inArray(orders.customerId, [...customerIds]);
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        contacts.length > 0
          ? sql`(${mine} OR ${contactKeySql(orders.customerContact)} IN ${contacts})`
          : mine,
        sql`(${orders.status} NOT IN ('cancelled', 'payment_failed')
          OR ${orders.paymentStatus} IN ('captured', 'refunded', 'partially_refunded', 'cash_collected'))`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Where a customer's latest orders went and the cards they were paid with (orders_customer_created_idx). */
export async function deliveriesAndCardsOf(db: Database, storeId: number, customerId: number, latest = 200) {
  return db
    .select({ address: orders.shippingAddress, cardBrand: orders.cardBrand, cardLast4: orders.cardLast4 })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.customerId, customerId)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(latest);
}

export type ReferredOrderFacts = { orderNumber: number; createdAt: Date; deliveredAt: Date | null };

/** The number, date and first delivery of each order (by primary key and order_events_order_idx). */
export async function referredOrderFacts(
  db: Database,
  storeId: number,
  orderIds: readonly number[],
): Promise<Map<number, ReferredOrderFacts>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      // Named in full: a one-table select leaves its columns unqualified, which the subquery's own would shadow.
      deliveredAt: sql<string | null>`(SELECT min(e.at) FROM order_events e
        WHERE e.store_id = "orders"."store_id" AND e.order_id = "orders"."id" AND e.status = 'delivered')`,
    })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), inArray(orders.id, [...orderIds])));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        orderNumber: row.orderNumber,
        createdAt: row.createdAt,
        deliveredAt: row.deliveredAt ? new Date(row.deliveredAt) : null,
      },
    ]),
  );
}
