import { LOW_STOCK_LEVEL, type Locale, localized } from "@stoa/contract";
import { and, asc, count, eq, lte } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { products } from "./tables.ts";

/**
 * Products on sale with LOW_STOCK_LEVEL units or fewer, fewest first: the dashboard names the first
 * `shown` and counts them all. Read through a partial index of the low products only (its condition
 * repeats LOW_STOCK_LEVEL, so the two change together).
 */
export async function lowStockProducts(db: Database, storeId: number, locale: Locale, shown: number) {
  const where = and(
    eq(products.storeId, storeId),
    lte(products.stock, LOW_STOCK_LEVEL),
    eq(products.isAvailable, true),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: products.id, name: products.nameLocalizations, stock: products.stock })
      .from(products)
      .where(where)
      .orderBy(asc(products.stock), asc(products.id))
      .limit(shown),
    db.select({ count: count() }).from(products).where(where),
  ]);
  return {
    count: total?.count ?? 0,
    products: rows.map((row) => ({ id: row.id, name: localized(row.name, locale), stock: row.stock })),
  };
}
