// Referral commissions (issue 36): a ledger written straight to the database on the bench store's
// orders, as order create and the sweeper leave it. One bench shopper referred LEDGER_ENTRIES of
// them (their ledger, `referralLedger`, is the spec's list of up to 1,000 records on one page);
// the rest are spread over the other bench shoppers, most still pending, so the staff's list of
// commissions to pay (`staffCommissions`) and the sweep read a shop's whole ledger
// (`referralSweep`, timed in this process: the sweep is a step of the API's sweeper, not a call).
import { performance } from "node:perf_hooks";
import type { DatabaseHandle } from "../../apps/api/src/platform/db/database.ts";
import { sweepReferrals } from "../../apps/api/src/referrals/lifecycle.ts";
import type { Shopper } from "./shoppers.ts";
import { ownerToken, prepareStaffOrders } from "./staff-orders.ts";

/** Entries of the one referrer whose ledger is listed. */
export const LEDGER_ENTRIES = 1_000;
/** Referred orders of the store in all. */
export const REFERRED_ORDERS = 20_000;
const SWEEPS = 7;

export type ReferralLoad = {
  /** The referrer's session: their ledger. */
  referrerToken: string;
  /** An owner's session: the commissions to pay. */
  staffToken: string;
  /** Entries of the store by state. */
  states: Record<string, number>;
  /** Median and slowest of SWEEPS sweeps once nothing is left due: what each minute's step costs. */
  sweep: { pending: number; medianMs: number; maxMs: number };
};

const STATES = ["pending", "payable", "paid", "cancelled"] as const;

export async function prepareReferrals(
  handle: DatabaseHandle,
  storeId: number,
  shoppers: Shopper[],
  note: (line: string) => void,
): Promise<ReferralLoad> {
  const [counted] = await handle.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM orders WHERE store_id = $1",
    [storeId],
  );
  if ((counted?.n ?? 0) < REFERRED_ORDERS) await prepareStaffOrders(handle, storeId, REFERRED_ORDERS, note);
  const emails = shoppers.map((s) => s.email);
  const referrers = await handle.query<{ id: number; email: string }>(
    "SELECT id, email FROM customers WHERE store_id = $1 AND email = ANY($2::text[]) ORDER BY id",
    [storeId, emails],
  );
  const first = referrers.find((r) => r.email === shoppers[0]?.email);
  if (!first || referrers.length < 2) throw new Error("the bench shoppers are not there to refer");
  const others = referrers.filter((r) => r.id !== first.id).map((r) => r.id);

  // Every run starts from the same ledger: earlier runs' rows go.
  for (const table of [
    "referral_commissions",
    "referral_reviews",
    "order_referrals",
    "referral_months",
    "referral_codes",
  ])
    await handle.query(`DELETE FROM ${table} WHERE store_id = $1`, [storeId]);
  await handle.query(
    `INSERT INTO referral_settings (store_id, enabled, pay_to_wallet) VALUES ($1, true, false)
     ON CONFLICT (store_id) DO UPDATE SET enabled = true, pay_to_wallet = false`,
    [storeId],
  );
  await handle.query(
    `INSERT INTO referral_codes (store_id, customer_id, code)
     SELECT $1, c, 'BENCH' || lpad(c::text, 8, '0') FROM unnest($2::int[]) c`,
    [storeId, [first.id, ...others]],
  );
  // The newest orders are the referred ones: the first LEDGER_ENTRIES the listed referrer's, the
  // rest in turn the others'. States as a trading shop's ledger holds them: the listed one's in
  // equal shares, the others' mostly still pending (placed, or delivered within the window).
  await handle.query(
    `WITH picked AS (
       SELECT o.id, o.total_amount, o.created_at, row_number() OVER (ORDER BY o.created_at DESC, o.id DESC) AS n
       FROM orders o WHERE o.store_id = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT $2
     ), referred AS (
       SELECT p.*, CASE WHEN p.n <= $3 THEN $4::int ELSE ($5::int[])[1 + (p.n % cardinality($5::int[]))] END AS referrer
       FROM picked p
     ), written AS (
       INSERT INTO order_referrals (store_id, order_id, code_id, code, referrer_id, friend_customer_id,
         friend_contact, rules, reward_amount, goods_amount, month, created_at)
       SELECT $1, r.id, k.id, k.code, r.referrer, r.referrer, 'bench-friend-' || r.id,
         '{"rewardKind":"percent","rewardValue":10,"commissionBp":500,"returnWindowDays":14,"monthlyCommissionCap":null,"monthlyUsesCap":null}'::jsonb,
         0, r.total_amount, to_char(r.created_at, 'YYYY-MM'), r.created_at
       FROM referred r JOIN referral_codes k ON k.store_id = $1 AND k.customer_id = r.referrer
       RETURNING order_id
     )
     INSERT INTO referral_commissions (store_id, referrer_id, order_id, kind, amount, state, payable_at, paid_at, paid_to, created_at)
     SELECT $1, r.referrer, r.id, 'commission', r.total_amount / 20, s.state,
       CASE WHEN s.state IN ('payable', 'paid') THEN r.created_at + interval '14 days' END,
       CASE WHEN s.state = 'paid' THEN r.created_at + interval '15 days' END,
       CASE WHEN s.state = 'paid' THEN 'staff' END,
       r.created_at
     FROM referred r
     CROSS JOIN LATERAL (SELECT CASE
       WHEN r.n <= $3 THEN ($6::text[])[1 + (r.n % 4)]
       WHEN r.n % 10 < 6 THEN 'pending' WHEN r.n % 10 < 8 THEN 'payable' ELSE 'paid' END AS state) s
     WHERE r.id IN (SELECT order_id FROM written)`,
    [storeId, REFERRED_ORDERS, LEDGER_ENTRIES, first.id, others, [...STATES]],
  );
  await handle.query("ANALYZE order_referrals");
  await handle.query("ANALYZE referral_commissions");
  const rows = await handle.query<{ state: string; n: number }>(
    "SELECT state, count(*)::int AS n FROM referral_commissions WHERE store_id = $1 GROUP BY state",
    [storeId],
  );
  const states = Object.fromEntries(rows.map((r) => [r.state, r.n]));

  // The first sweep moves what the generated orders' dates make due; the timed ones find nothing
  // left to move and read every pending entry, as each minute's step does in a quiet shop.
  // Sweeps of BATCH rows until nothing is left to move.
  for (;;) {
    const moved = await sweepReferrals(handle.db, new Date(), { storeId });
    if (moved.payable + moved.cancelled + moved.paidToWallet === 0) break;
  }
  const [pending] = await handle.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM referral_commissions WHERE state = 'pending'",
  );
  const times: number[] = [];
  for (let i = 0; i < SWEEPS; i += 1) {
    const started = performance.now();
    await sweepReferrals(handle.db, new Date());
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const sweep = {
    pending: pending?.n ?? 0,
    medianMs: times[Math.floor(times.length / 2)] ?? 0,
    maxMs: times[times.length - 1] ?? 0,
  };
  note(
    `referrals: ${Object.values(states).reduce((a, b) => a + b, 0)} entries (${JSON.stringify(states)}); ` +
      `sweep over ${sweep.pending} pending: median ${sweep.medianMs.toFixed(1)} ms, slowest ${sweep.maxMs.toFixed(1)} ms`,
  );
  return {
    referrerToken: shoppers[0]?.token as string,
    staffToken: await ownerToken(handle, storeId),
    states,
    sweep,
  };
}

/** The sweep's line under the table (it is timed while the data is prepared, not loaded). */
export function sweepNote({ sweep, states }: ReferralLoad): string {
  const entries = Object.values(states).reduce((a, b) => a + b, 0);
  return (
    `Referral sweep (one step of the sweeper, in-process): ${entries.toLocaleString("en")} entries, ` +
    `${sweep.pending.toLocaleString("en")} pending and none due: median ${sweep.medianMs.toFixed(1)} ms, ` +
    `slowest ${sweep.maxMs.toFixed(1)} ms of ${SWEEPS} sweeps`
  );
}
