import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { orderLines, orders } from "./tables.ts";

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
): Promise<"received" | "notBought" | "notReceived"> {
  const [row] = await db
    .select({
      bought: sql<boolean>`count(*) > 0`,
      received: sql<boolean>`bool_or(${orders.status} = 'delivered' OR (${orderLines.isDigital} AND ${orderLines.digitalFile} IS NOT NULL AND ${orders.paymentStatus} IN ('captured', 'cash_collected', 'partially_refunded') AND ${orders.status} <> 'cancelled'))`,
    })
    .from(orderLines)
    .innerJoin(orders, and(eq(orders.storeId, orderLines.storeId), eq(orders.id, orderLines.orderId)))
    .where(
      and(
        eq(orderLines.storeId, storeId),
        eq(orders.customerId, customerId),
        eq(orderLines.productId, productId),
        ne(orders.status, "cancelled"),
        ne(orders.status, "payment_failed"),
        ne(orders.status, "pending_payment"),
      ),
    );
  if (!row?.bought) return "notBought";
  return row.received ? "received" : "notReceived";
}
