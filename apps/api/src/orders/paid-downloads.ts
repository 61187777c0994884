import { ORDER_LIST_TABS, type OrderStatus, type PaymentStatus } from "@stoa/contract";
import type { OrderLineRow, OrderRow } from "./tables.ts";

/*
 * When an order's digital goods are the customer's to download: one rule, said here twice over the
 * same lists — as SQL where downloads are listed and opened (downloads.ts), and in TypeScript for an
 * order at hand (a cancel, the confirmation's links).
 */

/** Orders that stand: a cancelled or wholly refunded order gives no more files. */
export const LIVE_STATUSES: OrderStatus[] = [...ORDER_LIST_TABS.active, ...ORDER_LIST_TABS.delivered];
/** Payments whose money is taken. */
export const PAID: PaymentStatus[] = ["captured", "partially_refunded", "cash_collected"];

/** Whether the order's money is taken, or it cost nothing (paid by wallet or coupon). */
export function isPaid(order: Pick<OrderRow, "paymentStatus" | "payableAmount">): boolean {
  return PAID.includes(order.paymentStatus) || (order.paymentStatus === "none" && order.payableAmount === 0);
}

/** A line the customer downloads once the order is paid. */
export function isDownload(line: { isDigital?: boolean; digitalFile?: string | null }): boolean {
  return !!line.isDigital && !!line.digitalFile;
}

/**
 * Whether a placed order is delivered by being paid: every line of it is a file to download, so
 * there is nothing for the shop to prepare or send (the order goes on to `delivered` at once).
 */
export function deliveredByPayment(
  order: Pick<OrderRow, "status" | "paymentStatus" | "payableAmount">,
  lines: Pick<OrderLineRow, "isDigital" | "digitalFile">[],
): boolean {
  return order.status === "placed" && isPaid(order) && lines.length > 0 && lines.every(isDownload);
}

/**
 * Whether the order has handed files over: it stands, it is paid, and a line downloads. Such goods
 * are delivered the moment their link works, so the order can no longer be called off.
 */
export function handsOverDownloads(
  order: Pick<OrderRow, "status" | "paymentStatus" | "payableAmount">,
  lines: Pick<OrderLineRow, "isDigital" | "digitalFile">[],
): boolean {
  return LIVE_STATUSES.includes(order.status) && isPaid(order) && lines.some(isDownload);
}
