import type { StockMovementReason } from "@stoa/contract";
import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { stores } from "../stores/tables.ts";

/**
 * Stock changed by the shop's staff, insert-only: goods received, goods damaged, a count. Each row
 * is written in the transaction that changed the level, under the product's row lock, so the rows
 * of a product add up to what staff moved and `stockAfter` is the level that change left. Orders'
 * takes and give-backs are not repeated here: an order's lines and timeline are their record
 * (docs/decisions/059-stock-movements-and-low-stock.md).
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    productId: integer("product_id").notNull(),
    /** The variation moved, for a product sold by variation (its product's total moved with it). */
    variationId: integer("variation_id"),
    /** Units added (positive) or taken (negative); a count records the difference it found. */
    change: integer("change").notNull(),
    reason: text("reason").$type<StockMovementReason>().notNull(),
    /** The level of what moved (the variation, or the product) right after this change. */
    stockAfter: integer("stock_after").notNull(),
    /** The member who made it; null for a command of the project. */
    staffId: integer("staff_id"),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    // A product's history, newest first.
    index("stock_movements_product_idx").on(t.storeId, t.productId, t.id),
  ],
);
export type StockMovementRow = typeof stockMovements.$inferSelect;

/**
 * A product that fell to or under its low-stock threshold, waiting to be told to the shop's staff.
 * A trigger of `products` writes one only when the level crosses the threshold downwards (migration
 * 0044), so sales below it add none, and a restock above it lets the next fall write one again. The
 * sweeper emails the staff once per pass and shop, under row locks, and marks them sent.
 */
export const lowStockNotices = pgTable(
  "low_stock_notices",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    productId: integer("product_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index("low_stock_notices_waiting_idx").on(t.createdAt).where(sql`sent_at IS NULL`),
  ],
);
