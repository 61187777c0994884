import { getTableColumns } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { ProductStockChange, StockFound, VariationStockChange } from "../catalogue/stock.ts";
import type { OutboxMessage } from "../notifications/outbox.ts";
import type { Database } from "../platform/db/database.ts";
import { run, statement } from "../platform/db/statements.ts";
import type { Actor, NewOrderLine } from "./service.ts";
import { type NewOrder, type OrderLineRow, type OrderRow, orderLines, orders } from "./tables.ts";

/*
 * Placing a new order in one call (docs/decisions/020-order-create-path.md): the order, its frozen
 * lines, the first step of its timeline and its confirmation are written, and its stock, coupon
 * use, wallet credit and delivery window taken, by the database function of migration 0012, all or
 * nothing. Since migration 0020 the same call refuses an open unpaid order to a shopper who has as
 * many as the store allows (docs/decisions/033-open-unpaid-orders.md), and since migration 0025 an
 * order with cash due that holds more than the store lets one order, or one shopper, hold
 * (docs/decisions/040-what-a-guest-holds.md). Rows many orders share stay
 * locked only while the database works on this one. Rows go as JSON named by their columns, which
 * the Drizzle tables give, so a column added to a table is written here without touching this file.
 */

/** Drizzle's property names to the columns they stand for, to send a row as JSON the database reads. */
function rowWriter(table: PgTable): (values: Record<string, unknown>) => Record<string, unknown> {
  const names = Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name] as const);
  return (values) => {
    const row: Record<string, unknown> = {};
    for (const [key, name] of names) if (values[key] !== undefined) row[name] = values[key];
    return row;
  };
}

type PlacedRow = { created_at: Date; line_ids: number[] | null };

const placeOrder = statement<PlacedRow>(
  "orders_place",
  `SELECT * FROM stoa_place_order($1::jsonb, $2::jsonb, $3::jsonb, $4, $5::int,
     $6::int[], $7::int[], $8::boolean[], $9::int[], $10::int[], $11::int[],
     $12::int, $13::int, $14::timestamptz, $15::timestamptz, $16::int)`,
);

const orderRow = rowWriter(orders);
const lineRow = rowWriter(orderLines);

/** A message to queue with the order (see notifications/outbox.ts), composed already. */
export type OrderMessage = OutboxMessage;

export type NewOrderValues = Omit<NewOrder, "itemCount" | "image" | "createdAt" | "updatedAt"> & {
  id: number;
  orderNumber: number;
  placedAsGuest: boolean;
};

/** What a new order holds, taken in the same call that writes it. */
export type OrderHolds = {
  /** Each product's own stock, or its total when sold by variation (ids unique). */
  products: ProductStockChange[];
  variations: VariationStockChange[];
  couponId: number | null;
  wallet: number;
  window: { start: Date; end: Date; capacity: number } | null;
};

/** What the store lets unpaid orders hold: units, and the goods' value in minor units. */
export type HoldLimits = { units: number; value: number };

/** Why the database refused to place an order; nothing was written or taken. */
export type OrderRefusal =
  | { refused: "out_of_stock"; products: StockFound[]; variations: StockFound[] }
  | { refused: "unpaid_order_too_large" | "unpaid_holds_too_large"; limits: HoldLimits }
  | { refused: "coupon_refused" | "wallet_short" | "window_full" | "unpaid_order_limit" };

const REFUSALS = [
  "out_of_stock",
  "coupon_refused",
  "wallet_short",
  "window_full",
  "unpaid_order_limit",
  "unpaid_order_too_large",
  "unpaid_holds_too_large",
] as const;

/** The refusal a database error stands for, or null when it is another error. */
function refusalOf(error: unknown): OrderRefusal | null {
  const { message, detail } = (error ?? {}) as { message?: string; detail?: string };
  const kind = REFUSALS.find((name) => message === `stoa:${name}`);
  if (!kind) return null;
  if (kind === "unpaid_order_too_large" || kind === "unpaid_holds_too_large")
    return { refused: kind, limits: JSON.parse(detail ?? "{}") as HoldLimits };
  if (kind !== "out_of_stock") return { refused: kind };
  const found = JSON.parse(detail ?? "{}") as { products?: StockFound[]; variations?: StockFound[] };
  return { refused: kind, products: found.products ?? [], variations: found.variations ?? [] };
}

/**
 * Writes a new order with its lines, the first step of its timeline and the messages to send, and
 * takes what it holds, all or nothing: the written order, null when the shopper already has an
 * order with this idempotency key (the caller answers that one), or why it was refused.
 */
export async function placeNewOrder(
  db: Database,
  values: NewOrderValues,
  lines: NewOrderLine[],
  actor: Actor,
  messages: OrderMessage[],
  holds: OrderHolds,
): Promise<{ order: OrderRow; lines: OrderLineRow[] } | OrderRefusal | null> {
  // Every column is sent: a key left out of the JSON would be written as null, not as its default.
  const placed = lines.map((line, position) => ({
    ...line,
    storeId: values.storeId,
    orderId: values.id,
    position,
    variationId: line.variationId ?? null,
    addOns: line.addOns ?? {},
    options: line.options ?? [],
    image: line.image ?? null,
    isDigital: line.isDigital ?? false,
    isGiftCard: line.isGiftCard ?? false,
    giftRecipient: line.giftRecipient ?? null,
    digitalFile: line.digitalFile ?? null,
  }));
  const row = {
    ...withDefaults(values),
    image: lines.find((line) => line.image)?.image ?? null,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
  };
  let written: PlacedRow | undefined;
  try {
    [written] = await run(db, placeOrder, [
      JSON.stringify(orderRow(row)),
      JSON.stringify(placed.map(lineRow)),
      JSON.stringify(messages),
      actor.kind,
      actor.id,
      holds.products.map((p) => p.productId),
      holds.products.map((p) => p.quantity),
      holds.products.map((p) => p.byVariation),
      holds.variations.map((v) => v.variationId),
      holds.variations.map((v) => v.productId),
      holds.variations.map((v) => v.quantity),
      holds.couponId,
      holds.wallet,
      holds.window?.start ?? null,
      holds.window?.end ?? null,
      holds.window?.capacity ?? null,
    ]);
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return refusal;
    throw error;
  }
  if (!written) return null;
  const ids = written.line_ids ?? [];
  if (ids.length !== placed.length)
    throw new Error(`order ${values.id} was written with ${ids.length} lines`);
  return {
    order: { ...row, createdAt: written.created_at, updatedAt: written.created_at },
    lines: placed.map((line, i) => ({ ...line, id: ids[i] as number })),
  };
}

/** The order row as the database holds it once written: what the insert left out takes its default. */
function withDefaults(
  values: NewOrderValues,
): Omit<OrderRow, "itemCount" | "image" | "createdAt" | "updatedAt"> {
  return {
    ...values,
    deliveryWindowStart: values.deliveryWindowStart ?? null,
    deliveryWindowEnd: values.deliveryWindowEnd ?? null,
    deliveryPostId: values.deliveryPostId ?? null,
    pickupOptionId: values.pickupOptionId ?? null,
    deliveryOptionName: values.deliveryOptionName ?? null,
    pickupAddress: values.pickupAddress ?? null,
    shippingAddress: values.shippingAddress ?? null,
    billingAddress: values.billingAddress ?? null,
    couponId: values.couponId ?? null,
    couponCode: values.couponCode ?? null,
    couponAmount: values.couponAmount ?? null,
    giftCard: values.giftCard ?? 0,
    giftCardLineId: values.giftCardLineId ?? null,
    giftCardUnit: values.giftCardUnit ?? null,
    paymentGateway: values.paymentGateway ?? null,
    cardBrand: values.cardBrand ?? null,
    cardLast4: values.cardLast4 ?? null,
    placedAsGuest: values.placedAsGuest ?? false,
    cancelReason: values.cancelReason ?? null,
    cardUnansweredAt: null,
    trackingCarrier: null,
    trackingNumber: null,
  };
}
