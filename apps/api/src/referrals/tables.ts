import type {
  CommissionKind,
  CommissionState,
  ReferralReviewState,
  ReferralRewardKind,
  ReferralSuspicion,
} from "@stoa/contract";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamps } from "../platform/db/columns.ts";
import { stores } from "../stores/tables.ts";

/** A shop's referral rules (decision 067). No row: referrals off. */
export const referralSettings = pgTable("referral_settings", {
  storeId: integer("store_id")
    .primaryKey()
    .references(() => stores.id),
  enabled: boolean("enabled").notNull().default(false),
  rewardKind: text("reward_kind").$type<ReferralRewardKind>().notNull().default("percent"),
  /** Whole percent for `percent`, minor units for `amount`. */
  rewardValue: integer("reward_value").notNull().default(10),
  /** Basis points of the referred order's goods after discounts. */
  commissionBp: integer("commission_bp").notNull().default(500),
  returnWindowDays: integer("return_window_days").notNull().default(14),
  /** Most a referrer earns per calendar month (the shop's zone); null: no limit. */
  monthlyCommissionCap: integer("monthly_commission_cap"),
  /** Most first orders one referrer's code brings per calendar month; null: no limit. */
  monthlyUsesCap: integer("monthly_uses_cap"),
  payToWallet: boolean("pay_to_wallet").notNull().default(false),
  ...timestamps,
});
export type ReferralSettingsRow = typeof referralSettings.$inferSelect;

/**
 * Customers' codes. Every code ever given stays (unique per store, upper-case), so a replaced code
 * is never given again; one live code per customer, which makes generating at every sign-in
 * idempotent: an insert that loses the race finds the winner's row.
 */
export const referralCodes = pgTable(
  "referral_codes",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    customerId: integer("customer_id").notNull(),
    code: text("code").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Replaced by a new code: it stops working at once. */
    retiredAt: timestamp("retired_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("referral_codes_code_uq").on(t.storeId, t.code),
    uniqueIndex("referral_codes_live_uq").on(t.storeId, t.customerId).where(sql`${t.retiredAt} IS NULL`),
  ],
);

/** The rules in force when a referred order was placed: it is judged by them for ever after. */
export type ReferralRules = {
  rewardKind: ReferralRewardKind;
  rewardValue: number;
  commissionBp: number;
  returnWindowDays: number;
  monthlyCommissionCap: number | null;
  monthlyUsesCap: number | null;
};

/**
 * A referral recorded on an order in the transaction that placed it: the code, the referrer and
 * the rules, never changed afterwards. `released_at` marks an order cancelled or declined before it
 * was paid: the friend's first order is then still to come, and the month's use is given back.
 */
export const orderReferrals = pgTable(
  "order_referrals",
  {
    storeId: integer("store_id").notNull(),
    orderId: integer("order_id").notNull(),
    codeId: integer("code_id").notNull(),
    code: text("code").notNull(),
    referrerId: integer("referrer_id").notNull(),
    friendCustomerId: integer("friend_customer_id").notNull(),
    /** The friend's email or phone as compared (lower-case email, digits of a phone). */
    friendContact: text("friend_contact").notNull(),
    rules: jsonb("rules").$type<ReferralRules>().notNull(),
    /** What the friend got off the order. */
    rewardAmount: integer("reward_amount").notNull(),
    /** Goods after discounts, without tax, shipping or tip: what the commission was taken of. */
    goodsAmount: integer("goods_amount").notNull(),
    /** The calendar month of the shop's zone the order counts in (YYYY-MM). */
    month: text("month").notNull(),
    /** The network address the order came from, for the same-address review rule. */
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.orderId] }),
    // A friend's reward once: one live referral per contact and store, enforced by the database.
    uniqueIndex("order_referrals_friend_uq")
      .on(t.storeId, t.friendContact)
      .where(sql`${t.releasedAt} IS NULL`),
    index("order_referrals_code_idx").on(t.storeId, t.codeId, t.createdAt),
    index("order_referrals_ip_idx").on(t.storeId, t.ip, t.createdAt),
  ],
);

/**
 * Every contact of a referred friend (an account's email and phone, the contact typed at checkout),
 * each holding the friend's one reward while its referral lives: a second "first" order under any of
 * them, racing or later, meets the unique index and is refused. Released with the referral.
 */
export const referralFriendContacts = pgTable(
  "referral_friend_contacts",
  {
    storeId: integer("store_id").notNull(),
    contact: text("contact").notNull(),
    orderId: integer("order_id").notNull(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.orderId, t.contact] }),
    uniqueIndex("referral_friend_contacts_live_uq")
      .on(t.storeId, t.contact)
      .where(sql`${t.releasedAt} IS NULL`),
  ],
);

/**
 * What a referrer has used of a month: first orders brought and commission earned, raised by one
 * conditional upsert in the order's transaction, so the caps hold with any number of API processes.
 */
export const referralMonths = pgTable(
  "referral_months",
  {
    storeId: integer("store_id").notNull(),
    referrerId: integer("referrer_id").notNull(),
    month: text("month").notNull(),
    uses: integer("uses").notNull().default(0),
    commission: integer("commission").notNull().default(0),
    /**
     * What the latest use was granted of its commission (what the monthly cap left of it): the
     * upsert that counts a use sets it from the row it locked, so the order's entry gets exactly that.
     */
    lastGranted: integer("last_granted").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.referrerId, t.month] }),
    check("referral_months_not_negative", sql`${t.uses} >= 0 AND ${t.commission} >= 0`),
  ],
);

/**
 * The commission ledger: one `commission` entry per referred order, and a negative `clawback`
 * entry per refund of it; an entry's amount is never edited, only its state moves
 * (pending → payable → paid, or cancelled). A referrer's balances are sums of these rows.
 */
export const referralCommissions = pgTable(
  "referral_commissions",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    referrerId: integer("referrer_id").notNull(),
    orderId: integer("order_id").notNull(),
    kind: text("kind").$type<CommissionKind>().notNull(),
    amount: integer("amount").notNull(),
    state: text("state").$type<CommissionState>().notNull(),
    payableAt: timestamp("payable_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    paidTo: text("paid_to").$type<"staff" | "wallet">(),
    /** The staff member who marked it paid. */
    paidBy: integer("paid_by"),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index("referral_commissions_referrer_idx").on(t.storeId, t.referrerId, t.createdAt, t.id),
    index("referral_commissions_state_idx").on(t.storeId, t.state, t.id),
    index("referral_commissions_order_idx").on(t.storeId, t.orderId),
    // The sweep's pending entries across stores.
    index("referral_commissions_pending_idx").on(t.state).where(sql`${t.state} = 'pending'`),
    check(
      "referral_commissions_sign",
      sql`(${t.kind} = 'commission' AND ${t.amount} >= 0) OR (${t.kind} = 'clawback' AND ${t.amount} <= 0)`,
    ),
  ],
);

/** A referral held as suspicious: nothing it earns moves until staff clear or refuse it. */
export const referralReviews = pgTable(
  "referral_reviews",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    orderId: integer("order_id").notNull(),
    referrerId: integer("referrer_id").notNull(),
    reasons: jsonb("reasons").$type<ReferralSuspicion[]>().notNull(),
    state: text("state").$type<ReferralReviewState>().notNull().default("open"),
    note: text("note"),
    decidedBy: integer("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("referral_reviews_order_uq").on(t.storeId, t.orderId),
    index("referral_reviews_state_idx").on(t.storeId, t.state, t.id),
  ],
);
