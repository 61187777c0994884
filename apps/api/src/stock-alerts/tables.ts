import type { Locale } from "@stoa/contract";
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { stores } from "../stores/tables.ts";

/**
 * "Email me when it's back": an address waiting for a sold-out product (`variationId` 0) or one
 * variation of it. When the stock comes back, a trigger of the catalogue's tables marks the waiting
 * alerts `due` (migration 0028); the sweeper sends each due alert once, under a row lock, and marks
 * it `sent`. An alert that was due but found sold out again when its turn came waits again.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    productId: integer("product_id").notNull(),
    /** 0: the product itself (a product without variations). */
    variationId: integer("variation_id").notNull().default(0),
    /** Lower-cased by the contract's email schema, so one address waits once. */
    email: text("email").notNull(),
    /** The language to write in: the one the shopper asked from. */
    locale: text("locale").$type<Locale>().notNull(),
    /** Whether the address was the signed-in customer's own, proved: the outbox limits the others. */
    proved: boolean("proved").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp("due_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    // One waiting alert per address and thing; the trigger finds a product's waiting alerts by it.
    uniqueIndex("stock_alerts_waiting_uq")
      .on(t.storeId, t.productId, t.variationId, t.email)
      .where(sql`sent_at IS NULL`),
    // The sweeper reads only the alerts due and not yet sent.
    index("stock_alerts_due_idx").on(t.dueAt).where(sql`due_at IS NOT NULL AND sent_at IS NULL`),
  ],
);
export type StockAlertRow = typeof stockAlerts.$inferSelect;
