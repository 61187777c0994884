import { type Locale, localized } from "@stoa/contract";
import { and, asc, count, eq } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { LOW } from "./staff-stock.ts";
import { products } from "./tables.ts";

/**
 * Products on sale at or under their low-stock threshold (their own, or LOW_STOCK_LEVEL), fewest
 * first: the dashboard names the first `shown` and counts them all. Read through a partial index of
 * the low products only, whose condition the query repeats.
 */
export async function lowStockProducts(db: Database, storeId: number, locale: Locale, shown: number) {
  const where = and(eq(products.storeId, storeId), LOW);
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
