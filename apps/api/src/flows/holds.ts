import { releaseDeliveryWindow } from "../delivery/service.ts";
import { giveBackToGiftCard } from "../gift-cards/service.ts";
import { releaseStock } from "../inventory/service.ts";
import type { OrderLineRow, OrderRow } from "../orders/tables.ts";
import type { Database } from "../platform/db/database.ts";
import { creditWallet } from "../pricing/wallet.ts";
import { returnCoupon } from "../promotions/service.ts";

/**
 * Gives back everything an order held: its stock, its coupon use, the wallet credit and gift card
 * value it spent and its delivery window. For a cancel and for a declined card, inside the transaction that moves the
 * order, so the order's state and what it holds change together. Each release is keyed to the
 * order, and the order's row is locked and moved in the same transaction, so nothing is given back twice.
 */
export async function releaseHolds(
  tx: Database,
  order: OrderRow,
  lines: OrderLineRow[],
  reason: string,
): Promise<void> {
  await releaseStock(
    tx,
    order.storeId,
    lines.map((line) => ({
      productId: line.productId,
      variationId: line.variationId,
      quantity: line.quantity,
    })),
  );
  if (order.couponId !== null) await returnCoupon(tx, order.storeId, order.id);
  if (order.wallet > 0)
    await creditWallet(tx, order.storeId, order.customerId, order.wallet, order.id, reason);
  if (order.giftCard > 0) await giveBackToGiftCard(tx, order, order.giftCard);
  if (order.deliveryWindowStart) await releaseDeliveryWindow(tx, order.storeId, order.id);
}

/**
 * What a cancel gives back of an order whose money was taken and is refunded (flows/staff-cancel.ts):
 * its coupon use and delivery window, and the stock of the units no refund has settled yet (a
 * refund settles its units' stock itself, restocked or not). The wallet credit and gift card value
 * it spent went back with the refund, so they are not given again.
 */
export async function releaseHoldsOfRefunded(
  tx: Database,
  order: OrderRow,
  lines: OrderLineRow[],
  refundedUnits: Map<number, { quantity: number }>,
): Promise<void> {
  const left = lines
    .map((line) => ({
      productId: line.productId,
      variationId: line.variationId,
      quantity: line.quantity - (refundedUnits.get(line.id)?.quantity ?? 0),
    }))
    .filter((line) => line.quantity > 0);
  if (left.length > 0) await releaseStock(tx, order.storeId, left);
  if (order.couponId !== null) await returnCoupon(tx, order.storeId, order.id);
  if (order.deliveryWindowStart) await releaseDeliveryWindow(tx, order.storeId, order.id);
}
