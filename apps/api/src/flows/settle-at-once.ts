import type { OrderStatus } from "@stoa/contract";
import { statusesAfter } from "../orders/service.ts";
import type { OrderRow } from "../orders/tables.ts";
import type { AuthorizeResult, PaymentProvider } from "../payments/provider.ts";
import { paymentEventOutcome } from "../payments/service.ts";
import { run, statement } from "../platform/db/statements.ts";
import { confirmationOf } from "./order-confirmation.ts";
import { paymentKey } from "./payments.ts";
import type { KnownOfOrder, Settled, Settling } from "./settle-payment.ts";

/*
 * The usual end of a card order: the shopper's own create hears "approved" for goods that ship.
 * settle-payment.ts does it in a transaction of six statements, each a round trip, and on this
 * path those round trips were most of what a card order cost beyond a cash one (docs/benchmarks.md).
 * Here the same writes are one statement: the order moves to what the three machines' tables say
 * the payment's approval leads to, the approval goes to the payment log, the move to the order's
 * timeline and the confirmation to the outbox, and the shopper's saved cart is emptied (decision
 * 015), all or nothing. The update only matches the order
 * exactly as the create left it (still waiting for its card, with no record of this authorization
 * yet); an order a webhook, the sweeper or a cancel has touched meanwhile matches nothing, and the
 * caller settles it the careful way, under the row's lock.
 *
 * The order is found by its primary key. Its status is checked as `(…) IS TRUE`, which no index
 * can answer, on purpose: as a plain `status = 'pending_payment'` the statement's generic plan
 * read the order through the status index (store, status, created_at, id), where every card
 * order leaves an entry under `pending_payment` when it moves on, dead until a vacuum, so each
 * settle walked the dead entries of all the card orders before it (4.3 ms a settle in the bench
 * and growing, against 0.3 ms by the key: docs/benchmarks.md).
 *
 * Its commit does not wait for the disk (`synchronous_commit` off for this transaction only:
 * `set_config(…, true)` ends with it). What it writes can be lost only with the database itself,
 * in the moment before PostgreSQL's WAL writer flushes it, and then the order is back where the
 * create left it: waiting for its card, with the card authorized at the provider, which is the case
 * of an answer lost to a crash that the sweeper already settles (reconcile-payments.ts) by asking the
 * provider under the same key. The order written before the card is asked keeps its durable commit:
 * without it a charge could exist with no order to find it by. Cash orders keep theirs, as nothing
 * outside the database could tell them again.
 */

type PaidRow = { updated_at: Date };

export const settleApproved = statement<PaidRow>(
  "orders_settle_approved",
  `WITH paid AS (
     UPDATE orders SET status = $3, payment_status = $4, fulfilment_status = $5,
       card_brand = $6, card_last4 = $7, updated_at = now()
     WHERE store_id = $1 AND id = $2 AND (status = 'pending_payment') IS TRUE
       AND payment_status = $8 AND fulfilment_status = $9
       AND NOT EXISTS (SELECT 1 FROM payment_events e
         WHERE e.store_id = $1 AND e.provider = $10 AND e.idempotency_key = $11)
     RETURNING store_id, id, customer_id, status, payment_status, fulfilment_status, updated_at
   ), logged AS (
     INSERT INTO payment_events (store_id, order_id, provider, kind, amount, currency, provider_ref,
       idempotency_key, result, reason)
     SELECT store_id, id, $10, 'authorize', $12, $13, $14, $11, 'approved', NULL FROM paid
   ), timeline AS (
     INSERT INTO order_events (store_id, order_id, status, payment_status, fulfilment_status, actor, actor_id)
     SELECT store_id, id, status, payment_status, fulfilment_status, 'system', NULL FROM paid
   ), mail AS (
     INSERT INTO outbox (store_id, channel, recipient, subject, body)
     SELECT paid.store_id, m->>'channel', m->>'recipient', m->>'subject', m->>'body'
     FROM paid, jsonb_array_elements($15::jsonb) AS m
   ), emptied AS (
     SELECT stoa_empty_saved_cart(store_id, customer_id) FROM paid
   ), unflushed AS (
     SELECT set_config('synchronous_commit', 'off', true)
   )
   SELECT updated_at FROM paid, emptied, unflushed`,
);

export type SettledAtOnce = Settled & { timeline: { status: OrderStatus; at: Date }[] };

/**
 * Places a `pending_payment` order whose card the provider has just approved, in one statement,
 * with the order's timeline as it now stands; null when the order is no longer as its create left
 * it, or is one this path does not take (digital goods are captured at once, which is a second
 * call to the provider).
 */
export async function settleApprovedAtOnce(
  { deps, keys, shop }: Settling,
  provider: PaymentProvider,
  order: OrderRow,
  authorized: AuthorizeResult,
  known: KnownOfOrder,
): Promise<SettledAtOnce | null> {
  if (authorized.outcome !== "approved" || known.lines.some((line) => line.isDigital)) return null;
  const next = statusesAfter(order, { order: "pay", payment: "authorize" });
  const card = authorized.card;
  const placed: OrderRow = {
    ...order,
    ...next,
    cardBrand: card?.brand ?? order.cardBrand,
    cardLast4: card?.last4 ?? order.cardLast4,
  };
  const message = confirmationOf(keys, shop, known.customer, placed, known.lines);
  const [row] = await run(deps.db, settleApproved, [
    order.storeId,
    order.id,
    next.status,
    next.paymentStatus,
    next.fulfilmentStatus,
    placed.cardBrand,
    placed.cardLast4,
    order.paymentStatus,
    order.fulfilmentStatus,
    provider.name,
    paymentKey(order, "authorize"),
    order.payableAmount,
    order.currency,
    paymentEventOutcome(authorized).providerRef,
    JSON.stringify(message ? [message] : []),
  ]);
  if (!row) return null;
  const updatedAt = new Date(row.updated_at);
  return {
    order: { ...placed, updatedAt },
    action: null,
    lines: known.lines,
    // A new order's timeline: written waiting for its card, and placed now.
    timeline: [
      { status: order.status, at: order.createdAt },
      { status: placed.status, at: updatedAt },
    ],
  };
}
