import type { DaySales } from "@stoa/contract";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { orders, refundRequests } from "./tables.ts";

/** Orders waiting for the shop, by status; read by the (store, status) index. */
export async function waitingOrderCounts(db: Database, storeId: number) {
  const waiting = ["placed", "confirmed", "preparing", "ready_for_pickup"] as const;
  const [rows, [refunds]] = await Promise.all([
    db
      .select({ status: orders.status, count: count() })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), inArray(orders.status, [...waiting])))
      .groupBy(orders.status),
    db
      .select({ count: count() })
      .from(refundRequests)
      .where(and(eq(refundRequests.storeId, storeId), eq(refundRequests.status, "requested"))),
  ]);
  const of = (status: (typeof waiting)[number]) => rows.find((row) => row.status === status)?.count ?? 0;
  return {
    toConfirm: of("placed"),
    toPrepare: of("confirmed"),
    toSend: of("preparing"),
    toHandOver: of("ready_for_pickup"),
    refunds: refunds?.count ?? 0,
  };
}

const sales = (orderCount: number, revenue: number): DaySales => ({
  orders: orderCount,
  revenue,
  averageBasket: orderCount > 0 ? Math.round(revenue / orderCount) : 0,
});

/**
 * Sales of the last `days` days, today included, in the shop's time zone: orders placed (not
 * cancelled, failed or still waiting for their card) and what they cost, per day, days without
 * sales included. One statement over the (store, created) index.
 */
export async function salesByDay(db: Database, storeId: number, timezone: string, days: number) {
  type Row = { today: string; day: string | null; orders: number; revenue: number };
  const result = await db.execute(sql`
    WITH bounds AS (
      SELECT (now() AT TIME ZONE ${timezone})::date AS today
    )
    SELECT to_char(bounds.today, 'YYYY-MM-DD') AS today,
           to_char(o.created_at AT TIME ZONE ${timezone}, 'YYYY-MM-DD') AS day,
           count(o.id)::int AS orders,
           coalesce(sum(o.total_amount + o.tax + o.shipping_charge - o.discount + o.tip), 0)::int AS revenue
    FROM bounds
    LEFT JOIN orders o
      ON o.store_id = ${storeId}
     AND o.created_at >= ((bounds.today - ${days - 1}::int)::timestamp AT TIME ZONE ${timezone})
     AND o.status NOT IN ('cancelled', 'payment_failed', 'pending_payment')
    GROUP BY bounds.today, day
  `);
  const { rows } = result as unknown as { rows: Row[] };
  const today = rows[0]?.today ?? new Date().toISOString().slice(0, 10);
  const byDate = new Map(rows.filter((row) => row.day).map((row) => [row.day, row]));
  const byDay = Array.from({ length: days }, (_, i) => {
    const date = new Date(`${today}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() - (days - 1 - i));
    const key = date.toISOString().slice(0, 10);
    const row = byDate.get(key);
    return { date: key, ...sales(row?.orders ?? 0, row?.revenue ?? 0) };
  });
  const total = byDay.reduce(
    (sum, day) => ({ orders: sum.orders + day.orders, revenue: sum.revenue + day.revenue }),
    {
      orders: 0,
      revenue: 0,
    },
  );
  const last = byDay.at(-1);
  return {
    today,
    sales: {
      today: sales(last?.orders ?? 0, last?.revenue ?? 0),
      lastDays: sales(total.orders, total.revenue),
      byDay,
    },
  };
}
