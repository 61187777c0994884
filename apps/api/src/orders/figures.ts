import {
  type DaySales,
  type Locale,
  type Localizations,
  localized,
  reportDays,
  SALES_PAYMENT_METHODS,
  SALES_REPORT_TOP,
  type SalesFigures,
  type SalesPaymentMethod,
  type StaffSalesReport,
} from "@stoa/contract";
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

/**
 * The orders a shop's figures count (decision 061): placed, on the day they were placed, and not
 * cancelled, failed or still waiting for their card. The Today figures and the sales report both
 * read this, for the orders aliased `o`.
 */
const COUNTED_ORDER = sql.raw(`o.status NOT IN ('cancelled', 'payment_failed', 'pending_payment')`);
/** What an order asked the shopper for: goods, tax added (not included), shipping and tip, less discounts. */
const ORDER_SALES = sql.raw(
  "(o.total_amount + CASE WHEN o.tax_included THEN 0 ELSE o.tax END + o.shipping_charge - o.discount + o.tip)",
);

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
           coalesce(sum(${ORDER_SALES}), 0)::int AS revenue
    FROM bounds
    LEFT JOIN orders o
      ON o.store_id = ${storeId}
     AND o.created_at >= ((bounds.today - ${days - 1}::int)::timestamp AT TIME ZONE ${timezone})
     AND ${COUNTED_ORDER}
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

type Figures = Omit<SalesFigures, "net" | "refunds">;
const NO_FIGURES: SalesFigures = {
  orders: 0,
  goods: 0,
  discounts: 0,
  coupons: 0,
  tax: 0,
  shipping: 0,
  tips: 0,
  sales: 0,
  refunds: 0,
  net: 0,
};

function added(a: SalesFigures, b: SalesFigures): SalesFigures {
  const sum = { ...NO_FIGURES };
  for (const key of Object.keys(NO_FIGURES) as (keyof SalesFigures)[]) sum[key] = a[key] + b[key];
  return sum;
}

/** Every day from `from` to `to`, both included, as `YYYY-MM-DD`. */
function daysOf(from: string, to: string): string[] {
  return Array.from({ length: reportDays(from, to) }, (_, i) => {
    const date = new Date(`${from}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + i);
    return date.toISOString().slice(0, 10);
  });
}

const asNumber = (value: unknown) => Number(value ?? 0);

/**
 * The sales report of the days `from` to `to` in the shop's time zone (decision 061): the counted
 * orders by the day they were placed, the refunds given of them by the day they were given, by
 * payment method, and the top products of their lines. Three statements, each over one range of
 * the (store, created) index of orders (and the status index of refunds), whatever the range.
 */
export async function salesReport(
  db: Database,
  storeId: number,
  timezone: string,
  from: string,
  to: string,
  locale: Locale,
): Promise<Omit<StaffSalesReport, "currency" | "today" | "period">> {
  const start = sql`(${from}::date::timestamp AT TIME ZONE ${timezone})`;
  const end = sql`((${to}::date + 1)::timestamp AT TIME ZONE ${timezone})`;
  const inRange = sql`o.store_id = ${storeId} AND o.created_at >= ${start} AND o.created_at < ${end} AND ${COUNTED_ORDER}`;
  type OrderRow = Record<keyof Figures, unknown> & {
    day: string | null;
    gateway: string | null;
    wallet_orders: unknown;
    wallet: unknown;
    gift_orders: unknown;
    gift_card: unknown;
    payable: unknown;
  };
  type RefundRow = { day: string; refunds: unknown };
  type ProductRow = {
    list: "units" | "revenue";
    product_id: number;
    name: string;
    /** The product's names now (null once it is deleted): the report reads in the staff's language. */
    names: Localizations | null;
    units: unknown;
    revenue: unknown;
  };
  const [orderResult, refundResult, productResult] = await Promise.all([
    // By day and payment method at once (a few groups a day, hashed): days and methods are added up below.
    db.execute(sql`
      SELECT to_char(d.day, 'YYYY-MM-DD') AS day, d.gateway,
             count(*)::int AS orders,
             sum(d.goods)::float8 AS goods,
             sum(d.discount)::float8 AS discounts,
             sum(d.coupon)::float8 AS coupons,
             sum(d.tax)::float8 AS tax,
             sum(d.shipping)::float8 AS shipping,
             sum(d.tip)::float8 AS tips,
             sum(d.sales)::float8 AS sales,
             sum(d.payable)::float8 AS payable,
             count(*) FILTER (WHERE d.wallet > 0)::int AS wallet_orders,
             sum(d.wallet)::float8 AS wallet,
             count(*) FILTER (WHERE d.gift_card > 0)::int AS gift_orders,
             sum(d.gift_card)::float8 AS gift_card
      FROM (
        SELECT (o.created_at AT TIME ZONE ${timezone})::date AS day,
               coalesce(o.payment_gateway, '') AS gateway,
               o.total_amount AS goods, o.discount, coalesce(o.coupon_amount, 0) AS coupon, o.tax,
               o.shipping_charge AS shipping, o.tip, ${ORDER_SALES} AS sales,
               o.payable_amount AS payable, o.wallet, o.gift_card
        FROM orders o
        WHERE ${inRange}
      ) d
      GROUP BY d.day, d.gateway
    `),
    // Money given back in the range, of orders the report counts, by the day it was given.
    db.execute(sql`
      SELECT to_char(r.answered_at AT TIME ZONE ${timezone}, 'YYYY-MM-DD') AS day,
             sum(r.amount)::float8 AS refunds
      FROM refund_requests r
      JOIN orders o ON o.store_id = r.store_id AND o.id = r.order_id
      WHERE r.store_id = ${storeId} AND r.status = 'refunded'
        AND r.answered_at >= ${start} AND r.answered_at < ${end}
        AND ${COUNTED_ORDER}
      GROUP BY 1
    `),
    db.execute(sql`
      WITH sold AS (
        SELECT l.product_id,
               max(l.name) AS name,
               sum(l.quantity)::float8 AS units,
               sum(l.line_total)::float8 AS revenue
        FROM orders o
        JOIN order_lines l ON l.store_id = o.store_id AND l.order_id = o.id
        WHERE ${inRange}
        GROUP BY l.product_id
      )
      SELECT top.*, p.name_localizations AS names
      FROM ((SELECT 'units' AS list, * FROM sold ORDER BY units DESC, revenue DESC, product_id LIMIT ${SALES_REPORT_TOP})
            UNION ALL
            (SELECT 'revenue' AS list, * FROM sold ORDER BY revenue DESC, units DESC, product_id LIMIT ${SALES_REPORT_TOP})) top
      LEFT JOIN products p ON p.store_id = ${storeId} AND p.id = top.product_id
      ORDER BY top.list, CASE WHEN top.list = 'units' THEN top.units ELSE top.revenue END DESC,
               CASE WHEN top.list = 'units' THEN top.revenue ELSE top.units END DESC, top.product_id
    `),
  ]);
  const orderRows = (orderResult as unknown as { rows: OrderRow[] }).rows;
  const refundRows = (refundResult as unknown as { rows: RefundRow[] }).rows;
  const productRows = (productResult as unknown as { rows: ProductRow[] }).rows;

  const dayRows = new Map<string, Figures>();
  const FIGURE_KEYS = [
    "orders",
    "goods",
    "discounts",
    "coupons",
    "tax",
    "shipping",
    "tips",
    "sales",
  ] as const;
  for (const row of orderRows) {
    if (!row.day) continue;
    const figures = dayRows.get(row.day) ?? {
      orders: 0,
      goods: 0,
      discounts: 0,
      coupons: 0,
      tax: 0,
      shipping: 0,
      tips: 0,
      sales: 0,
    };
    for (const key of FIGURE_KEYS) figures[key] += asNumber(row[key]);
    dayRows.set(row.day, figures);
  }
  const refundsByDay = new Map(refundRows.map((row) => [row.day, asNumber(row.refunds)]));
  const days = daysOf(from, to).map((date) => {
    const row = dayRows.get(date);
    const refunds = refundsByDay.get(date) ?? 0;
    const figures: SalesFigures = row
      ? { ...row, refunds, net: row.sales - refunds }
      : { ...NO_FIGURES, refunds, net: -refunds };
    return { date, ...figures };
  });
  const months: StaffSalesReport["months"] = [];
  for (const { date, ...figures } of days) {
    const month = date.slice(0, 7);
    const last = months.at(-1);
    if (last?.month === month) Object.assign(last, added(last, figures));
    else months.push({ month, ...figures });
  }
  const totals = days.reduce<SalesFigures>((sum, { date: _, ...figures }) => added(sum, figures), NO_FIGURES);

  const byGateway = new Map<SalesPaymentMethod, { orders: number; amount: number }>();
  for (const row of orderRows) {
    const method = row.gateway as SalesPaymentMethod;
    if (!row.gateway || !SALES_PAYMENT_METHODS.includes(method)) continue;
    const sum = byGateway.get(method) ?? { orders: 0, amount: 0 };
    sum.orders += asNumber(row.orders);
    sum.amount += asNumber(row.payable);
    byGateway.set(method, sum);
  }
  const byMethod: StaffSalesReport["byMethod"] = [...byGateway]
    .filter(([, sum]) => sum.amount > 0)
    .map(([method, sum]) => ({ method, ...sum }));
  const parts = (key: "wallet" | "gift_card", ordersKey: "wallet_orders" | "gift_orders") => ({
    orders: orderRows.reduce((sum, row) => sum + asNumber(row[ordersKey]), 0),
    amount: orderRows.reduce((sum, row) => sum + asNumber(row[key]), 0),
  });
  const wallet = parts("wallet", "wallet_orders");
  if (wallet.amount > 0) byMethod.push({ method: "wallet", ...wallet });
  const giftCard = parts("gift_card", "gift_orders");
  if (giftCard.amount > 0) byMethod.push({ method: "giftCard", ...giftCard });
  byMethod.sort((a, b) => b.amount - a.amount || a.method.localeCompare(b.method));

  const top = (list: ProductRow["list"]) =>
    productRows
      .filter((row) => row.list === list)
      .map((row) => ({
        productId: row.product_id,
        // A line's name is in the language its shopper ordered in; the product's own names, in the
        // staff's, while it exists.
        name: localized(row.names, locale) || row.name,
        units: asNumber(row.units),
        revenue: asNumber(row.revenue),
      }));
  return {
    timezone,
    from,
    to,
    totals,
    days,
    months,
    byMethod,
    topByUnits: top("units"),
    topByRevenue: top("revenue"),
  };
}
