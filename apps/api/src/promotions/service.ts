import {
  CHECKOUT_ERROR_KEYS,
  type CouponCheck,
  type CouponOffer,
  type CouponOffers,
  MAX_COUPON_OFFERS,
  percentOf,
} from "@stoa/contract";
import { and, asc, count, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import { assertNotBackingOff, type BackoffPolicy, recordFailure } from "../auth/throttle.ts";
import type { Database } from "../platform/db/database.ts";
import { run, statement } from "../platform/db/statements.ts";
import { ApiError } from "../platform/http/errors.ts";
import { type CouponRow, couponRedemptions, coupons } from "./tables.ts";

/** Who wants to use a coupon: guests are customers rows too, but a new one with every session. */
export type CouponCustomer = { id: number; kind: "customer" | "guest" };

/**
 * Whether a customer has placed an order in the store before: the orders module knows, and passes
 * its answer in. Without it, a customer who has redeemed any coupon of the store counts as having
 * ordered (docs/decisions/017-pricing.md).
 */
export type OrderHistory = (db: Database, storeId: number, customerId: number) => Promise<boolean>;

export const redeemedBefore: OrderHistory = async (db, storeId, customerId) => {
  const [row] = await db
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.storeId, storeId),
        eq(couponRedemptions.customerId, customerId),
        isNull(couponRedemptions.returnedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
};

/**
 * Guessing codes is slowed down (docs/decisions/017-pricing.md): a code the store does not have, or
 * has switched off, is a failure counted for the caller's address and for the customer; ten are
 * free, then each one makes them wait twice as long as the one before, up to a quarter of an hour,
 * forgotten an hour after the last. While waiting, every code is refused unread, right ones too,
 * so the answers tell nothing.
 */
export const COUPON_GUESSES: BackoffPolicy = {
  freeFailures: 10,
  firstDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  forgetAfterSeconds: 60 * 60,
};

/** Whose code guesses count: the address a request came from, and the customer (a guest session too). */
export type CouponGuesser = { ip: string };

function guessKeys(storeId: number, customer: CouponCustomer, guesser: CouponGuesser): string[] {
  return [`coupon:ip:${guesser.ip}`, `coupon:customer:${storeId}:${customer.id}`];
}

/** A coupon that applies, or the translation key of why it does not. */
export type CouponVerdict = { coupon: CouponRow; discount: number } | CouponRefused;

/** Why a coupon does not apply (a translation key), and how long to wait when too many codes were tried. */
type CouponRefused = { error: string; retryAfter?: number };

/** What a coupon takes off goods worth `goods`: a percent rounded once, or its amount, never more than the goods. */
export function couponDiscount(coupon: Pick<CouponRow, "kind" | "value">, goods: number): number {
  const off = coupon.kind === "percent" ? percentOf(goods, coupon.value) : coupon.value;
  return Math.max(0, Math.min(off, goods));
}

/** The store's coupon with this code, whatever its case. */
export async function findCoupon(db: Database, storeId: number, code: string): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.storeId, storeId), sql`lower(${coupons.code}) = lower(${code.trim()})`))
    .limit(1);
  return row ?? null;
}

async function liveRedemptions(db: Database, storeId: number, couponId: number, customerId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.storeId, storeId),
        eq(couponRedemptions.couponId, couponId),
        eq(couponRedemptions.customerId, customerId),
        isNull(couponRedemptions.returnedAt),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Every rule of a coupon, in the order a shopper would want to hear them: does it exist and is it
 * on, has it started, has it ended, is any use left in all and for this customer, is it a first order,
 * do the goods reach the minimum. `goods` null skips the minimum (the check without a cart).
 * Limits per customer and first orders need a signed-in customer: a guest is a new customer with
 * every session, so those limits could not hold for one.
 */
export async function checkCoupon(
  db: Database,
  storeId: number,
  code: string,
  customer: CouponCustomer,
  goods: number | null,
  hasOrdered: OrderHistory = redeemedBefore,
  now = new Date(),
  guesser?: CouponGuesser,
): Promise<CouponVerdict> {
  const keys = guesser ? guessKeys(storeId, customer, guesser) : null;
  if (keys) {
    try {
      await assertNotBackingOff(db, keys, COUPON_GUESSES);
    } catch (error) {
      if (error instanceof ApiError && error.kind === "TOO_MANY_REQUESTS")
        return { error: CHECKOUT_ERROR_KEYS.couponTooManyTries, retryAfter: error.retryAfterSeconds };
      throw error;
    }
  }
  const coupon = await findCoupon(db, storeId, code);
  if (!coupon?.isActive) {
    if (keys) await recordFailure(db, keys, COUPON_GUESSES);
    return { error: CHECKOUT_ERROR_KEYS.couponInvalid };
  }
  if (coupon.startsAt && coupon.startsAt > now) return { error: CHECKOUT_ERROR_KEYS.couponNotStarted };
  if (coupon.endsAt && coupon.endsAt <= now) return { error: CHECKOUT_ERROR_KEYS.couponExpired };
  if (coupon.maxUses !== null && coupon.usedCount >= coupon.maxUses)
    return { error: CHECKOUT_ERROR_KEYS.couponUsedUp };
  const perCustomer = coupon.maxUsesPerCustomer !== null;
  if ((perCustomer || coupon.firstOrderOnly) && customer.kind !== "customer")
    return { error: CHECKOUT_ERROR_KEYS.couponSignIn };
  if (
    coupon.maxUsesPerCustomer !== null &&
    (await liveRedemptions(db, storeId, coupon.id, customer.id)) >= coupon.maxUsesPerCustomer
  )
    return { error: CHECKOUT_ERROR_KEYS.couponUsedUp };
  if (coupon.firstOrderOnly && (await hasOrdered(db, storeId, customer.id)))
    return { error: CHECKOUT_ERROR_KEYS.couponFirstOrder };
  if (goods !== null && goods < coupon.minimumOrder) return { error: CHECKOUT_ERROR_KEYS.couponMinimum };
  return { coupon, discount: goods === null ? 0 : couponDiscount(coupon, goods) };
}

/** The answer of `storePromotionCode/get/code`; a coupon that does not apply is the invalid-coupon error. */
export async function couponCheck(
  db: Database,
  storeId: number,
  customer: CouponCustomer,
  code: string,
  subtotal: number | undefined,
  guesser: CouponGuesser,
  hasOrdered: OrderHistory = redeemedBefore,
): Promise<CouponCheck> {
  const verdict = await checkCoupon(
    db,
    storeId,
    code,
    customer,
    subtotal ?? null,
    hasOrdered,
    new Date(),
    guesser,
  );
  if ("error" in verdict) {
    if (verdict.retryAfter !== undefined)
      throw new ApiError("TOO_MANY_REQUESTS", { code: verdict.error }, verdict.retryAfter);
    throw new ApiError("INVALID_COUPON", { code: verdict.error });
  }
  return {
    ...couponTerms(verdict.coupon),
    discount: subtotal === undefined ? null : verdict.discount,
  };
}

/** What a coupon offers and asks, as the check and the offers page both say it. */
function couponTerms(coupon: CouponRow): Omit<CouponCheck, "discount"> {
  return {
    code: coupon.code,
    kind: coupon.kind,
    value: coupon.value,
    minimumOrder: coupon.minimumOrder,
    firstOrderOnly: coupon.firstOrderOnly,
    endsAt: coupon.endsAt?.toISOString() ?? null,
  };
}

/**
 * The coupons a store advertises that anyone could use now: switched on, started, not ended, with
 * uses left in all. Limits per customer and first orders are not checked: the page is the same for
 * everyone, and says which coupons need a signed-in customer instead. One read of the partial index
 * `coupons_store_offers_idx`, already in the page's order (ending soonest first, never-ending last).
 * Not kept in the answer cache: the answer changes with the clock and with every use.
 */
export async function couponOffers(db: Database, storeId: number, now = new Date()): Promise<CouponOffers> {
  const rows = await db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.storeId, storeId),
        // Written as the index's own predicate, so the planner can use it.
        sql`${coupons.advertised} AND ${coupons.isActive}`,
        or(isNull(coupons.startsAt), lte(coupons.startsAt, now)),
        or(isNull(coupons.endsAt), gt(coupons.endsAt, now)),
        or(isNull(coupons.maxUses), lt(coupons.usedCount, coupons.maxUses)),
      ),
    )
    .orderBy(sql`${coupons.endsAt} ASC NULLS LAST`, asc(coupons.code))
    .limit(MAX_COUPON_OFFERS);
  return { records: rows.map(offerOf) };
}

/** A coupon as the offers page shows it; a guest cannot use one limited per customer or to a first order. */
function offerOf(coupon: CouponRow): CouponOffer {
  return {
    ...couponTerms(coupon),
    usesPerCustomer: coupon.maxUsesPerCustomer,
    signInRequired: coupon.maxUsesPerCustomer !== null || coupon.firstOrderOnly,
  };
}

/** The rules of a use, checked under the coupon's row lock, in one call (migration 0012). */
const redeem = statement<{ redeemed: boolean }>(
  "coupon_redeem",
  "SELECT stoa_redeem_coupon($1, $2, $3, $4) AS redeemed",
);

/**
 * Counts one use of a coupon by an order, inside the caller's transaction. The coupon row is locked
 * first, so the uses counted after it (in all and by this customer) include every order that got
 * there before: with one use left and twenty orders at once, exactly one gets it. false when no use
 * is left or the coupon was switched off; the caller must then not place the order with it.
 */
export async function redeemCoupon(
  tx: Database,
  storeId: number,
  couponId: number,
  customerId: number,
  orderId: number,
): Promise<boolean> {
  const [row] = await run(tx, redeem, [storeId, couponId, customerId, orderId]);
  return row?.redeemed === true;
}

/** Gives back the coupon use of an order (cancelled or failed); a second call changes nothing. */
export async function returnCoupon(tx: Database, storeId: number, orderId: number): Promise<void> {
  const returned = await tx
    .update(couponRedemptions)
    .set({ returnedAt: sql`now()` })
    .where(
      and(
        eq(couponRedemptions.storeId, storeId),
        eq(couponRedemptions.orderId, orderId),
        isNull(couponRedemptions.returnedAt),
      ),
    )
    .returning({ couponId: couponRedemptions.couponId });
  for (const { couponId } of returned) {
    await tx
      .update(coupons)
      .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
      .where(and(eq(coupons.storeId, storeId), eq(coupons.id, couponId)));
  }
}
