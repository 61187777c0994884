import { getTableColumns } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { outbox } from "../notifications/tables.ts";
import type { Database } from "../platform/db/database.ts";
import { run, statement } from "../platform/db/statements.ts";
import type { Actor, NewOrderLine } from "./service.ts";
import { type NewOrder, type OrderLineRow, type OrderRow, orderLines, orders } from "./tables.ts";

/*
 * Writing a new order in one statement: the order, its frozen lines, the first step of its timeline
 * and its confirmation message, so that placing an order costs one round trip here instead of five
 * (docs/decisions/020-order-create-path.md). The column lists come from the Drizzle tables, so a
 * column added to a table is written here without touching this file.
 */

/** The columns a statement writes, in the tables' order, without those the database fills in. */
function columnsOf(table: PgTable, skip: string[]): string[] {
  return Object.values(getTableColumns(table))
    .map((column) => column.name)
    .filter((name) => !skip.includes(name));
}

/** Drizzle's property names to the columns they stand for, to send a row as JSON the database reads. */
function rowWriter(table: PgTable): (values: Record<string, unknown>) => Record<string, unknown> {
  const names = Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name] as const);
  return (values) => {
    const row: Record<string, unknown> = {};
    for (const [key, name] of names) if (values[key] !== undefined) row[name] = values[key];
    return row;
  };
}

const orderColumns = columnsOf(orders, ["created_at", "updated_at"]);
const lineColumns = columnsOf(orderLines, ["id"]);
const messageColumns = ["store_id", "channel", "recipient", "subject", "body"];
const list = (columns: string[], from: string) => columns.map((c) => `${from}."${c}"`).join(", ");
const names = (columns: string[]) => columns.map((c) => `"${c}"`).join(", ");

type WrittenRow = { created_at: Date; line_ids: number[] | null };

/**
 * $1 the order, $2 its lines, $3 its messages (JSON, columns by their database names), $4 and $5
 * the actor of the first timeline step. Nothing is written when the shopper already has an order
 * with the idempotency key: every part reads the order's insert, which then writes no row.
 */
const writeOrder = statement<WrittenRow>(
  "orders_write_new",
  `WITH o AS (
     INSERT INTO orders (${names(orderColumns)})
     SELECT ${list(orderColumns, "r")} FROM jsonb_populate_record(NULL::orders, $1::jsonb) r
     ON CONFLICT (store_id, customer_id, idempotency_key) DO NOTHING
     RETURNING store_id, id, status, payment_status, fulfilment_status, created_at
   ), l AS (
     INSERT INTO order_lines (${names(lineColumns)})
     SELECT ${list(lineColumns, "r")} FROM o, jsonb_populate_recordset(NULL::order_lines, $2::jsonb) r
     RETURNING id, position
   ), e AS (
     INSERT INTO order_events (store_id, order_id, status, payment_status, fulfilment_status, actor, actor_id)
     SELECT store_id, id, status, payment_status, fulfilment_status, $4, $5::int FROM o
   ), m AS (
     INSERT INTO outbox (${names(messageColumns)})
     SELECT ${list(messageColumns, "r")} FROM o, jsonb_populate_recordset(NULL::outbox, $3::jsonb) r
   )
   SELECT o.created_at, (SELECT array_agg(l.id ORDER BY l.position) FROM l) AS line_ids FROM o`,
);

const orderRow = rowWriter(orders);
const lineRow = rowWriter(orderLines);
const messageRow = rowWriter(outbox);

/** A message to queue with the order (see notifications/outbox.ts), composed already. */
export type OrderMessage = Pick<typeof outbox.$inferInsert, "channel" | "recipient" | "subject" | "body">;

export type NewOrderValues = Omit<NewOrder, "itemCount" | "image" | "createdAt" | "updatedAt"> & {
  id: number;
  orderNumber: number;
  placedAsGuest: boolean;
};

/**
 * Writes a new order with its lines, the first step of its timeline and the messages to send, in
 * one statement inside the caller's transaction; null when the shopper already has an order with
 * this idempotency key (the caller rolls back and answers that one).
 */
export async function writeNewOrder(
  tx: Database,
  values: NewOrderValues,
  lines: NewOrderLine[],
  actor: Actor,
  messages: OrderMessage[] = [],
): Promise<{ order: OrderRow; lines: OrderLineRow[] } | null> {
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
    digitalFile: line.digitalFile ?? null,
  }));
  const row = {
    ...withDefaults(values),
    image: lines.find((line) => line.image)?.image ?? null,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
  };
  const [written] = await run(tx, writeOrder, [
    JSON.stringify(orderRow(row)),
    JSON.stringify(placed.map(lineRow)),
    JSON.stringify(messages.map((message) => messageRow({ ...message, storeId: values.storeId }))),
    actor.kind,
    actor.id,
  ]);
  if (!written) return null;
  const ids = written.line_ids ?? [];
  if (ids.length !== placed.length) throw new Error(`order ${values.id} was written with ${ids.length} lines`);
  return {
    order: { ...row, createdAt: written.created_at, updatedAt: written.created_at },
    lines: placed.map((line, i) => ({ ...line, id: ids[i] as number })),
  };
}

/** The order row as the database holds it once written: what the insert left out takes its default. */
function withDefaults(values: NewOrderValues): Omit<OrderRow, "itemCount" | "image" | "createdAt" | "updatedAt"> {
  return {
    ...values,
    deliveryWindowStart: values.deliveryWindowStart ?? null,
    deliveryWindowEnd: values.deliveryWindowEnd ?? null,
    deliveryPostId: values.deliveryPostId ?? null,
    pickupOptionId: values.pickupOptionId ?? null,
    deliveryOptionName: values.deliveryOptionName ?? null,
    shippingAddress: values.shippingAddress ?? null,
    billingAddress: values.billingAddress ?? null,
    couponId: values.couponId ?? null,
    couponCode: values.couponCode ?? null,
    couponAmount: values.couponAmount ?? null,
    paymentGateway: values.paymentGateway ?? null,
    cardBrand: values.cardBrand ?? null,
    cardLast4: values.cardLast4 ?? null,
    placedAsGuest: values.placedAsGuest ?? false,
    cancelReason: values.cancelReason ?? null,
  };
}
