import { CHECKOUT_ERROR_KEYS } from "../platform/errors.ts";

/**
 * Referrals (issue 36, decision 067): a customer's code and link, the reward a new customer gets on
 * a first order, and the commission the referrer earns on it once it stays paid.
 */

/** The query parameter of a share link: `/?ref=CODE`. */
export const REFERRAL_LINK_PARAM = "ref";

/**
 * A code is REFERRAL_CODE_LENGTH characters of this alphabet: no 0/O, 1/I/L, so it reads back over
 * the phone, and 31^8 ≈ 8.5·10^11 codes, so trying codes in bulk finds nothing (the check is
 * throttled too). Matched without regard to case: stored upper-case.
 */
export const REFERRAL_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const REFERRAL_CODE_LENGTH = 8;
/** What a typed code may look like before it is looked up: anything else is invalid at once. */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9-]{4,16}$/;

/** Upper-case, without spaces or dashes: how a typed or linked code is compared. */
export function normaliseReferralCode(text: string): string {
  return text.replace(/[\s-]+/g, "").toUpperCase();
}

/** The new customer's reward: a percent of the goods (whole percent) or an amount (minor units). */
export const REFERRAL_REWARD_KINDS = ["percent", "amount"] as const;
export type ReferralRewardKind = (typeof REFERRAL_REWARD_KINDS)[number];

/**
 * A commission entry's state: earned on a placed order (`pending`), the order paid, delivered and
 * its return window passed (`payable`), paid out by staff or to the wallet (`paid`), or the order
 * cancelled, refunded before it became payable, or refused by staff (`cancelled`). A refund after
 * it became payable is a negative entry of its own (`kind: "clawback"`), never an edit.
 */
export const COMMISSION_STATES = ["pending", "payable", "paid", "cancelled"] as const;
export type CommissionState = (typeof COMMISSION_STATES)[number];
export const COMMISSION_KINDS = ["commission", "clawback"] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];

/**
 * Why a referral went to the staff's review queue (it earns nothing until staff clear it). `sameCard`:
 * the friend's order was paid with a card (brand and last four digits) the referrer paid with — known
 * only once a provider authorized it, so the sweep holds it then, long before it could mature.
 */
export const REFERRAL_SUSPICIONS = ["similarEmail", "sameAddressSignups", "codeBurst", "sameCard"] as const;
export type ReferralSuspicion = (typeof REFERRAL_SUSPICIONS)[number];
/** More new accounts than this from one network address in a day is suspicious. */
export const REFERRAL_SIGNUPS_PER_ADDRESS_DAY = 3;
/** More referred orders than this on one code within an hour is a burst. */
export const REFERRAL_BURST_PER_HOUR = 5;

export const REFERRAL_REVIEW_STATES = ["open", "cleared", "refused"] as const;
export type ReferralReviewState = (typeof REFERRAL_REVIEW_STATES)[number];

/**
 * Why a code cannot be used: `referralCode/info` names it in `data.reason` beside the invalid-coupon
 * message of spec §8, and calculate and create answer the matching translation key.
 */
export const REFERRAL_REFUSALS = [
  "unknown",
  "disabled",
  "ownCode",
  "notFirstOrder",
  "capReached",
  "signIn",
] as const;
export type ReferralRefusal = (typeof REFERRAL_REFUSALS)[number];

/** Translation keys of each refusal; `unknown` and `disabled` read as spec §8's invalid-coupon message. */
export const REFERRAL_ERROR_KEYS = {
  unknown: CHECKOUT_ERROR_KEYS.couponInvalid,
  disabled: CHECKOUT_ERROR_KEYS.couponInvalid,
  ownCode: CHECKOUT_ERROR_KEYS.referralOwnCode,
  notFirstOrder: CHECKOUT_ERROR_KEYS.referralFirstOrder,
  capReached: CHECKOUT_ERROR_KEYS.referralCapReached,
  signIn: CHECKOUT_ERROR_KEYS.referralSignIn,
} as const satisfies Record<ReferralRefusal, string>;

/** Staff console pages: commissions per page. */
export const STAFF_COMMISSIONS_PAGE_SIZE = 50;
export const STAFF_REFERRAL_REVIEWS_PAGE_SIZE = 50;
/** The most commissions staff mark paid in one go. */
export const STAFF_COMMISSIONS_PAY_MAX = 200;
