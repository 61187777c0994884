import type { SavedCartLineInput } from "@stoa/contract";
import { integer, jsonb, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per customer's cart (a guest session is a customer row too): the lines as picked, in the
 * order they were added, never with prices — those come from the catalogue when the cart is read.
 */
export const savedCarts = pgTable(
  "saved_carts",
  {
    storeId: integer("store_id").notNull(),
    customerId: integer("customer_id").notNull(),
    lines: jsonb("lines").$type<SavedCartLineInput[]>().notNull().default([]),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.customerId] })],
);
