import { z } from "zod";
import { REFERRAL_LIST_LIMIT } from "../platform/constants.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { paginatedSchema, paginationQuerySchema } from "../platform/pagination-schemas.ts";
import {
  COMMISSION_KINDS,
  COMMISSION_STATES,
  REFERRAL_REFUSALS,
  REFERRAL_REVIEW_STATES,
  REFERRAL_REWARD_KINDS,
  REFERRAL_SUSPICIONS,
  STAFF_COMMISSIONS_PAY_MAX,
} from "./constants.ts";

const MOST_MINOR = 100_000_000;
const minor = z
  .number(FIELD_ERROR_KEYS.invalid)
  .int(FIELD_ERROR_KEYS.invalid)
  .min(0, FIELD_ERROR_KEYS.tooSmall)
  .max(MOST_MINOR, FIELD_ERROR_KEYS.tooLarge);

/** What a new customer gets on a first order with a code: `value` a whole percent or minor units. */
export const referralRewardSchema = z
  .object({
    kind: z.enum(REFERRAL_REWARD_KINDS, FIELD_ERROR_KEYS.invalid),
    value: minor,
  })
  .refine((reward) => reward.kind !== "percent" || reward.value <= 100, {
    path: ["value"],
    message: FIELD_ERROR_KEYS.couponPercent,
  });
export type ReferralReward = z.infer<typeof referralRewardSchema>;

/** `GET user/getReferralCode` and `POST user/generateReferralCode`: the caller's code, or null when the shop has referrals off. */
export const myReferralCodeSchema = z.object({
  enabled: z.boolean(),
  code: z.string().nullable(),
  /** The share link's path and query on this shop's domain: `/?ref=CODE`. */
  link: z.string().nullable(),
  /** What a friend gets, and what the caller earns (basis points of the friend's goods). */
  reward: referralRewardSchema.nullable(),
  commissionBp: z.number().int().nullable(),
});
export type MyReferralCode = z.infer<typeof myReferralCodeSchema>;

/** `GET user/referralCode/info?code=`: the code as stored and what it gives the caller's first order. */
export const referralInfoQuerySchema = z.object({
  code: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(32, FIELD_ERROR_KEYS.tooLong),
});
export const referralInfoSchema = z.object({
  code: z.string(),
  reward: referralRewardSchema,
});
export type ReferralInfo = z.infer<typeof referralInfoSchema>;
/** `data` of the REFERRAL_CODE_INVALID error: which rule refused the code. */
export const referralRefusalSchema = z.object({ reason: z.enum(REFERRAL_REFUSALS) });

/** `POST api/storeOrder/listByReferralCode/storeCustomer` query: limit (default 1000), page, isCommissionPaid. */
export const referralOrdersQuerySchema = paginationQuerySchema(
  REFERRAL_LIST_LIMIT,
  REFERRAL_LIST_LIMIT,
).extend({
  isCommissionPaid: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true" || v === "1")),
});

/** One ledger entry of the referrer's: the friend's order by number and date only, never who they are. */
export const referralOrderRecordSchema = z.object({
  id: z.number().int(),
  orderNumber: z.number().int(),
  orderDate: z.iso.datetime(),
  /** The referred order's goods after discounts, without tax, shipping or tip: what the rate was taken of. */
  orderAmount: z.number().int(),
  /** The commission (negative for a clawback), minor units. */
  amount: z.number().int(),
  kind: z.enum(COMMISSION_KINDS),
  state: z.enum(COMMISSION_STATES),
  isCommissionPaid: z.boolean(),
  /** When a pending entry becomes payable (the order delivered and its return window passed); null until delivered. */
  payableAt: z.iso.datetime().nullable(),
  paidAt: z.iso.datetime().nullable(),
  /** Held for the shop's review (suspicious): it earns nothing until staff clear it. */
  underReview: z.boolean(),
});
export type ReferralOrderRecord = z.infer<typeof referralOrderRecordSchema>;

/** Sums of the referrer's whole ledger (not only the page): each equals the sum of its entries. */
export const referralTotalsSchema = z.object({
  pending: z.number().int(),
  payable: z.number().int(),
  paid: z.number().int(),
  /** payable + paid. */
  earned: z.number().int(),
});
export type ReferralTotals = z.infer<typeof referralTotalsSchema>;

export const referralOrdersSchema = paginatedSchema(referralOrderRecordSchema).extend({
  totals: referralTotalsSchema,
  currency: z.string(),
});
export type ReferralOrders = z.infer<typeof referralOrdersSchema>;

/* ---------------------------------------------------------------- staff */

/** A shop's referral rules, as staff set them. */
export const referralSettingsSchema = z.object({
  enabled: z.boolean(),
  reward: referralRewardSchema,
  /** Basis points of the referred order's goods after discounts: 500 is 5 %. */
  commissionBp: z
    .number(FIELD_ERROR_KEYS.invalid)
    .int(FIELD_ERROR_KEYS.invalid)
    .min(0, FIELD_ERROR_KEYS.tooSmall)
    .max(10_000, FIELD_ERROR_KEYS.tooLarge),
  /** Days after delivery before a commission becomes payable (the shop's return window). */
  returnWindowDays: z
    .number(FIELD_ERROR_KEYS.invalid)
    .int(FIELD_ERROR_KEYS.invalid)
    .min(0, FIELD_ERROR_KEYS.tooSmall)
    .max(365, FIELD_ERROR_KEYS.tooLarge),
  /** The most one referrer earns per calendar month (the shop's zone), minor units; null: no limit. */
  monthlyCommissionCap: minor.nullable(),
  /** The most first orders one code brings per calendar month; null: no limit. */
  monthlyUsesCap: z
    .number(FIELD_ERROR_KEYS.invalid)
    .int(FIELD_ERROR_KEYS.invalid)
    .min(1, FIELD_ERROR_KEYS.tooSmall)
    .max(100_000, FIELD_ERROR_KEYS.tooLarge)
    .nullable(),
  /** Payable commissions go to the referrer's wallet by themselves; otherwise staff mark them paid. */
  payToWallet: z.boolean(),
});
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;

export const staffCommissionListBodySchema = z.object({
  state: z.enum(COMMISSION_STATES).nullable().default("payable"),
  page: z.number().int().min(1).max(10_000).default(1),
});
/** A commission as staff see it: the referrer by name and email (they pay them), the order by number. */
export const staffCommissionSchema = z.object({
  id: z.number().int(),
  referrer: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() }),
  code: z.string(),
  orderId: z.number().int(),
  orderNumber: z.number().int(),
  orderDate: z.iso.datetime(),
  orderAmount: z.number().int(),
  amount: z.number().int(),
  kind: z.enum(COMMISSION_KINDS),
  state: z.enum(COMMISSION_STATES),
  payableAt: z.iso.datetime().nullable(),
  paidAt: z.iso.datetime().nullable(),
  paidTo: z.enum(["staff", "wallet"]).nullable(),
  underReview: z.boolean(),
});
export type StaffCommission = z.infer<typeof staffCommissionSchema>;
export const staffCommissionListSchema = paginatedSchema(staffCommissionSchema).extend({
  /** Sum of every entry in the asked state (not only this page). */
  sum: z.number().int(),
  currency: z.string(),
});

/** Mark payable entries paid: each id paid once; ids not payable (any more) are named back, untouched. */
export const staffCommissionPayBodySchema = z.object({
  ids: z
    .array(z.number().int().positive())
    .min(1, FIELD_ERROR_KEYS.required)
    .max(STAFF_COMMISSIONS_PAY_MAX, FIELD_ERROR_KEYS.tooLarge),
});
export const staffCommissionPaySchema = z.object({
  paid: z.array(z.number().int()),
  skipped: z.array(z.number().int()),
  amount: z.number().int(),
});

export const staffReferralReviewListBodySchema = z.object({
  state: z.enum(REFERRAL_REVIEW_STATES).default("open"),
  page: z.number().int().min(1).max(10_000).default(1),
});
/** A referral held for review: why, and enough for staff to judge (both parties, the order). */
export const staffReferralReviewSchema = z.object({
  id: z.number().int(),
  state: z.enum(REFERRAL_REVIEW_STATES),
  reasons: z.array(z.enum(REFERRAL_SUSPICIONS)),
  code: z.string(),
  referrer: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() }),
  friend: z.object({ name: z.string(), contact: z.string() }),
  orderId: z.number().int(),
  orderNumber: z.number().int(),
  commission: z.number().int(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  note: z.string().nullable(),
});
export type StaffReferralReview = z.infer<typeof staffReferralReviewSchema>;
export const staffReferralReviewListSchema = paginatedSchema(staffReferralReviewSchema);

/** Staff decide a held referral: clear it (its commission goes on as any other) or refuse it (cancelled). */
export const staffReferralDecideBodySchema = z.object({
  id: z.number().int().positive(),
  decision: z.enum(["clear", "refuse"]),
  note: z.string().trim().max(500, FIELD_ERROR_KEYS.tooLong).default(""),
});

/* ---------------------------------------------------------------- dev clock */

/** `POST /dev/clock`: move the referral clock this many days forward (0 runs the sweep only). */
export const devClockBodySchema = z.object({
  advanceDays: z
    .number(FIELD_ERROR_KEYS.invalid)
    .int(FIELD_ERROR_KEYS.invalid)
    .min(0, FIELD_ERROR_KEYS.tooSmall)
    .max(3650, FIELD_ERROR_KEYS.tooLarge),
  /** Sweep only this shop's entries (tests side by side on one database); every shop's when left out. */
  storeId: z.number().int().positive().optional(),
});
/** What the sweep run at the new time moved, and the time the referral clock now reads. */
export const devClockSchema = z.object({
  now: z.iso.datetime(),
  offsetDays: z.number().int(),
  payable: z.number().int(),
  cancelled: z.number().int(),
  paidToWallet: z.number().int(),
});
export type DevClockAnswer = z.infer<typeof devClockSchema>;
