import {
  cancelMove,
  lockOrder,
  moveOrder,
  orderLinesOf,
  ordersUnconfirmedUnpaid,
  SYSTEM,
} from "../orders/service.ts";
import type { OrderRow } from "../orders/tables.ts";
import { storeOwnOrigin } from "../platform/http/context.ts";
import { storeById, storeReleaseTimes } from "../stores/service.ts";
import type { StoreRow } from "../stores/tables.ts";
import type { OrderFlowDeps } from "./deps.ts";
import { releaseHolds } from "./holds.ts";
import { type ShopOrigin, tellShopper } from "./order-confirmation.ts";

/*
 * A pickup or delivery paid on collection holds its stock, coupon use and window from the moment it
 * is placed until the shop hands it over, and placing one costs nothing: a guest could hold a shop's
 * stock for as long as nobody looked (issue 30). An order the shop has not confirmed within the
 * store's `unconfirmed_release_minutes` is cancelled by the sweeper, gives back what it holds, and
 * its shopper is told (docs/decisions/040-what-a-guest-holds.md). An order the shop confirmed is the
 * shop's to keep or cancel.
 */

const BATCH = 100;

/** Why the order was cancelled, as staff read it on the order. */
export function releaseReason(store: Pick<StoreRow, "unconfirmedReleaseMinutes">): string {
  return `Released: not confirmed by the shop within ${store.unconfirmedReleaseMinutes} min while unpaid`;
}

/**
 * Cancels one order that is still placed, unconfirmed and unpaid under its row lock (staff may have
 * confirmed it a moment ago, or the shopper cancelled it), gives back what it holds and tells the
 * shopper, in one transaction. Answers whether it released the order.
 */
async function releaseOrder(
  deps: Pick<OrderFlowDeps, "db">,
  keys: Awaited<ReturnType<OrderFlowDeps["keys"]>>,
  shop: ShopOrigin,
  found: OrderRow,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, found.storeId, found.id);
    if (order?.status !== "placed" || order.paymentStatus !== "cash_due") return false;
    const lines = await orderLinesOf(tx, order.storeId, order.id);
    await releaseHolds(tx, order, lines, "order_released");
    const cancelled = await moveOrder(tx, order, cancelMove(order), SYSTEM, {
      cancelReason: releaseReason(shop.store),
    });
    await tellShopper(tx, keys, shop, cancelled, (link) => ({
      kind: "orderReleased",
      orderNumber: order.orderNumber,
      link,
    }));
    return true;
  });
}

export type ReleaseCounts = { released: number; failed: number };

/**
 * One pass over every store's unpaid pickups and deliveries that its staff have not confirmed within
 * the store's time, as of `now`. An order that fails is counted and reported, and the pass goes on.
 */
export async function releaseUnconfirmedOrders(
  deps: Pick<OrderFlowDeps, "db" | "keys">,
  now: Date = new Date(),
  onError: (error: unknown, order: { storeId: number; id: number }) => void = () => {},
): Promise<ReleaseCounts> {
  const counts: ReleaseCounts = { released: 0, failed: 0 };
  const keys = await deps.keys();
  for (const { id, unconfirmedReleaseMinutes } of await storeReleaseTimes(deps.db)) {
    const before = new Date(now.getTime() - unconfirmedReleaseMinutes * 60 * 1000);
    const due = await ordersUnconfirmedUnpaid(deps.db, id, before, BATCH);
    if (due.length === 0) continue;
    const store = await storeById(deps.db, id);
    if (!store) continue;
    const shop = { store, storefrontOrigin: storeOwnOrigin(store) };
    for (const order of due) {
      try {
        if (await releaseOrder(deps, keys, shop, order)) counts.released += 1;
      } catch (error) {
        counts.failed += 1;
        onError(error, order);
      }
    }
  }
  return counts;
}
