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
} from "drizzle-orm/pg-core";
import { timestamps } from "../platform/db/columns.ts";
import { stores } from "../stores/tables.ts";

/**
 * A delivery zone: every criterion it names must match the shipping address (country and city
 * without regard to case, the zip by its start); the first zone that matches sets the fee.
 */
export type DeliveryZone = { country?: string; city?: string; zipPrefix?: string; fee: number };

/** What a store charges beside its goods: tax, delivery and whether it takes tips. One row per store. */
export const pricingSettings = pgTable("pricing_settings", {
  storeId: integer("store_id")
    .primaryKey()
    .references(() => stores.id),
  /** Basis points: 725 is 7.25 %. */
  taxRateBp: integer("tax_rate_bp").notNull().default(0),
  /** true when the catalogue's prices already hold the tax: it is shown, never added. */
  pricesIncludeTax: boolean("prices_include_tax").notNull().default(false),
  /** Minor units charged for delivery where no zone matches. */
  deliveryFee: integer("delivery_fee").notNull().default(0),
  deliveryZones: jsonb("delivery_zones").$type<DeliveryZone[]>().notNull().default([]),
  /** Goods after discount at or above this deliver free; null: never free. */
  freeDeliveryAbove: integer("free_delivery_above"),
  tipAllowed: boolean("tip_allowed").notNull().default(false),
  ...timestamps,
});

export type PricingSettingsRow = typeof pricingSettings.$inferSelect;

/**
 * A customer's wallet credit: the balance the checkout spends from, changed only by one conditional
 * statement, so it never goes below zero however many orders spend it at once.
 */
export const walletBalances = pgTable(
  "wallet_balances",
  {
    storeId: integer("store_id").notNull(),
    customerId: integer("customer_id").notNull(),
    balance: integer("balance").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.customerId] }),
    check("wallet_balances_not_negative", sql`${t.balance} >= 0`),
  ],
);

/** Every change of a wallet, never rewritten: credits positive, spending negative. */
export const walletEntries = pgTable(
  "wallet_entries",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    customerId: integer("customer_id").notNull(),
    amount: integer("amount").notNull(),
    orderId: integer("order_id"),
    /** Why, in the shop's words: "order", "order-cancelled", "refund", "welcome". */
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index("wallet_entries_customer_idx").on(t.storeId, t.customerId, t.createdAt),
    index("wallet_entries_order_idx").on(t.storeId, t.orderId),
  ],
);
