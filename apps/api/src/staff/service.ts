import {
  LOW_STOCK_SHOWN,
  type Locale,
  type PaginationQuery,
  periodDays,
  type RefundStatus,
  SALES_CHART_DAYS,
  type StaffOrderFilter,
  type StaffSalesReport,
  type StaffSalesReportRange,
  type StaffToday,
} from "@stoa/contract";
import { lowStockProducts } from "../catalogue/low-stock.ts";
import { salesByDay, salesReport, waitingOrderCounts } from "../orders/figures.ts";
import { listStoreRefunds, refundAnswers } from "../orders/refunds.ts";
import { listStoreOrders, orderAnswer, orderSummary, ordersById, shopTimezone } from "../orders/service.ts";
import type { OrderRow, RefundRequestRow } from "../orders/tables.ts";
import { stuckGiveBacks } from "../payments/give-backs.ts";
import type { Database } from "../platform/db/database.ts";
import type { StoreRow } from "../stores/tables.ts";
import { notesOfOrder } from "./order-notes.ts";

const customerOf = (order: OrderRow) => ({
  customerId: order.customerId,
  customerKind: order.placedAsGuest ? ("guest" as const) : ("customer" as const),
});

export async function staffOrderList(
  db: Database,
  storeId: number,
  filter: StaffOrderFilter,
  page: PaginationQuery,
) {
  const timezone = await shopTimezone(db, storeId);
  const found = await listStoreOrders(db, storeId, filter, timezone, page);
  return {
    ...found,
    records: found.records.map((order) => ({
      ...orderSummary(order, timezone),
      ...customerOf(order),
      customer_name: order.customerName,
      customer_contact: order.customerContact,
    })),
  };
}

/** An order as the shop reads it: the shopper's answer, who placed it, why it was cancelled, and staff's notes. */
export async function staffOrderAnswer(db: Database, order: OrderRow) {
  const [answer, notes] = await Promise.all([orderAnswer(db, order), notesOfOrder(db, order)]);
  return { ...answer, ...customerOf(order), cancelReason: order.cancelReason, notes };
}

export async function staffRefundAnswers(db: Database, storeId: number, rows: RefundRequestRow[]) {
  const [answers, orders] = await Promise.all([
    refundAnswers(db, storeId, rows),
    ordersById(
      db,
      storeId,
      rows.map((row) => row.orderId),
    ),
  ]);
  return answers.map((answer) => ({
    ...answer,
    customerId: orders.get(answer.orderId)?.customerId ?? 0,
    customer_name: orders.get(answer.orderId)?.customerName ?? "",
  }));
}

export async function staffRefundList(
  db: Database,
  storeId: number,
  status: RefundStatus | null,
  page: PaginationQuery,
) {
  const found = await listStoreRefunds(db, storeId, status, page);
  return { ...found, records: await staffRefundAnswers(db, storeId, found.records) };
}

/** How many stuck payments one answer lists: a shop with more has a problem the list cannot hide. */
const STUCK_PAYMENTS_SHOWN = 200;

/** Card money the shop must settle by hand at the provider, newest first, with its order's number. */
export async function staffStuckPayments(db: Database, storeId: number) {
  const rows = await stuckGiveBacks(db, storeId, STUCK_PAYMENTS_SHOWN);
  const orders = await ordersById(
    db,
    storeId,
    rows.map((row) => row.orderId),
  );
  return rows.map((row) => ({
    orderId: row.orderId,
    orderNumber: orders.get(row.orderId)?.orderNumber ?? 0,
    provider: row.provider,
    paymentRef: row.paymentRef,
    kind: row.kind,
    amount: row.amount,
    currency: row.currency,
    attempts: row.attempts,
    lastResult: row.lastResult,
    since: row.createdAt.toISOString(),
  }));
}

/** The shop's day for its dashboard, in its time zone and currency. */
export async function staffToday(db: Database, store: StoreRow, locale: Locale): Promise<StaffToday> {
  const timezone = await shopTimezone(db, store.id);
  const [waiting, lowStock, sales] = await Promise.all([
    waitingOrderCounts(db, store.id),
    lowStockProducts(db, store.id, locale, LOW_STOCK_SHOWN),
    salesByDay(db, store.id, timezone, SALES_CHART_DAYS),
  ]);
  return { timezone, currency: store.currency, today: sales.today, waiting, lowStock, sales: sales.sales };
}

/** The shop's sales report of a range of its own days, in its time zone and currency (decision 061). */
export async function staffSalesReport(
  db: Database,
  store: StoreRow,
  locale: Locale,
  range: StaffSalesReportRange,
): Promise<StaffSalesReport> {
  const timezone = await shopTimezone(db, store.id);
  // en-CA writes dates as YYYY-MM-DD.
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: timezone }).format(new Date());
  const { from, to } = range.period
    ? periodDays(range.period, today)
    : { from: range.from ?? today, to: range.to ?? today };
  const report = await salesReport(db, store.id, timezone, from, to, locale);
  return { ...report, today, period: range.period, currency: store.currency };
}
