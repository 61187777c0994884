import type { CouponKind } from "@stoa/contract";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamps } from "../platform/db/columns.ts";
import { stores } from "../stores/tables.ts";

/**
 * A coupon code of one store. Codes are unique per store without regard to case, as shoppers type
 * them. `used_count` is the number of live redemptions, raised and lowered only under the coupon
 * row's lock, so the limits hold however many orders use the code at once.
 */
export const coupons = pgTable(
  "coupons",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    code: text("code").notNull(),
    kind: text("kind").$type<CouponKind>().notNull(),
    /** Whole percent (1–100) for `percent`, minor units for `fixed`. */
    value: integer("value").notNull(),
    /** Goods the order must reach before the discount, minor units. */
    minimumOrder: integer("minimum_order").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Redemptions the code allows in all; null: no limit. */
    maxUses: integer("max_uses"),
    /** Redemptions one customer may make; null: no limit. */
    maxUsesPerCustomer: integer("max_uses_per_customer"),
    firstOrderOnly: boolean("first_order_only").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    /** The shop shows it on its offers page; a coupon not advertised is only for those told its code. */
    advertised: boolean("advertised").notNull().default(false),
    usedCount: integer("used_count").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("coupons_store_code_uq").on(t.storeId, sql`lower(${t.code})`),
    // The offers page: only the few advertised and switched-on coupons, already in its order.
    index("coupons_store_offers_idx").on(t.storeId, t.endsAt, t.code).where(sql`advertised AND is_active`),
    check("coupons_used_count_not_negative", sql`${t.usedCount} >= 0`),
    check("coupons_value_positive", sql`${t.value} > 0`),
    check("coupons_percent_at_most_100", sql`${t.kind} <> 'percent' OR ${t.value} <= 100`),
  ],
);

export type CouponRow = typeof coupons.$inferSelect;

/** One use of a coupon by an order; returned (not deleted) when the order is cancelled or fails. */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    couponId: integer("coupon_id").notNull(),
    customerId: integer("customer_id").notNull(),
    orderId: integer("order_id").notNull(),
    returnedAt: timestamp("returned_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index("coupon_redemptions_customer_idx").on(t.storeId, t.customerId, t.couponId),
    index("coupon_redemptions_order_idx").on(t.storeId, t.orderId),
    // A coupon's uses in the console, newest first.
    index("coupon_redemptions_coupon_idx").on(t.storeId, t.couponId, t.id),
  ],
);
