import type { Localizations } from "@stoa/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { ApiError } from "../platform/http/errors.ts";
import { products } from "./tables.ts";

/** The product is this store's (any state): else PRODUCT_NOT_FOUND, as for another store's product. */
export async function assertShopProduct(db: Database, storeId: number, productId: number): Promise<void> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
  if (!row) throw new ApiError("PRODUCT_NOT_FOUND");
}

/** Which of the ids are this store's products (any state), in one statement. */
export async function shopProductIds(
  db: Database,
  storeId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(products.id, unique)));
  return new Set(rows.map((row) => row.id));
}

/** Some products' names, by id: how other modules name the product a row is about. */
export async function productNames(
  db: Database,
  storeId: number,
  ids: readonly number[],
): Promise<Map<number, Localizations>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, names: products.nameLocalizations })
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(products.id, unique)));
  return new Map(rows.map((row) => [row.id, row.names]));
}
