import { ordersAwaitingPayment } from "../orders/service.ts";
import type { OrderRow } from "../orders/tables.ts";
import { reportUnknownPayment } from "../payments/give-backs.ts";
import type { AuthorizeResult, PaymentDeclined, PaymentProvider } from "../payments/provider.ts";
import { storeOwnOrigin } from "../platform/http/context.ts";
import { storeById, storeIds } from "../stores/service.ts";
import type { OrderFlowDeps } from "./deps.ts";
import { providerOfOrder } from "./payments.ts";
import { findAuthorizationOf, type Settling, settleCardPayment } from "./settle-payment.ts";

/*
 * No charge without an order, no order without its charge (issue 11). A card order is written
 * `pending_payment` before its card is asked and settled after: an API killed in between, a
 * provider's answer lost on the way, or a shopper who never came back from 3-D Secure leaves it
 * there, holding stock, coupon, wallet credit and window. The sweeper asks the provider, by the
 * order's own authorization key, what became of it, and settles the order as the create would
 * have: placed on an authorization found, released and `payment_failed` when there is none. An
 * order whose shopper was told the payment could not be made (the provider did not answer) is
 * never placed later: what the provider holds for it goes back (settle-payment.ts).
 */

/** An order younger than this may still have its create on the way: left alone. */
export const RECONCILE_AFTER_SECONDS = 5 * 60;
/**
 * How long a shopper has to confirm a card with the bank, and how long a provider may stay
 * unreachable about an order, before the order is given up and what it held goes back.
 */
export const GIVE_UP_SECONDS = 60 * 60;
const BATCH = 100;

/** `unknown`: released with the card's state never told; raised to the shop (reportUnknownPayment). */
export type ReconcileCounts = {
  placed: number;
  released: number;
  unknown: number;
  waiting: number;
  failed: number;
};

/** No authorization to place the order on: nothing is known to be held, nothing was charged. */
const unknown: PaymentDeclined = { outcome: "declined", reason: "provider_error", paymentRef: null };

/**
 * Lets go of an order and gives back what the provider holds for it: the order releases its
 * stock, coupon, wallet credit and window as `payment_failed` first, then the payment found is
 * owed back and released (a void; retried by the sweeper while the provider does not answer).
 */
async function giveUp(
  settling: Settling,
  provider: PaymentProvider,
  order: OrderRow,
  found: AuthorizeResult,
): Promise<keyof ReconcileCounts> {
  const released = await settleCardPayment(settling, provider, order, unknown);
  if (released.order.status === "pending_payment") return "waiting";
  if (released.order.status !== "payment_failed") return "placed";
  await settleCardPayment(settling, provider, released.order, found);
  return "released";
}

async function reconcileOrder(
  settling: Settling,
  provider: PaymentProvider | null,
  order: OrderRow,
  now: Date,
): Promise<keyof ReconcileCounts> {
  const givingUp = now.getTime() - order.createdAt.getTime() >= GIVE_UP_SECONDS * 1000;
  const found = provider ? await findAuthorizationOf(settling.deps, provider, order) : unknown;
  const unreachable = found.outcome === "declined" && found.reason === "provider_error";
  if (found.outcome === "requires_action" || unreachable) {
    if (!givingUp) return "waiting";
    // The shopper never confirmed with the bank: the order is given up as payment_failed and the
    // payment called off at the provider, so a late confirmation cannot take money for nothing.
    if (found.outcome === "requires_action" && provider) return giveUp(settling, provider, order, found);
  }
  const answer = found.outcome === "none" || unreachable ? unknown : found;
  const settled = await settleCardPayment(settling, provider, order, answer);
  if (settled.order.status === "pending_payment") return "waiting";
  if (settled.order.status !== "payment_failed") return "placed";
  // Released without the provider ever saying what became of the card: a hold may be left on it.
  // The shop is told (its stuck-payments list, and the log) rather than nothing being said.
  if (unreachable && provider) {
    await reportUnknownPayment(
      settling.deps.db,
      {
        storeId: order.storeId,
        orderId: order.id,
        provider: provider.name,
        amount: order.payableAmount,
        currency: order.currency,
      },
      UNKNOWN_PAYMENT_NOTE,
    );
    return "unknown";
  }
  return "released";
}

/** What the shop reads of an order released with its card's state unknown. */
export const UNKNOWN_PAYMENT_NOTE =
  "The provider never said what became of this card payment. Look it up at the provider by the order's number and release any hold left on the card.";

/**
 * One pass over every store's orders waiting for their card since before the cut-off. An order that
 * fails (a provider's refusal of the request, a database error) is counted and reported, and the
 * pass goes on: one bad order must not keep every later one, in every later store, waiting.
 */
export async function reconcilePendingPayments(
  deps: OrderFlowDeps,
  now: Date = new Date(),
  onError: (error: unknown, order: { storeId: number; id: number }) => void = () => {},
  onUnknown: (order: OrderRow) => void = () => {},
): Promise<ReconcileCounts> {
  const counts: ReconcileCounts = { placed: 0, released: 0, unknown: 0, waiting: 0, failed: 0 };
  const before = new Date(now.getTime() - RECONCILE_AFTER_SECONDS * 1000);
  const keys = await deps.keys();
  for (const storeId of await storeIds(deps.db)) {
    const waiting = await ordersAwaitingPayment(deps.db, storeId, before, BATCH);
    if (waiting.length === 0) continue;
    const store = await storeById(deps.db, storeId);
    if (!store) continue;
    const settling: Settling = { deps, keys, shop: { store, storefrontOrigin: storeOwnOrigin(store) } };
    for (const order of waiting) {
      try {
        const provider = providerOfOrder(deps.payments, store, order);
        const outcome = await reconcileOrder(settling, provider, order, now);
        counts[outcome] += 1;
        if (outcome === "unknown") onUnknown(order);
      } catch (error) {
        counts.failed += 1;
        onError(error, order);
      }
    }
  }
  return counts;
}
