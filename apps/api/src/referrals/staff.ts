import {
  type CommissionKind,
  type CommissionState,
  paginate,
  type ReferralReviewState,
  type ReferralSettings,
  type ReferralSuspicion,
  STAFF_COMMISSIONS_PAGE_SIZE,
  STAFF_REFERRAL_REVIEWS_PAGE_SIZE,
  type StaffCommission,
  type StaffReferralReview,
} from "@stoa/contract";
import { sql } from "drizzle-orm";
import type { Database, Tx } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { recordChange } from "../staff/audit.ts";
import { referralSettingsOf } from "./settings.ts";
import { referralSettings } from "./tables.ts";

/*
 * The console's referral screens: the rules, the commissions to pay (in bulk), and the review queue
 * of referrals held as suspicious. Every change is audited in its own transaction.
 */

const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;
const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const idArray = (ids: number[]) => `{${ids.join(",")}}`;

/** Saves the shop's rules and audits them; orders already placed keep the rules frozen on them. */
export async function saveReferralSettings(
  db: Database,
  storeId: number,
  staffId: number,
  settings: ReferralSettings,
): Promise<ReferralSettings> {
  return db.transaction(async (tx) => {
    const before = await referralSettingsOf(tx, storeId);
    const values = {
      enabled: settings.enabled,
      rewardKind: settings.reward.kind,
      rewardValue: settings.reward.value,
      commissionBp: settings.commissionBp,
      returnWindowDays: settings.returnWindowDays,
      monthlyCommissionCap: settings.monthlyCommissionCap,
      monthlyUsesCap: settings.monthlyUsesCap,
      payToWallet: settings.payToWallet,
    };
    await tx
      .insert(referralSettings)
      .values({ storeId, ...values })
      .onConflictDoUpdate({ target: referralSettings.storeId, set: { ...values, updatedAt: sql`now()` } });
    await recordChange(tx as unknown as Database, {
      storeId,
      staffId,
      action: "settings.referrals",
      subject: "store",
      before,
      after: settings,
    });
    return referralSettingsOf(tx, storeId);
  });
}

type CommissionRow = {
  id: number;
  referrer_id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  code: string;
  order_id: number;
  order_number: number;
  order_date: Date | string;
  goods_amount: number;
  amount: number;
  kind: CommissionKind;
  state: CommissionState;
  payable_at: Date | string | null;
  paid_at: Date | string | null;
  paid_to: "staff" | "wallet" | null;
  under_review: boolean;
};

const nameOf = (row: { first_name: string | null; last_name: string | null }) =>
  [row.first_name, row.last_name].filter(Boolean).join(" ").trim();

function commissionOf(row: CommissionRow): StaffCommission {
  return {
    id: Number(row.id),
    referrer: { id: Number(row.referrer_id), name: nameOf(row), email: row.email },
    code: row.code,
    orderId: Number(row.order_id),
    orderNumber: Number(row.order_number),
    orderDate: iso(row.order_date),
    orderAmount: Number(row.goods_amount),
    amount: Number(row.amount),
    kind: row.kind,
    state: row.state,
    payableAt: isoOrNull(row.payable_at),
    paidAt: isoOrNull(row.paid_at),
    paidTo: row.paid_to,
    underReview: row.under_review,
  };
}

/**
 * Entries of one state (every state when null), with the sum of all of them, not only this page.
 * Payable ones oldest first (whose friend ordered first has waited longest); others newest first.
 * One state is read through referral_commissions_state_idx (store, state, id).
 */
export async function staffCommissionList(
  db: Database,
  store: { id: number; currency: string },
  filter: { state: CommissionState | null; page: number },
) {
  const page = { page: filter.page, limit: STAFF_COMMISSIONS_PAGE_SIZE };
  const inState = filter.state === null ? sql`true` : sql`c.state = ${filter.state}`;
  // Entries are numbered as they are written, so the (store, state, id) index gives either order
  // with no sort of the whole state.
  const order = filter.state === "payable" ? sql`c.id ASC` : sql`c.id DESC`;
  const [rows, totals] = await Promise.all([
    db.execute(sql`
      SELECT c.id, c.referrer_id, cu.first_name, cu.last_name, cu.email, r.code, c.order_id,
        o.order_number, o.created_at AS order_date, r.goods_amount, c.amount, c.kind, c.state,
        c.payable_at, c.paid_at, c.paid_to,
        EXISTS (SELECT 1 FROM referral_reviews v
          WHERE v.store_id = c.store_id AND v.order_id = c.order_id AND v.state = 'open') AS under_review
      FROM referral_commissions c
      JOIN orders o ON o.store_id = c.store_id AND o.id = c.order_id
      JOIN order_referrals r ON r.store_id = c.store_id AND r.order_id = c.order_id
      LEFT JOIN customers cu ON cu.store_id = c.store_id AND cu.id = c.referrer_id
      WHERE c.store_id = ${store.id} AND ${inState}
      ORDER BY ${order}
      LIMIT ${page.limit} OFFSET ${(page.page - 1) * page.limit}`),
    db.execute(sql`
      SELECT count(*)::int AS total, coalesce(sum(c.amount), 0)::bigint AS sum
      FROM referral_commissions c
      WHERE c.store_id = ${store.id} AND ${inState}`),
  ]);
  const [total] = rowsOf<{ total: number; sum: number | string }>(totals);
  return {
    ...paginate(rowsOf<CommissionRow>(rows).map(commissionOf), Number(total?.total ?? 0), page),
    sum: Number(total?.sum ?? 0),
    currency: store.currency,
  };
}

/**
 * Marks payable entries paid by staff. One conditional UPDATE claims each entry that is still
 * payable: two members pressing at once each pay other entries, never the same one twice; ids not
 * payable (paid already, cancelled, another shop's, none such) are named back untouched.
 */
export async function payCommissions(db: Database, storeId: number, staffId: number, ids: number[]) {
  const asked = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const paidRows = rowsOf<{ id: number; amount: number; referrer_id: number; order_id: number }>(
      await tx.execute(sql`
        UPDATE referral_commissions
        SET state = 'paid', paid_at = now(), paid_to = 'staff', paid_by = ${staffId}, updated_at = now()
        WHERE store_id = ${storeId} AND state = 'payable' AND id = ANY(${idArray(asked)}::int[])
        RETURNING id, amount, referrer_id, order_id`),
    );
    const paid = paidRows.map((row) => Number(row.id)).sort((a, b) => a - b);
    const done = new Set(paid);
    const skipped = asked.filter((id) => !done.has(id));
    const amount = paidRows.reduce((sum, row) => sum + Number(row.amount), 0);
    if (paid.length > 0)
      await recordChange(tx as unknown as Database, {
        storeId,
        staffId,
        action: "referral.pay",
        subject: "commissions",
        before: { state: "payable" },
        after: { paid, amount, skipped },
      });
    return { paid, skipped, amount };
  });
}

type ReviewRow = {
  id: number;
  state: ReferralReviewState;
  reasons: ReferralSuspicion[];
  code: string | null;
  referrer_id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  friend_name: string | null;
  friend_contact: string | null;
  order_id: number;
  order_number: number | null;
  commission: number | string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
  note: string | null;
};

const reviewSelect = sql`
  SELECT v.id, v.state, v.reasons, r.code, v.referrer_id, cu.first_name, cu.last_name, cu.email,
    o.customer_name AS friend_name, r.friend_contact, v.order_id, o.order_number,
    (SELECT coalesce(sum(k.amount), 0) FROM referral_commissions k
      WHERE k.store_id = v.store_id AND k.order_id = v.order_id AND k.kind = 'commission') AS commission,
    v.created_at, v.decided_at, v.note
  FROM referral_reviews v
  LEFT JOIN order_referrals r ON r.store_id = v.store_id AND r.order_id = v.order_id
  LEFT JOIN orders o ON o.store_id = v.store_id AND o.id = v.order_id
  LEFT JOIN customers cu ON cu.store_id = v.store_id AND cu.id = v.referrer_id`;

function reviewOf(row: ReviewRow): StaffReferralReview {
  return {
    id: Number(row.id),
    state: row.state,
    reasons: row.reasons,
    code: row.code ?? "",
    referrer: { id: Number(row.referrer_id), name: nameOf(row), email: row.email },
    friend: { name: row.friend_name ?? "", contact: row.friend_contact ?? "" },
    orderId: Number(row.order_id),
    orderNumber: Number(row.order_number ?? 0),
    commission: Number(row.commission ?? 0),
    createdAt: iso(row.created_at),
    decidedAt: isoOrNull(row.decided_at),
    note: row.note,
  };
}

/**
 * The review queue in one state (open by default): open ones oldest first, as they wait; decided
 * ones newest first. Read through referral_reviews_state_idx (store, state, id).
 */
export async function staffReviewList(
  db: Database,
  storeId: number,
  filter: { state: ReferralReviewState; page: number },
) {
  const page = { page: filter.page, limit: STAFF_REFERRAL_REVIEWS_PAGE_SIZE };
  const order = filter.state === "open" ? sql`v.id ASC` : sql`v.id DESC`;
  const [rows, totals] = await Promise.all([
    db.execute(sql`${reviewSelect}
      WHERE v.store_id = ${storeId} AND v.state = ${filter.state}
      ORDER BY ${order}
      LIMIT ${page.limit} OFFSET ${(page.page - 1) * page.limit}`),
    db.execute(sql`SELECT count(*)::int AS total FROM referral_reviews v
      WHERE v.store_id = ${storeId} AND v.state = ${filter.state}`),
  ]);
  const [total] = rowsOf<{ total: number }>(totals);
  return paginate(rowsOf<ReviewRow>(rows).map(reviewOf), Number(total?.total ?? 0), page);
}

async function reviewById(db: Database | Tx, storeId: number, id: number): Promise<StaffReferralReview> {
  const [row] = rowsOf<ReviewRow>(
    await db.execute(sql`${reviewSelect} WHERE v.store_id = ${storeId} AND v.id = ${id}`),
  );
  if (!row) throw new ApiError("NOT_FOUND");
  return reviewOf(row);
}

/**
 * Staff clear a held referral (its entries then mature like any other) or refuse it (its pending
 * and payable entries are cancelled, and the referrer's month gives back the commission it
 * counted, never below zero). The review is decided by one conditional UPDATE: deciding one that
 * is no longer open, however many staff press at once, is REFERRAL_STATE_CHANGED.
 */
export async function decideReview(
  db: Database,
  storeId: number,
  staffId: number,
  body: { id: number; decision: "clear" | "refuse"; note: string },
): Promise<StaffReferralReview> {
  const state: ReferralReviewState = body.decision === "clear" ? "cleared" : "refused";
  return db.transaction(async (tx) => {
    const [decided] = rowsOf<{ order_id: number; referrer_id: number }>(
      await tx.execute(sql`
        UPDATE referral_reviews
        SET state = ${state}, note = ${body.note || null}, decided_by = ${staffId}, decided_at = now()
        WHERE store_id = ${storeId} AND id = ${body.id} AND state = 'open'
        RETURNING order_id, referrer_id`),
    );
    if (!decided) {
      await reviewById(tx, storeId, body.id);
      throw new ApiError("REFERRAL_STATE_CHANGED");
    }
    let cancelled: number[] = [];
    if (state === "refused") {
      const rows = rowsOf<{ id: number; kind: CommissionKind; amount: number }>(
        await tx.execute(sql`
          UPDATE referral_commissions SET state = 'cancelled', updated_at = now()
          WHERE store_id = ${storeId} AND order_id = ${decided.order_id} AND state IN ('pending', 'payable')
          RETURNING id, kind, amount`),
      );
      cancelled = rows.map((row) => Number(row.id));
      const commission = rows
        .filter((row) => row.kind === "commission")
        .reduce((sum, row) => sum + Number(row.amount), 0);
      if (commission > 0)
        await tx.execute(sql`
          UPDATE referral_months m SET commission = greatest(m.commission - ${commission}, 0)
          FROM order_referrals r
          WHERE r.store_id = ${storeId} AND r.order_id = ${decided.order_id}
            AND m.store_id = r.store_id AND m.referrer_id = r.referrer_id AND m.month = r.month`);
    }
    const review = await reviewById(tx, storeId, body.id);
    await recordChange(tx as unknown as Database, {
      storeId,
      staffId,
      action: "referral.review",
      subject: `order:${review.orderNumber}`,
      before: { review: review.id, state: "open" },
      after: { state, note: body.note, cancelled },
    });
    return review;
  });
}
