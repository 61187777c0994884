import { sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";

const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;

/**
 * A refund of a referred order takes its share of the commission back, as a negative `clawback`
 * entry written in the transaction that settles the refund (never an edit of the commission):
 * round(commission × refunded goods / the order's goods), counted over every refund of the order
 * so far less what earlier clawbacks took, so an order's clawbacks never exceed its commission and
 * a refund of every line takes all of it back. Refunded goods are the refunded units' share of the
 * lines (shipping and tip earn no commission and take none back). The clawback is `pending` while
 * the commission is (the two mature or cancel together), else `payable`: it lowers what the
 * referrer is owed next. Nothing for an order without a referral or whose commission was cancelled.
 * The order is locked by the caller; the commission's row is locked here, so the sweep's move of it
 * and this entry see each other.
 */
export async function clawBackCommission(
  tx: Database,
  order: { storeId: number; id: number },
  refundId: number,
): Promise<number> {
  const [commission] = rowsOf<{ amount: number; state: string; referrer_id: number; goods_amount: number }>(
    await tx.execute(sql`
      SELECT c.amount, c.state, c.referrer_id, r.goods_amount
      FROM referral_commissions c
      JOIN order_referrals r ON r.store_id = c.store_id AND r.order_id = c.order_id
      WHERE c.store_id = ${order.storeId} AND c.order_id = ${order.id} AND c.kind = 'commission'
      ORDER BY c.id LIMIT 1
      FOR UPDATE OF c`),
  );
  if (!commission || commission.state === "cancelled" || Number(commission.amount) <= 0) return 0;
  const [share] = rowsOf<{
    refunded: string | number | null;
    goods: string | number | null;
    taken: string | number;
  }>(
    await tx.execute(sql`
      SELECT
        (SELECT sum(l.line_total::numeric * rl.quantity / nullif(l.quantity, 0))
          FROM refund_requests q
          JOIN refund_request_lines rl ON rl.store_id = q.store_id AND rl.refund_id = q.id
          JOIN order_lines l ON l.store_id = rl.store_id AND l.id = rl.order_line_id
          WHERE q.store_id = ${order.storeId} AND q.order_id = ${order.id}
            AND (q.status = 'refunded' OR q.id = ${refundId})) AS refunded,
        (SELECT sum(l.line_total) FROM order_lines l
          WHERE l.store_id = ${order.storeId} AND l.order_id = ${order.id}) AS goods,
        (SELECT coalesce(-sum(k.amount), 0) FROM referral_commissions k
          WHERE k.store_id = ${order.storeId} AND k.order_id = ${order.id}
            AND k.kind = 'clawback' AND k.state <> 'cancelled') AS taken`),
  );
  const amount = Number(commission.amount);
  const goodsAmount = Number(commission.goods_amount);
  const lines = Number(share?.goods ?? 0);
  if (goodsAmount <= 0 || lines <= 0) return 0;
  const refundedGoods = Math.round((goodsAmount * Math.min(Number(share?.refunded ?? 0), lines)) / lines);
  const due = Math.min(amount, Math.round((amount * refundedGoods) / goodsAmount));
  const clawback = due - Number(share?.taken ?? 0);
  if (clawback <= 0) return 0;
  await tx.execute(sql`
    INSERT INTO referral_commissions (store_id, referrer_id, order_id, kind, amount, state)
    VALUES (${order.storeId}, ${commission.referrer_id}, ${order.id}, 'clawback', ${-clawback},
      ${commission.state === "pending" ? "pending" : "payable"})`);
  return clawback;
}
