import { randomBytes } from "node:crypto";
import { REFERRAL_CODE_ALPHABET, type ReferralSuspicion } from "@stoa/contract";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { DEFAULT_REFERRAL_SETTINGS, monthIn, rulesOf } from "./settings.ts";
import {
  orderReferrals,
  referralCodes,
  referralCommissions,
  referralMonths,
  referralReviews,
} from "./tables.ts";

/*
 * For tests of what happens to a commission after its order was placed: records a referral on an
 * order already placed through the API as order create records one (the order_referrals row, the
 * month's counts, a pending commission, and a review when it is held), without going through a
 * code at checkout.
 */

const codeOf = () =>
  Array.from(randomBytes(8), (byte) => REFERRAL_CODE_ALPHABET[byte % REFERRAL_CODE_ALPHABET.length]).join("");

export type ReferredOrder = {
  storeId: number;
  orderId: number;
  referrerId: number;
  friendCustomerId: number;
  /** The order's goods after discounts. */
  goodsAmount: number;
  /** The commission earned on it. */
  commission: number;
  returnWindowDays?: number;
  /** Held for review for these reasons. */
  review?: ReferralSuspicion[];
};

/** Records the referral; answers the commission entry's id (and the review's, when held). */
export async function recordReferral(
  db: Database,
  referred: ReferredOrder,
): Promise<{ commissionId: number; reviewId: number | null }> {
  const { storeId, orderId, referrerId } = referred;
  const [existing] = await db
    .select()
    .from(referralCodes)
    .where(
      and(
        eq(referralCodes.storeId, storeId),
        eq(referralCodes.customerId, referrerId),
        sql`${referralCodes.retiredAt} IS NULL`,
      ),
    );
  const code =
    existing ??
    (
      await db.insert(referralCodes).values({ storeId, customerId: referrerId, code: codeOf() }).returning()
    )[0];
  if (!code) throw new Error("referral code not written");
  const month = monthIn(new Date(), "UTC");
  const rules = {
    ...rulesOf(DEFAULT_REFERRAL_SETTINGS),
    returnWindowDays: referred.returnWindowDays ?? DEFAULT_REFERRAL_SETTINGS.returnWindowDays,
  };
  await db.insert(orderReferrals).values({
    storeId,
    orderId,
    codeId: code.id,
    code: code.code,
    referrerId,
    friendCustomerId: referred.friendCustomerId,
    friendContact: `friend-${orderId}-${storeId}@example.com`,
    rules,
    rewardAmount: 0,
    goodsAmount: referred.goodsAmount,
    month,
  });
  await db
    .insert(referralMonths)
    .values({ storeId, referrerId, month, uses: 1, commission: referred.commission })
    .onConflictDoUpdate({
      target: [referralMonths.storeId, referralMonths.referrerId, referralMonths.month],
      set: {
        uses: sql`${referralMonths.uses} + 1`,
        commission: sql`${referralMonths.commission} + ${referred.commission}`,
      },
    });
  const [entry] = await db
    .insert(referralCommissions)
    .values({
      storeId,
      referrerId,
      orderId,
      kind: "commission",
      amount: referred.commission,
      state: "pending",
    })
    .returning({ id: referralCommissions.id });
  if (!entry) throw new Error("commission not written");
  let reviewId: number | null = null;
  if (referred.review) {
    const [review] = await db
      .insert(referralReviews)
      .values({ storeId, orderId, referrerId, reasons: referred.review })
      .returning({ id: referralReviews.id });
    reviewId = review?.id ?? null;
  }
  return { commissionId: entry.id, reviewId };
}

/** An order's entries, oldest first. */
export async function entriesOf(db: Database, storeId: number, orderId: number) {
  return db
    .select()
    .from(referralCommissions)
    .where(and(eq(referralCommissions.storeId, storeId), eq(referralCommissions.orderId, orderId)))
    .orderBy(referralCommissions.id);
}

/** The referrer's month as counted for the caps. */
export async function monthOf(db: Database, storeId: number, referrerId: number) {
  const [row] = await db
    .select()
    .from(referralMonths)
    .where(
      and(
        eq(referralMonths.storeId, storeId),
        eq(referralMonths.referrerId, referrerId),
        eq(referralMonths.month, monthIn(new Date(), "UTC")),
      ),
    );
  return row ?? null;
}

/** The rows a raw statement answers. */
export async function rowsOf<Row>(db: Database, statement: SQL): Promise<Row[]> {
  return ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;
}
