import {
  basisPointsOf,
  percentOf,
  REFERRAL_BURST_PER_HOUR,
  REFERRAL_SIGNUPS_PER_ADDRESS_DAY,
  type ReferralRefusal,
  type ReferralSettings,
  type ReferralSuspicion,
} from "@stoa/contract";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { assertNotBackingOff, type BackoffPolicy, recordFailure } from "../auth/throttle.ts";
import { savedStreetAddresses } from "../customers/addresses.ts";
import { customerById, customerIdsByEmails, isUniqueViolation } from "../customers/service.ts";
import { deliveriesAndCardsOf, hasLiveOrPaidOrder } from "../orders/referral-facts.ts";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { COUPON_GUESSES } from "../promotions/service.ts";
import { findReferralCode } from "./codes.ts";
import { monthIn, referralSettingsOf, rulesOf } from "./settings.ts";
import {
  orderReferrals,
  referralCommissions,
  referralFriendContacts,
  referralMonths,
  referralReviews,
} from "./tables.ts";

/*
 * A referral code at checkout (decision 067): whether the caller may use it on this order, what the
 * reward takes off, and, when the order is placed, the referral recorded in the order's own
 * transaction with the month's caps taken by one conditional upsert.
 */

/** A contact as compared: an email lower-case, a phone by its digits (as `contactKeySql`); null when neither. */
export function contactKey(text: string | null | undefined): string | null {
  const t = (text ?? "").trim();
  if (!t) return null;
  if (t.includes("@")) return t.toLowerCase();
  const digits = t.replace(/[^0-9]/g, "");
  return digits.length >= 6 ? digits : null;
}

/** A street address as compared: its line, postcode and country without case, spaces or punctuation. */
export function addressKey(address: { street_address: string; zip?: string; country: string }): string {
  const plain = (text: string | undefined) => (text ?? "").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
  return `${plain(address.street_address)}|${plain(address.zip)}|${plain(address.country)}`;
}

/** Who wants to use a code: the caller's account (a guest's too), what they typed, where it goes, the card. */
export type ReferralFriend = {
  customer: {
    id: number;
    kind: "customer" | "guest";
    email: string | null;
    countryCode: string | null;
    phone: string | null;
  };
  /** `customer_contact` of the checkout. */
  contact: string;
  address: { street_address: string; zip?: string; country: string } | null;
  /** A typed card, by brand and last four digits. */
  card: { brand: string; last4: string } | null;
};

/** A code that applies to this order: the referrer, the rules in force, the reward it takes off. */
export type AppliedReferral = {
  codeId: number;
  code: string;
  referrerId: number;
  settings: ReferralSettings;
  reward: number;
  /** The friend's contact the friend-once rule is kept on. */
  friendContact: string;
  /** Every contact of the friend, as compared. */
  friendContacts: string[];
};

export type ReferralVerdict =
  | { referral: AppliedReferral }
  | { refusal: ReferralRefusal; retryAfter?: number };

/** Whose code guesses count: the address, and the caller (a guest session too). */
export type ReferralGuesser = { ip: string };

/**
 * A caller guessing codes is slowed as a coupon guesser is (ten wrong codes free, then waits that
 * double). The address gets far more room: an office, a campus or a mobile carrier puts a crowd
 * behind one address, and right codes never count, so only a script trying codes in bulk meets it.
 */
export const REFERRAL_ADDRESS_GUESSES: BackoffPolicy = { ...COUPON_GUESSES, freeFailures: 100 };

const guessKeys = (storeId: number, customerId: number, guesser: ReferralGuesser) => ({
  address: `referral:ip:${guesser.ip}`,
  caller: `referral:customer:${storeId}:${customerId}`,
});

/** What the reward takes off the goods it applies to: a percent rounded once, or an amount, never more than them. */
export function rewardOf(settings: ReferralSettings, goods: number): number {
  const off =
    settings.reward.kind === "percent" ? percentOf(goods, settings.reward.value) : settings.reward.value;
  return Math.max(0, Math.min(off, goods));
}

function friendContactsOf(friend: ReferralFriend): string[] {
  const keys = [
    contactKey(friend.customer.email),
    friend.customer.phone ? contactKey(`${friend.customer.countryCode ?? ""}${friend.customer.phone}`) : null,
    contactKey(friend.contact),
  ];
  return [...new Set(keys.filter((k): k is string => k !== null))];
}

/**
 * Whether the friend has ordered in the store before: an order of this customer, or of one of these
 * contacts (a guest is a new customer each session), that was paid or is still live — a cancelled
 * or declined one that was never paid does not count — or a live referral on one of the contacts.
 */
export async function hasOrderedBefore(
  db: Database,
  storeId: number,
  customerId: number,
  contacts: string[],
): Promise<boolean> {
  // A customer with an account who checks out as a guest and gives its email is still themselves:
  // their account's orders count.
  const accounts = await customerIdsByEmails(
    db,
    storeId,
    contacts.filter((key) => key.includes("@")),
  );
  const [ordered, referred] = await Promise.all([
    hasLiveOrPaidOrder(db, storeId, [customerId, ...accounts], contacts),
    contacts.length > 0
      ? db
          .select({ orderId: referralFriendContacts.orderId })
          .from(referralFriendContacts)
          .where(
            and(
              eq(referralFriendContacts.storeId, storeId),
              inArray(referralFriendContacts.contact, contacts),
              isNull(referralFriendContacts.releasedAt),
            ),
          )
          .limit(1)
      : [],
  ]);
  return ordered || referred.length > 0;
}

/**
 * Whether the friend is the referrer under another name: the same email or phone, the same card the
 * referrer paid with, or the same delivery address as one of the referrer's saved addresses or
 * earlier orders'.
 */
async function isReferrerThemselves(
  db: Database,
  storeId: number,
  referrerId: number,
  friend: ReferralFriend,
  friendContacts: string[],
): Promise<boolean> {
  const referrer = await customerById(db, storeId, referrerId);
  if (referrer) {
    const theirs = [
      contactKey(referrer.email),
      referrer.phone ? contactKey(`${referrer.countryCode ?? ""}${referrer.phone}`) : null,
    ];
    if (theirs.some((k) => k !== null && friendContacts.includes(k))) return true;
  }
  if (!friend.address && !friend.card) return false;
  const [saved, earlier] = await Promise.all([
    friend.address ? savedStreetAddresses(db, storeId, referrerId) : [],
    deliveriesAndCardsOf(db, storeId, referrerId),
  ]);
  if (friend.card) {
    const { brand, last4 } = friend.card;
    if (earlier.some((o) => o.cardBrand === brand && o.cardLast4 === last4)) return true;
  }
  if (friend.address) {
    const key = addressKey(friend.address);
    const addresses = [...saved, ...earlier.flatMap((o) => (o.address ? [o.address.address] : []))];
    if (addresses.some((a) => addressKey(a) === key)) return true;
  }
  return false;
}

/**
 * Every rule of a code for this caller, in the order a shopper would want to hear them: is it a
 * live code of a shop with referrals on, is it someone else's, can the friend be told apart (a
 * guest gives a contact), is this their first order, is the friend the referrer under another name,
 * has the referrer's month room left. `goods` is what the reward applies to (the discountable goods
 * after the coupon); null for the check without a cart. Unknown codes count as guesses, per
 * address and caller, as coupons do: a crowd behind one address that types right codes is never slowed.
 */
export async function checkReferral(
  db: Database,
  storeId: number,
  typed: string,
  friend: ReferralFriend,
  goods: number | null,
  { now = new Date(), timezone, guesser }: { now?: Date; timezone?: string; guesser?: ReferralGuesser } = {},
): Promise<ReferralVerdict> {
  const keys = guesser ? guessKeys(storeId, friend.customer.id, guesser) : null;
  if (keys) {
    try {
      await Promise.all([
        assertNotBackingOff(db, keys.caller, COUPON_GUESSES),
        assertNotBackingOff(db, keys.address, REFERRAL_ADDRESS_GUESSES),
      ]);
    } catch (error) {
      if (error instanceof ApiError && error.kind === "TOO_MANY_REQUESTS")
        return { refusal: "unknown", retryAfter: error.retryAfterSeconds };
      throw error;
    }
  }
  const [code, settings] = await Promise.all([
    findReferralCode(db, storeId, typed),
    referralSettingsOf(db, storeId),
  ]);
  if (!code) {
    // Both are forgotten an hour after the last failure: one statement counts them.
    if (keys) await recordFailure(db, [keys.caller, keys.address], COUPON_GUESSES);
    return { refusal: "unknown" };
  }
  if (!settings.enabled) return { refusal: "disabled" };
  if (code.customerId === friend.customer.id) return { refusal: "ownCode" };
  const friendContacts = friendContactsOf(friend);
  const friendContact = friendContacts[0] ?? "";
  // At checkout a friend must be told apart from everyone else by a contact (a guest types one);
  // the check without a cart (a link just opened) asks none yet.
  if (!friendContact && goods !== null) return { refusal: "signIn" };
  const [ordered, themselves, month] = await Promise.all([
    hasOrderedBefore(db, storeId, friend.customer.id, friendContacts),
    isReferrerThemselves(db, storeId, code.customerId, friend, friendContacts),
    settings.monthlyUsesCap !== null && timezone
      ? db
          .select({ uses: referralMonths.uses })
          .from(referralMonths)
          .where(
            and(
              eq(referralMonths.storeId, storeId),
              eq(referralMonths.referrerId, code.customerId),
              eq(referralMonths.month, monthIn(now, timezone)),
            ),
          )
      : [],
  ]);
  if (themselves) return { refusal: "ownCode" };
  if (ordered) return { refusal: "notFirstOrder" };
  if (settings.monthlyUsesCap !== null && (month[0]?.uses ?? 0) >= settings.monthlyUsesCap)
    return { refusal: "capReached" };
  return {
    referral: {
      codeId: code.id,
      code: code.code,
      referrerId: code.customerId,
      settings,
      reward: goods === null ? 0 : rewardOf(settings, goods),
      friendContact,
      friendContacts,
    },
  };
}

/* ------------------------------------------------------------------ recording */

/** Why a referral could not be recorded on the order: the order is refused and nothing is taken. */
export class ReferralRefused extends Error {
  constructor(readonly refusal: "capReached" | "notFirstOrder") {
    super(`referral refused: ${refusal}`);
  }
}

export type ReferralRecord = {
  storeId: number;
  orderId: number;
  friendCustomerId: number;
  referral: AppliedReferral;
  /** Goods after every discount, without tax, shipping or tip: what the commission is taken of. */
  goodsAmount: number;
  /** The shop's time zone: the month the caps count in. */
  timezone: string;
  ip: string | null;
  now?: Date;
};

/** An email's mailbox as compared: the local part without dots or a +tag, at its domain. */
function mailbox(email: string): string {
  const [local = "", domain = ""] = email.toLowerCase().split("@");
  return `${local.split("+")[0]?.replace(/\./g, "")}@${domain}`;
}

/** Edit distance of two short strings, stopping once it passes `most`. */
function editDistance(a: string, b: string, most: number): number {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/** Near-identical emails: the same mailbox once dots and +tags are gone, or two edits apart at most. */
export function similarEmails(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return mailbox(x) === mailbox(y) || editDistance(x, y, 2) <= 2;
}

/**
 * Records a referral on the order just written, in its transaction: the referral with the rules in
 * force, the month's use and commission taken by one conditional upsert (a use past the cap refuses
 * the order; the commission gets what the month's cap leaves, possibly nothing), the pending
 * commission entry, and, when something looks wrong, an open review for staff (it never blocks the
 * order and never approves anything). Throws ReferralRefused, which rolls the order back.
 */
export async function recordReferral(tx: Database, record: ReferralRecord): Promise<void> {
  const { storeId, orderId, referral, timezone } = record;
  const now = record.now ?? new Date();
  const { settings } = referral;
  const month = monthIn(now, timezone);
  try {
    await tx.insert(orderReferrals).values({
      storeId,
      orderId,
      codeId: referral.codeId,
      code: referral.code,
      referrerId: referral.referrerId,
      friendCustomerId: record.friendCustomerId,
      friendContact: referral.friendContact,
      rules: rulesOf(settings),
      rewardAmount: referral.reward,
      goodsAmount: record.goodsAmount,
      month,
      ip: record.ip,
    });
    // Each of the friend's contacts holds the reward, so an order under another of them (an
    // account's email racing a guest order under its phone) is refused too.
    const contacts = [...new Set([referral.friendContact, ...referral.friendContacts])].filter(Boolean);
    await tx
      .insert(referralFriendContacts)
      .values(contacts.map((contact) => ({ storeId, contact, orderId })));
  } catch (error) {
    // Another order of this friend took the reward first (referral_friend_contacts_live_uq,
    // order_referrals_friend_uq).
    if (isUniqueViolation(error)) throw new ReferralRefused("notFirstOrder");
    throw error;
  }
  const commission = basisPointsOf(record.goodsAmount, settings.commissionBp);
  const cap = settings.monthlyCommissionCap;
  const granted = (before: unknown) =>
    cap === null
      ? sql`${commission}::int`
      : sql`LEAST(${commission}::int, GREATEST(0, ${cap}::int - ${before}))`;
  const taken = await tx
    .insert(referralMonths)
    .values({
      storeId,
      referrerId: referral.referrerId,
      month,
      uses: 1,
      commission: sql`${granted(0)}`,
      lastGranted: sql`${granted(0)}`,
    })
    .onConflictDoUpdate({
      target: [referralMonths.storeId, referralMonths.referrerId, referralMonths.month],
      set: {
        uses: sql`${referralMonths.uses} + 1`,
        commission: sql`${referralMonths.commission} + ${granted(referralMonths.commission)}`,
        lastGranted: granted(referralMonths.commission),
      },
      setWhere:
        settings.monthlyUsesCap === null
          ? undefined
          : sql`${referralMonths.uses} < ${settings.monthlyUsesCap}`,
    })
    .returning({ granted: referralMonths.lastGranted });
  const entry = taken[0];
  if (!entry) throw new ReferralRefused("capReached");
  await tx.insert(referralCommissions).values({
    storeId,
    referrerId: referral.referrerId,
    orderId,
    kind: "commission",
    amount: entry.granted,
    state: "pending",
  });
  const reasons = await suspicionsOf(tx, record, now);
  if (reasons.length > 0)
    await tx
      .insert(referralReviews)
      .values({ storeId, orderId, referrerId: referral.referrerId, reasons })
      .onConflictDoNothing();
}

/** What makes a referral look wrong, judged with the order's own referral counted. */
async function suspicionsOf(tx: Database, record: ReferralRecord, now: Date): Promise<ReferralSuspicion[]> {
  const { storeId, referral, ip } = record;
  const reasons: ReferralSuspicion[] = [];
  const [referrer, [counts]] = await Promise.all([
    customerById(tx, storeId, referral.referrerId),
    tx
      .select({
        fromAddress: ip
          ? sql<number>`(SELECT count(*)::int FROM ${orderReferrals} WHERE ${orderReferrals.storeId} = ${storeId}
              AND ${orderReferrals.ip} = ${ip} AND ${orderReferrals.createdAt} > ${now}::timestamptz - interval '24 hours')`
          : sql<number>`0`,
        onCode: sql<number>`(SELECT count(*)::int FROM ${orderReferrals} WHERE ${orderReferrals.storeId} = ${storeId}
          AND ${orderReferrals.codeId} = ${referral.codeId} AND ${orderReferrals.createdAt} > ${now}::timestamptz - interval '1 hour')`,
      })
      .from(sql`(SELECT 1) AS one`),
  ]);
  const friendEmails = referral.friendContacts.filter((c) => c.includes("@"));
  if (referrer?.email && friendEmails.some((e) => similarEmails(e, referrer.email as string)))
    reasons.push("similarEmail");
  if ((counts?.fromAddress ?? 0) > REFERRAL_SIGNUPS_PER_ADDRESS_DAY) reasons.push("sameAddressSignups");
  if ((counts?.onCode ?? 0) > REFERRAL_BURST_PER_HOUR) reasons.push("codeBurst");
  return reasons;
}
