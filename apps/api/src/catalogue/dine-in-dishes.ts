import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { type SummaryRow, summaryColumns } from "./product-summary.ts";
import { categories, type ProductRow, products } from "./tables.ts";

/*
 * The catalogue's side of dine-in (issue 34): the products a shop offers at its tables, read along
 * the partial index of dine-in products, however large the rest of the catalogue. What the kitchen
 * says of a dish tonight (snoozed) is the dine-in module's, which passes it in as a column.
 */

const offered = (storeId: number) =>
  and(eq(products.storeId, storeId), eq(products.dineIn, true), eq(products.isAvailable, true));

/**
 * The store's dishes offered at tables, as listings summarise them, in the order they were made,
 * each with `extra`: a column the caller computes per product (it may name `products.id`).
 */
export function dineInDishes<T>(
  db: Database,
  storeId: number,
  extra: SQL.Aliased<T>,
): Promise<(SummaryRow & ProductRow & { extra: T })[]> {
  return db
    .select({ ...summaryColumns, extra })
    .from(products)
    .where(offered(storeId))
    .orderBy(asc(products.id)) as Promise<(SummaryRow & ProductRow & { extra: T })[]>;
}

/** Whether the store offers this product at its tables. */
export async function isDineInDish(db: Database, storeId: number, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, productId), eq(products.dineIn, true)));
  return row !== undefined;
}

/** Of these categories, the ones the shop shows, in its order. */
export async function shownCategoriesAmong(db: Database, storeId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: categories.id, name: categories.nameLocalizations })
    .from(categories)
    .where(
      and(
        eq(categories.storeId, storeId),
        inArray(categories.id, ids),
        eq(categories.isShow, true),
        eq(categories.isAvailable, true),
      ),
    )
    .orderBy(asc(categories.sort), asc(categories.id));
}
