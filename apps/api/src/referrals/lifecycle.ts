import { sql } from "drizzle-orm";
import type { Database, Tx } from "../platform/db/database.ts";
import { creditWallet } from "../pricing/wallet.ts";

/*
 * How a commission moves after its order was placed (a sweeper step, decision 067):
 *
 * - pending → payable: the order paid (card captured, cash collected, or only partly refunded) and
 *   delivered, the return window frozen on the order passed since it was delivered, and no review
 *   holding it (open) or that refused it. A pending clawback of an order whose commission is payable
 *   or paid follows it at once: it lowers what is owed next.
 * - pending → cancelled: the order was cancelled or its payment failed. The referral is released
 *   (the friend's first order is still to come) and the referrer's month gets the use and the
 *   commission back, never below zero.
 * - payable → paid to the wallet: in a shop whose settings say so, in the same transaction.
 *
 * Every move claims its rows with `FOR UPDATE SKIP LOCKED` and re-checks the state in the UPDATE,
 * so two sweeps at once (two API processes, or the dev clock beside the timer) take disjoint rows
 * and never wait on each other: a row moves once, a wallet is credited once. The pending entries
 * are claimed in no particular order, so that they are read through their partial index
 * (referral_commissions_pending_idx) and not in the order of a whole-ledger index.
 */

const BATCH = 500;

/** Card captured, cash collected, or refunded in part: money the shop keeps. */
const PAID_STATUSES = sql`('captured', 'cash_collected', 'partially_refunded')`;

const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;

export type ReferralSweepCounts = { payable: number; cancelled: number; paidToWallet: number };

/** Only this shop's entries: a test sweeping far ahead leaves other test files' shops alone. */
type Scope = { storeId?: number };
const inScope = ({ storeId }: Scope, alias: string) =>
  storeId === undefined ? sql`` : sql`AND ${sql.raw(alias)}.store_id = ${storeId}`;

/** Runs the three moves in one transaction at `now` (the process's referral clock). */
export async function sweepReferrals(
  db: Database,
  now: Date = new Date(),
  scope: Scope = {},
): Promise<ReferralSweepCounts> {
  return db.transaction(async (tx) => {
    await holdSameCard(tx, scope);
    const payable = await matureDue(tx, now, scope);
    const cancelled = await cancelGivenUp(tx, scope);
    const paidToWallet = await payToWallets(tx, now, scope);
    return { payable, cancelled, paidToWallet };
  });
}

/**
 * A referred order paid with a card the referrer has paid with (brand and last four digits, all
 * the shop keeps of a card) is the referrer buying for themselves: held for staff to judge, as a
 * card paid through Stripe or Bambora is known only once the provider authorized it, after checkout
 * could refuse it (decision 067). The sweep runs this before maturing, which needs delivery and a
 * return window first, so a held referral never matures meanwhile. Each order is held once
 * (referral_reviews_order_uq); a referral already held for another reason stays as it is.
 */
async function holdSameCard(tx: Tx, scope: Scope): Promise<number> {
  const held = rowsOf<{ id: number }>(
    await tx.execute(sql`
      INSERT INTO referral_reviews (store_id, order_id, referrer_id, reasons, state)
      SELECT c.store_id, c.order_id, c.referrer_id, '["sameCard"]'::jsonb, 'open'
      FROM referral_commissions c
      JOIN orders o ON o.store_id = c.store_id AND o.id = c.order_id
      WHERE c.state = 'pending' AND c.kind = 'commission' AND o.card_last4 IS NOT NULL ${inScope(scope, "c")}
        AND NOT EXISTS (
          SELECT 1 FROM referral_reviews v WHERE v.store_id = c.store_id AND v.order_id = c.order_id)
        AND EXISTS (
          SELECT 1 FROM orders mine
          WHERE mine.store_id = c.store_id AND mine.customer_id = c.referrer_id AND mine.id <> o.id
            AND mine.card_last4 = o.card_last4 AND mine.card_brand = o.card_brand)
      LIMIT ${BATCH}
      ON CONFLICT DO NOTHING
      RETURNING id`),
  );
  return held.length;
}

/**
 * Pending entries whose order is paid, delivered and past its return window, and not held by a
 * review, become payable; `payable_at` is when the window ended. The pending entries are found
 * through their partial index (referral_commissions_pending_idx), each order by its key.
 */
async function matureDue(tx: Tx, now: Date, scope: Scope): Promise<number> {
  const at = now.toISOString();
  // When the window ends: first delivered + the order's frozen window. A sub-select, so that it is
  // read (two index probes) only for entries whose order is delivered and paid, not for every
  // pending entry the sweep looks at.
  const dueAt = sql`((SELECT min(e.at) FROM order_events e
      WHERE e.store_id = c.store_id AND e.order_id = c.order_id AND e.status = 'delivered')
    + (SELECT make_interval(days => (r.rules->>'returnWindowDays')::int) FROM order_referrals r
      WHERE r.store_id = c.store_id AND r.order_id = c.order_id))`;
  const moved = rowsOf<{ id: number }>(
    await tx.execute(sql`
      WITH due AS (
        SELECT c.store_id, c.id,
          CASE WHEN c.kind = 'commission' OR o.status = 'delivered' THEN ${dueAt} END AS due_at
        FROM referral_commissions c
        JOIN orders o ON o.store_id = c.store_id AND o.id = c.order_id
        WHERE c.state = 'pending' ${inScope(scope, "c")}
          AND (
            (o.status = 'delivered' AND o.payment_status IN ${PAID_STATUSES} AND ${dueAt} <= ${at}::timestamptz)
            -- A scalar sub-select, not EXISTS: the planner would hash every payable entry for it.
            OR (c.kind = 'clawback' AND (
              SELECT k.state FROM referral_commissions k
              WHERE k.store_id = c.store_id AND k.order_id = c.order_id AND k.kind = 'commission'
              LIMIT 1) IN ('payable', 'paid')))
          AND NOT EXISTS (
            SELECT 1 FROM referral_reviews v
            WHERE v.store_id = c.store_id AND v.order_id = c.order_id AND v.state IN ('open', 'refused'))
          -- A return asked for inside the window and not settled yet holds the commission: paying it
          -- out now would leave the clawback that follows to a referrer who may never earn again.
          AND NOT EXISTS (
            SELECT 1 FROM refund_requests q
            WHERE q.store_id = c.store_id AND q.order_id = c.order_id AND q.status IN ('requested', 'approved'))
        LIMIT ${BATCH}
        FOR UPDATE OF c SKIP LOCKED
      )
      UPDATE referral_commissions c
      SET state = 'payable', payable_at = least(coalesce(due.due_at, ${at}::timestamptz), ${at}::timestamptz),
        updated_at = now()
      FROM due
      WHERE c.store_id = due.store_id AND c.id = due.id AND c.state = 'pending'
      RETURNING c.id`),
  );
  return moved.length;
}

/**
 * Pending entries of orders cancelled or declined are cancelled, and each such referral released
 * once (`released_at` set only where it was null): its month gives back one use and the commission
 * it had counted, never below zero.
 */
async function cancelGivenUp(tx: Tx, scope: Scope): Promise<number> {
  const cancelled = rowsOf<{ n: number }>(
    await tx.execute(sql`
      WITH gone AS (
        SELECT c.store_id, c.id
        FROM referral_commissions c
        JOIN orders o ON o.store_id = c.store_id AND o.id = c.order_id
        WHERE c.state = 'pending' AND o.status IN ('cancelled', 'payment_failed') ${inScope(scope, "c")}
        LIMIT ${BATCH}
        FOR UPDATE OF c SKIP LOCKED
      ), cancelled AS (
        UPDATE referral_commissions c SET state = 'cancelled', updated_at = now()
        FROM gone
        WHERE c.store_id = gone.store_id AND c.id = gone.id AND c.state = 'pending'
        RETURNING c.store_id, c.order_id, c.kind, c.amount
      ), released AS (
        UPDATE order_referrals r SET released_at = now()
        WHERE (r.store_id, r.order_id) IN (SELECT store_id, order_id FROM cancelled)
          AND r.released_at IS NULL
        RETURNING r.store_id, r.order_id, r.referrer_id, r.month
      ), contacts_released AS (
        -- The friend's contacts no longer hold the reward: their first order is still to come.
        UPDATE referral_friend_contacts f SET released_at = now()
        FROM released
        WHERE f.store_id = released.store_id AND f.order_id = released.order_id AND f.released_at IS NULL
        RETURNING 1
      ), given_back AS (
        -- The commission the order counted: amounts never change, so the snapshot's are right
        -- even when another sweep cancelled the commission entry itself.
        SELECT r.store_id, r.referrer_id, r.month, count(*)::int AS uses,
          coalesce(sum(k.amount), 0)::int AS commission
        FROM released r
        LEFT JOIN referral_commissions k
          ON k.store_id = r.store_id AND k.order_id = r.order_id AND k.kind = 'commission'
        GROUP BY r.store_id, r.referrer_id, r.month
      ), months AS (
        UPDATE referral_months m
        SET uses = greatest(m.uses - g.uses, 0), commission = greatest(m.commission - g.commission, 0)
        FROM given_back g
        WHERE m.store_id = g.store_id AND m.referrer_id = g.referrer_id AND m.month = g.month
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM cancelled)::int AS n, (SELECT count(*) FROM months)::int AS months,
        (SELECT count(*) FROM contacts_released)::int AS contacts`),
  );
  return Number(cancelled[0]?.n ?? 0);
}

type Claimed = { store_id: number; id: number; referrer_id: number; amount: number };

/**
 * In shops that pay commission to the wallet, every payable entry is claimed (`paid`, `wallet`)
 * and the referrer's wallet credited with their sum, reason "referral", in this transaction. A
 * referrer whose claimed entries come to nothing or less (a clawback bigger than what is owed) is
 * given them back as payable, untouched: the clawback is set off against their next commission.
 * The shops are found by their settings row, each one's payable entries by (store, state).
 */
async function payToWallets(tx: Tx, now: Date, scope: Scope): Promise<number> {
  const claimed = rowsOf<Claimed>(
    await tx.execute(sql`
      WITH referrers AS (
        -- Only referrers who are owed something: one whose payable entries come to nothing or less
        -- (a clawback bigger than what is owed) waits for a commission, and is not claimed and given
        -- back on every sweep ahead of everyone else.
        SELECT c.store_id, c.referrer_id
        FROM referral_settings s
        JOIN referral_commissions c ON c.store_id = s.store_id AND c.state = 'payable'
        WHERE s.pay_to_wallet ${inScope(scope, "s")}
        GROUP BY c.store_id, c.referrer_id
        HAVING sum(c.amount) > 0
        LIMIT ${BATCH}
      ), owed AS (
        SELECT c.store_id, c.id
        FROM referrers r
        JOIN referral_commissions c
          ON c.store_id = r.store_id AND c.referrer_id = r.referrer_id AND c.state = 'payable'
        ORDER BY c.store_id, c.id
        FOR UPDATE OF c SKIP LOCKED
      )
      UPDATE referral_commissions c
      SET state = 'paid', paid_to = 'wallet', paid_at = ${now.toISOString()}::timestamptz, updated_at = now()
      FROM owed
      WHERE c.store_id = owed.store_id AND c.id = owed.id AND c.state = 'payable'
      RETURNING c.store_id, c.id, c.referrer_id, c.amount`),
  );
  const byReferrer = new Map<string, { storeId: number; referrerId: number; sum: number; ids: number[] }>();
  for (const row of claimed) {
    const key = `${row.store_id}:${row.referrer_id}`;
    const entry = byReferrer.get(key) ?? {
      storeId: Number(row.store_id),
      referrerId: Number(row.referrer_id),
      sum: 0,
      ids: [],
    };
    entry.sum += Number(row.amount);
    entry.ids.push(Number(row.id));
    byReferrer.set(key, entry);
  }
  let paid = 0;
  for (const { storeId, referrerId, sum, ids } of byReferrer.values()) {
    if (sum > 0) {
      await creditWallet(tx as unknown as Database, storeId, referrerId, sum, null, "referral");
      paid += ids.length;
      continue;
    }
    await tx.execute(sql`
      UPDATE referral_commissions SET state = 'payable', paid_to = NULL, paid_at = NULL
      WHERE store_id = ${storeId} AND id = ANY(${`{${ids.join(",")}}`}::int[])`);
  }
  return paid;
}
