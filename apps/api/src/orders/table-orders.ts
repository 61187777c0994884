import type { Locale, PaymentGateway, PaymentStatus } from "@stoa/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import type { OrderIdentity } from "./identities.ts";
import type { Actor } from "./service.ts";
import { type OrderRow, orderEvents, orderLines, orders } from "./tables.ts";

/*
 * A dine-in tab's bill as an order (decision 065 "The bill"): written when the diners ask for the
 * bill, from the tab's lines, already served at the table, so reports, the diner's order list and
 * refunds read it as any other order. Not through stoa_place_order: its stock was taken round by
 * round, and it holds no coupon, wallet or delivery window when it is written. Its money arrives in
 * shares (several cards, cash at the counter), not through the card order's machine, so this module
 * says where it stands once the last share is in.
 */

/** A line of the tab, as the bill's order freezes it. */
export type TableBillLine = {
  productId: number;
  variationId: number | null;
  addOns: Record<string, string[]>;
  name: string;
  sku: string;
  options: string[];
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  tax: number;
};

export type TableBill = {
  storeId: number;
  customerId: number;
  placedAsGuest: boolean;
  /** The table's name ("Table 7"): who the order is for on the console's lists. */
  tableName: string;
  currency: string;
  locale: Locale;
  tabId: number;
  lines: TableBillLine[];
};

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * Writes the bill of a tab as a delivered order with `none` paid yet, and the first step of its
 * timeline (the diner asking for the bill), in the caller's transaction (the tab's lock held).
 * Its id and number are taken from the store's order identities before the transaction, as every
 * order's are (identities.ts: a block is taken in a statement of its own). Menu prices include tax.
 */
export async function writeTableBill(
  tx: Database,
  { id, orderNumber }: OrderIdentity,
  bill: TableBill,
  actor: Actor,
): Promise<OrderRow> {
  const goods = sum(bill.lines.map((line) => line.lineTotal));
  const [order] = await tx
    .insert(orders)
    .values({
      storeId: bill.storeId,
      id,
      orderNumber,
      customerId: bill.customerId,
      status: "delivered",
      paymentStatus: "none",
      fulfilmentStatus: "delivered",
      deliveryType: "table",
      currency: bill.currency,
      totalAmount: goods,
      tax: sum(bill.lines.map((line) => line.tax)),
      taxIncluded: true,
      shippingCharge: 0,
      discount: 0,
      tip: 0,
      wallet: 0,
      payableAmount: goods,
      customerName: bill.tableName,
      customerContact: "",
      note: "",
      outStockPreference: "contact_me",
      locale: bill.locale,
      // One bill per tab: the key makes a second write of it impossible.
      idempotencyKey: `table-tab-${bill.tabId}`,
      requestDigest: `table-tab-${bill.tabId}`,
      placedAsGuest: bill.placedAsGuest,
      itemCount: sum(bill.lines.map((line) => line.quantity)),
    })
    .returning();
  if (!order) throw new Error(`the bill of tab ${bill.tabId} was not written`);
  await tx.insert(orderLines).values(
    bill.lines.map((line, position) => ({
      ...line,
      storeId: bill.storeId,
      orderId: id,
      position,
    })),
  );
  await recordTableEvent(tx, order, actor);
  return order;
}

async function recordTableEvent(tx: Database, order: OrderRow, actor: Actor): Promise<void> {
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

/** The coupon applied to a bill before any share is paid: what the order now asks. */
export async function discountTableBill(
  tx: Database,
  order: OrderRow,
  coupon: { id: number; code: string; discount: number } | null,
): Promise<void> {
  const discount = coupon?.discount ?? 0;
  await tx
    .update(orders)
    .set({
      discount,
      couponId: coupon?.id ?? null,
      couponCode: coupon?.code ?? null,
      couponAmount: coupon ? discount : null,
      payableAmount: order.totalAmount - discount,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.storeId, order.storeId), eq(orders.id, order.id)));
}

/**
 * The bill paid in full: `captured` when any card share paid part of it, else `cash_collected`;
 * the tips of every share as its tip (kept apart from the shop's revenue) and what was paid in all.
 * A step of its timeline says who closed it.
 */
export async function settleTableBill(
  tx: Database,
  order: OrderRow,
  paid: {
    paymentStatus: Extract<PaymentStatus, "captured" | "cash_collected">;
    gateway: PaymentGateway;
    tips: number;
    card: { brand: string; last4: string } | null;
  },
  actor: Actor,
): Promise<OrderRow> {
  const [settled] = await tx
    .update(orders)
    .set({
      paymentStatus: paid.paymentStatus,
      paymentGateway: paid.gateway,
      tip: paid.tips,
      payableAmount: order.totalAmount - order.discount + paid.tips,
      cardBrand: paid.card?.brand ?? null,
      cardLast4: paid.card?.last4 ?? null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.storeId, order.storeId), eq(orders.id, order.id)))
    .returning();
  if (!settled) throw new Error(`the bill order ${order.id} vanished while its tab was locked`);
  await recordTableEvent(tx, settled, actor);
  return settled;
}
