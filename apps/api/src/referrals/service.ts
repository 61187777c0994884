import {
  CHECKOUT_ERROR_KEYS,
  type MyReferralCode,
  type PaginationQuery,
  paginate,
  REFERRAL_ERROR_KEYS,
  REFERRAL_LINK_PARAM,
  type ReferralInfo,
  type ReferralOrderRecord,
  type ReferralOrders,
  type ReferralSettings,
} from "@stoa/contract";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Account } from "../auth/sessions.ts";
import { referredOrderFacts } from "../orders/referral-facts.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import type { StoreRow } from "../stores/tables.ts";
import { checkReferral, type ReferralGuesser } from "./checkout.ts";
import { ensureReferralCode, replaceReferralCode } from "./codes.ts";
import { referralSettingsOf } from "./settings.ts";
import { orderReferrals, referralCommissions, referralReviews } from "./tables.ts";

/** The share link of a code: on the shop's own domain, `/?ref=CODE`. */
export const referralLink = (code: string) => `/?${REFERRAL_LINK_PARAM}=${encodeURIComponent(code)}`;

function myCode(settings: ReferralSettings, code: string | null): MyReferralCode {
  return {
    enabled: settings.enabled,
    code: settings.enabled ? code : null,
    link: settings.enabled && code ? referralLink(code) : null,
    reward: settings.enabled ? settings.reward : null,
    commissionBp: settings.enabled ? settings.commissionBp : null,
  };
}

/**
 * `GET user/getReferralCode`: the customer's code, made now if sign-in did not (the shop switched
 * referrals on since). A guest has no account to share from: no code of their own.
 */
export async function myReferralCode(db: Database, store: StoreRow, { customer }: Account) {
  const settings = await referralSettingsOf(db, store.id);
  if (!settings.enabled || customer.kind !== "customer") return myCode(settings, null);
  const code = await ensureReferralCode(db, store.id, customer.id);
  return myCode(settings, code.code);
}

/** `POST user/generateReferralCode`: a new code; the old one stops working at once. */
export async function generateReferralCode(db: Database, store: StoreRow, { customer }: Account) {
  const settings = await referralSettingsOf(db, store.id);
  if (!settings.enabled) throw refused("disabled");
  if (customer.kind !== "customer") throw refused("signIn");
  const code = await replaceReferralCode(db, store.id, customer.id);
  return myCode(settings, code.code);
}

function refused(reason: keyof typeof REFERRAL_ERROR_KEYS, retryAfter?: number): ApiError {
  if (retryAfter !== undefined)
    return new ApiError("TOO_MANY_REQUESTS", { code: CHECKOUT_ERROR_KEYS.couponTooManyTries }, retryAfter);
  return new ApiError("REFERRAL_CODE_INVALID", { code: REFERRAL_ERROR_KEYS[reason] }, undefined, { reason });
}

/**
 * `GET user/referralCode/info`: whether the caller (a customer or a guest session) can use the code
 * on a first order, and what it gives. Every refusal is the invalid-coupon message of spec §8 with
 * its reason in `data.reason`; unknown codes count as guesses per address and caller.
 */
export async function referralInfo(
  db: Database,
  store: StoreRow,
  { customer }: Account,
  code: string,
  guesser: ReferralGuesser,
): Promise<ReferralInfo> {
  const verdict = await checkReferral(
    db,
    store.id,
    code,
    { customer, contact: "", address: null, card: null },
    null,
    { guesser, timezone: undefined },
  );
  if ("refusal" in verdict) throw refused(verdict.refusal, verdict.retryAfter);
  return { code: verdict.referral.code, reward: verdict.referral.settings.reward };
}

/**
 * `POST api/storeOrder/listByReferralCode/storeCustomer`: the caller's ledger, newest first, by the
 * friend's order number, date and amount only, with totals over the whole ledger (sums per state,
 * so they always equal the entries). Read by referral_commissions_referrer_idx.
 */
export async function referralOrders(
  db: Database,
  store: StoreRow,
  { customer }: Account,
  query: PaginationQuery & { isCommissionPaid?: boolean },
): Promise<ReferralOrders> {
  const mine = and(
    eq(referralCommissions.storeId, store.id),
    eq(referralCommissions.referrerId, customer.id),
  );
  const where =
    query.isCommissionPaid === undefined
      ? mine
      : and(
          mine,
          query.isCommissionPaid
            ? eq(referralCommissions.state, "paid")
            : sql`${referralCommissions.state} <> 'paid'`,
        );
  const [rows, [total], [totals]] = await Promise.all([
    db
      .select({
        id: referralCommissions.id,
        orderId: referralCommissions.orderId,
        orderAmount: orderReferrals.goodsAmount,
        amount: referralCommissions.amount,
        kind: referralCommissions.kind,
        state: referralCommissions.state,
        payableAt: referralCommissions.payableAt,
        paidAt: referralCommissions.paidAt,
        returnWindowDays: sql<number>`(${orderReferrals.rules} ->> 'returnWindowDays')::int`,
        underReview: sql<boolean>`EXISTS (SELECT 1 FROM ${referralReviews} WHERE ${referralReviews.storeId} = ${referralCommissions.storeId}
          AND ${referralReviews.orderId} = ${referralCommissions.orderId} AND ${referralReviews.state} = 'open')`,
      })
      .from(referralCommissions)
      .innerJoin(
        orderReferrals,
        and(
          eq(orderReferrals.storeId, referralCommissions.storeId),
          eq(orderReferrals.orderId, referralCommissions.orderId),
        ),
      )
      .where(where)
      .orderBy(desc(referralCommissions.createdAt), desc(referralCommissions.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(referralCommissions).where(where),
    db
      .select({
        pending: sql<number>`coalesce(sum(${referralCommissions.amount}) FILTER (WHERE ${referralCommissions.state} = 'pending'), 0)::int`,
        payable: sql<number>`coalesce(sum(${referralCommissions.amount}) FILTER (WHERE ${referralCommissions.state} = 'payable'), 0)::int`,
        paid: sql<number>`coalesce(sum(${referralCommissions.amount}) FILTER (WHERE ${referralCommissions.state} = 'paid'), 0)::int`,
      })
      .from(referralCommissions)
      .where(mine),
  ]);
  // The orders' numbers, dates and deliveries, from the orders module: one read for the page.
  const facts = await referredOrderFacts(db, store.id, [...new Set(rows.map((row) => row.orderId))]);
  const records: ReferralOrderRecord[] = rows.flatMap((row) => {
    const order = facts.get(row.orderId);
    if (!order) return [];
    const delivered = order.deliveredAt;
    const payableAt =
      row.payableAt ??
      (delivered ? new Date(delivered.getTime() + row.returnWindowDays * 24 * 60 * 60 * 1000) : null);
    return {
      id: row.id,
      orderNumber: order.orderNumber,
      orderDate: order.createdAt.toISOString(),
      orderAmount: row.orderAmount,
      amount: row.amount,
      kind: row.kind,
      state: row.state,
      isCommissionPaid: row.state === "paid",
      payableAt: payableAt?.toISOString() ?? null,
      paidAt: row.paidAt?.toISOString() ?? null,
      underReview: row.underReview,
    };
  });
  const sums = totals ?? { pending: 0, payable: 0, paid: 0 };
  return {
    ...paginate(records, total?.n ?? 0, query),
    totals: { ...sums, earned: sums.payable + sums.paid },
    currency: store.currency,
  };
}
