import { index, integer, pgTable, primaryKey, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const wishlistItems = pgTable(
  "wishlist_items",
  {
    storeId: integer("store_id").notNull(),
    id: integer("id").generatedByDefaultAsIdentity().notNull(),
    customerId: integer("customer_id").notNull(),
    productId: integer("product_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("wishlist_items_customer_product_uq").on(t.storeId, t.customerId, t.productId),
    index("wishlist_items_customer_created_idx").on(t.storeId, t.customerId, t.createdAt, t.id),
  ],
);
