import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { orderLines, orders } from "./tables.ts";

export type Receipt = "received" | "notBought" | "notReceived";

/**
 * Whether the customer received the product from this shop: an order of theirs with it that was
 * delivered (or collected: pickup ends delivered too), or a download of a paid order (delivered the
 * moment it is paid). An order with it not received yet is `notReceived`; none at all `notBought`.
 */
export async function receiptOf(
  db: Database,
  storeId: number,
  customerId: number,
  productId: number,
): Promise<Receipt> {
  return (await receiptsOf(db, storeId, customerId, [productId])).get(productId) ?? "notBought";
}

/** `receiptOf` for several products, in one statement over the customer's order lines. */
export async function receiptsOf(
  db: Database,
  storeId: number,
  customerId: number,
  productIds: readonly number[],
): Promise<Map<number, Receipt>> {
  const receipts = new Map<number, Receipt>(productIds.map((id) => [id, "notBought"]));
  if (productIds.length === 0) return receipts;
  const rows = await db
    .select({
      productId: orderLines.productId,
      received: sql<boolean>`bool_or(${orders.status} = 'delivered' OR (${orderLines.isDigital} AND ${orderLines.digitalFile} IS NOT NULL AND ${orders.paymentStatus} IN ('captured', 'cash_collected', 'partially_refunded') AND ${orders.status} <> 'cancelled'))`,
    })
    .from(orderLines)
    .innerJoin(orders, and(eq(orders.storeId, orderLines.storeId), eq(orders.id, orderLines.orderId)))
    .where(
      and(
        eq(orderLines.storeId, storeId),
        eq(orders.customerId, customerId),
        inArray(orderLines.productId, [...new Set(productIds)]),
        ne(orders.status, "cancelled"),
        ne(orders.status, "payment_failed"),
        ne(orders.status, "pending_payment"),
      ),
    )
    .groupBy(orderLines.productId);
  for (const row of rows) receipts.set(row.productId, row.received ? "received" : "notReceived");
  return receipts;
}
