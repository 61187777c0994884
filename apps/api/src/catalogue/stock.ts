import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { products, productVariations } from "./tables.ts";

/*
 * Stock of the catalogue's rows, changed one figure per statement. These statements change nothing
 * but `stock`, so they leave the store's catalogue version (and its cached answers) alone unless a
 * product sells out or comes back (migration 0008, docs/decisions/016-stock-outside-the-catalogue-cache.md).
 * A product with variations is sold by variation: each variation has its own stock, and the
 * product's stock is the total of its variations, which listings show and filter "in stock only" on;
 * both are changed together.
 */

const taken = (rows: unknown[]) => rows.length > 0;

/**
 * Takes `quantity` off a product's own stock in one conditional statement, which can never leave it
 * below zero whatever runs concurrently: false when the product has less, is no product of the
 * store, or is sold otherwise than `byVariation` says (as it is, or as the total of its variations).
 */
export async function takeProductStock(
  db: Database,
  storeId: number,
  productId: number,
  quantity: number,
  { byVariation }: { byVariation: boolean },
): Promise<boolean> {
  return taken(
    await db
      .update(products)
      .set({ stock: sql`${products.stock} - ${quantity}` })
      .where(
        and(
          eq(products.storeId, storeId),
          eq(products.id, productId),
          sql`${products.stock} >= ${quantity}`,
          byVariation ? sql`${products.variationCount} > 0` : eq(products.variationCount, 0),
        ),
      )
      .returning({ stock: products.stock }),
  );
}

/** Takes `quantity` off one variation of a product, as `takeProductStock` does. */
export async function takeVariationStock(
  db: Database,
  storeId: number,
  productId: number,
  variationId: number,
  quantity: number,
): Promise<boolean> {
  return taken(
    await db
      .update(productVariations)
      .set({ stock: sql`${productVariations.stock} - ${quantity}` })
      .where(
        and(
          eq(productVariations.storeId, storeId),
          eq(productVariations.id, variationId),
          eq(productVariations.productId, productId),
          sql`${productVariations.stock} >= ${quantity}`,
        ),
      )
      .returning({ stock: productVariations.stock }),
  );
}

/** Gives `quantity` back to a product's own stock (or its variations' total); a removed product gets nothing. */
export async function returnProductStock(
  db: Database,
  storeId: number,
  productId: number,
  quantity: number,
): Promise<void> {
  await db
    .update(products)
    .set({ stock: sql`${products.stock} + ${quantity}` })
    .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
}

/** Gives `quantity` back to one variation of a product. */
export async function returnVariationStock(
  db: Database,
  storeId: number,
  productId: number,
  variationId: number,
  quantity: number,
): Promise<void> {
  await db
    .update(productVariations)
    .set({ stock: sql`${productVariations.stock} + ${quantity}` })
    .where(
      and(
        eq(productVariations.storeId, storeId),
        eq(productVariations.id, variationId),
        eq(productVariations.productId, productId),
      ),
    );
}

/** A variation can be bought while the shop offers it and it has stock left. */
export const variationIsAvailable = (variation: { isAvailable: boolean; stock: number }) =>
  variation.isAvailable && variation.stock > 0;

export type ProductStock = { stock: number; isAvailable: boolean; byVariation: boolean };
export type VariationStock = { productId: number; stock: number; isAvailable: boolean };

/** Stock as it is now, by product id and by variation id; ids of no row of the store are left out. */
export type StockLevels = {
  products: Map<number, ProductStock>;
  variations: Map<number, VariationStock>;
};

type StockRow = {
  is_variation: boolean;
  id: number;
  product_id: number;
  stock: number;
  is_available: boolean;
  by_variation: boolean;
};

/**
 * The stock of the store's products and variations among the ids, in one statement whatever their
 * number: each table read by its primary key `(store_id, id)`.
 */
export async function stockLevels(
  db: Database,
  storeId: number,
  productIds: readonly number[],
  variationIds: readonly number[],
): Promise<StockLevels> {
  const levels: StockLevels = { products: new Map(), variations: new Map() };
  if (productIds.length === 0 && variationIds.length === 0) return levels;
  const result = await db.execute(sql`
    SELECT false AS is_variation, ${products.id} AS id, ${products.id} AS product_id, ${products.stock} AS stock,
      ${products.isAvailable} AS is_available, ${products.variationCount} > 0 AS by_variation
    FROM ${products}
    WHERE ${products.storeId} = ${storeId} AND ${products.id} = ANY(${sql.param([...productIds])}::int[])
    UNION ALL
    SELECT true, ${productVariations.id}, ${productVariations.productId}, ${productVariations.stock},
      ${productVariations.isAvailable}, false
    FROM ${productVariations}
    WHERE ${productVariations.storeId} = ${storeId}
      AND ${productVariations.id} = ANY(${sql.param([...variationIds])}::int[])`);
  // Both drivers answer raw queries with `{ rows }`; the shared Database type does not say so.
  for (const row of (result as unknown as { rows: StockRow[] }).rows) {
    if (row.is_variation)
      levels.variations.set(row.id, {
        productId: row.product_id,
        stock: row.stock,
        isAvailable: row.is_available,
      });
    else
      levels.products.set(row.id, {
        stock: row.stock,
        isAvailable: row.is_available,
        byVariation: row.by_variation,
      });
  }
  return levels;
}
