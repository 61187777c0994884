import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { run, statement } from "../platform/db/statements.ts";
import { products, productVariations } from "./tables.ts";

/*
 * Stock of the catalogue's rows, changed one table per statement. These statements change nothing
 * but `stock`, so they leave the store's catalogue version (and its cached answers) alone unless a
 * product sells out or comes back (migration 0008, docs/decisions/016-stock-outside-the-catalogue-cache.md).
 * A product with variations is sold by variation: each variation has its own stock, and the
 * product's stock is the total of its variations, which listings show and filter "in stock only" on;
 * both are changed together.
 */

/** Products' own stock taken, or given back, by product id: `byVariation` as in `takeProductsStock`. */
export type ProductStockChange = { productId: number; quantity: number; byVariation: boolean };
/** One variation's stock taken, or given back. */
export type VariationStockChange = { productId: number; variationId: number; quantity: number };

/**
 * A row a take asked of: the stock it found (null when the row is no row of the store, or not
 * sold as asked) and whether it could take the quantity from it.
 */
export type StockFound = { id: number; stock: number | null; fits: boolean };

type TakeRow = { id: number; stock: number | null; fits: boolean; all_fit: boolean };

/**
 * Every statement here changes stock and nothing else, and says so to the catalogue-version trigger
 * for the rest of the statement (migration 0011): the trigger then only looks whether a product
 * sold out or came back instead of comparing whole rows.
 */
const STOCK_ONLY = "set_config('stoa.stock_only', 'on', true) AS stock_only";

/*
 * Each take is one statement, whatever the number of lines, through a database function that
 * placing an order calls as well (migration 0012): it locks the rows asked of in id order (every
 * order locks in this one order, so two orders never wait for each other in a circle), sees whether
 * all of them have the stock, and takes it from all of them only then. A row another order changed
 * meanwhile is read as that order left it, once it committed (READ COMMITTED), so stock can never go
 * below zero however many orders run at once.
 */
const takeProducts = statement<TakeRow>(
  "stock_take_products",
  "SELECT * FROM stoa_take_products_stock($1, $2::int[], $3::int[], $4::boolean[])",
);

const takeVariations = statement<TakeRow>(
  "stock_take_variations",
  "SELECT * FROM stoa_take_variations_stock($1, $2::int[], $3::int[], $4::int[])",
);

/** Gives stock back in the same id order the takes lock in; a removed row gets nothing. */
const returnProducts = statement<{ id: number }>(
  "stock_return_products",
  `WITH demand AS (
     SELECT d.*, ${STOCK_ONLY} FROM unnest($2::int[], $3::int[]) AS d(id, quantity)
   ), locked AS (
     SELECT p.id FROM products p WHERE p.store_id = $1 AND p.id = ANY($2::int[]) ORDER BY p.id FOR UPDATE
   )
   UPDATE products p SET stock = p.stock + d.quantity FROM demand d, locked l
   WHERE p.store_id = $1 AND p.id = d.id AND l.id = d.id
   RETURNING p.id`,
);

const returnVariations = statement<{ id: number }>(
  "stock_return_variations",
  `WITH demand AS (
     SELECT d.*, ${STOCK_ONLY} FROM unnest($2::int[], $3::int[], $4::int[]) AS d(id, product_id, quantity)
   ), locked AS (
     SELECT v.id FROM product_variations v
     WHERE v.store_id = $1 AND v.id = ANY($2::int[]) ORDER BY v.id FOR UPDATE
   )
   UPDATE product_variations v SET stock = v.stock + d.quantity FROM demand d, locked l
   WHERE v.store_id = $1 AND v.id = d.id AND v.product_id = d.product_id AND l.id = d.id
   RETURNING v.id`,
);

const found = (rows: TakeRow[]) => ({
  taken: rows.length > 0 && rows.every((row) => row.all_fit),
  rows: rows.map(({ id, stock, fits }): StockFound => ({ id, stock, fits })),
});

/**
 * Takes each product's quantity off its stock, all or none, in one statement (ids unique). A
 * product sold by variation (`byVariation`) is taken from its total, the figure listings show;
 * its variations are taken with `takeVariationsStock`. Nothing is taken when any product has
 * less, is no product of the store, or is sold otherwise than `byVariation` says.
 */
export async function takeProductsStock(
  db: Database,
  storeId: number,
  changes: readonly ProductStockChange[],
): Promise<{ taken: boolean; rows: StockFound[] }> {
  if (changes.length === 0) return { taken: true, rows: [] };
  return found(
    await run(db, takeProducts, [
      storeId,
      changes.map((c) => c.productId),
      changes.map((c) => c.quantity),
      changes.map((c) => c.byVariation),
    ]),
  );
}

/** Takes each variation's quantity off its stock, all or none, as `takeProductsStock` does (ids unique). */
export async function takeVariationsStock(
  db: Database,
  storeId: number,
  changes: readonly VariationStockChange[],
): Promise<{ taken: boolean; rows: StockFound[] }> {
  if (changes.length === 0) return { taken: true, rows: [] };
  return found(
    await run(db, takeVariations, [
      storeId,
      changes.map((c) => c.variationId),
      changes.map((c) => c.productId),
      changes.map((c) => c.quantity),
    ]),
  );
}

/** Gives quantities back to products' own stock (or their variations' totals), in one statement. */
export async function returnProductsStock(
  db: Database,
  storeId: number,
  changes: readonly Omit<ProductStockChange, "byVariation">[],
): Promise<void> {
  if (changes.length === 0) return;
  await run(db, returnProducts, [storeId, changes.map((c) => c.productId), changes.map((c) => c.quantity)]);
}

/** Gives quantities back to variations, in one statement. */
export async function returnVariationsStock(
  db: Database,
  storeId: number,
  changes: readonly VariationStockChange[],
): Promise<void> {
  if (changes.length === 0) return;
  await run(db, returnVariations, [
    storeId,
    changes.map((c) => c.variationId),
    changes.map((c) => c.productId),
    changes.map((c) => c.quantity),
  ]);
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
  /** Each product's rating count and sum (null without one), when they were read beside the stock. */
  ratings: Map<number, { count: number | null; sum: number | null }>;
};

/**
 * A product's rating figures as the reviews module joins them beside a statement reading products
 * by primary key (reviews/ratings.ts `ratingsBeside`): given as SQL so the ratings table stays
 * that module's and still costs no second round trip.
 */
export type RatingsBeside = { join: SQL; count: SQL; sum: SQL };

type StockRow = {
  is_variation: boolean;
  id: number;
  product_id: number;
  stock: number;
  is_available: boolean;
  by_variation: boolean;
  rating_count: number | null;
  rating_sum: number | null;
};

/**
 * The stock of the store's products and variations among the ids, in one statement whatever their
 * number: each table read by its primary key `(store_id, id)`. Given `ratingsOfProducts` (the
 * reviews module's join), each product's rating figures come in the same statement.
 */
export async function stockLevels(
  db: Database,
  storeId: number,
  productIds: readonly number[],
  variationIds: readonly number[],
  ratingsOfProducts?: (storeId: SQL, productId: SQL) => RatingsBeside,
): Promise<StockLevels> {
  const levels: StockLevels = { products: new Map(), variations: new Map(), ratings: new Map() };
  if (productIds.length === 0 && variationIds.length === 0) return levels;
  const ratings = ratingsOfProducts?.(sql`${products.storeId}`, sql`${products.id}`);
  const result = await db.execute(sql`
    SELECT false AS is_variation, ${products.id} AS id, ${products.id} AS product_id, ${products.stock} AS stock,
      ${products.isAvailable} AS is_available, ${products.variationCount} > 0 AS by_variation,
      ${ratings ? ratings.count : sql`NULL::int`} AS rating_count, ${ratings ? ratings.sum : sql`NULL::int`} AS rating_sum
    FROM ${products} ${ratings ? ratings.join : sql``}
    WHERE ${products.storeId} = ${storeId} AND ${products.id} = ANY(${sql.param([...productIds])}::int[])
    UNION ALL
    SELECT true, ${productVariations.id}, ${productVariations.productId}, ${productVariations.stock},
      ${productVariations.isAvailable}, false, NULL::int, NULL::int
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
    else {
      levels.products.set(row.id, {
        stock: row.stock,
        isAvailable: row.is_available,
        byVariation: row.by_variation,
      });
      if (ratings) levels.ratings.set(row.id, { count: row.rating_count, sum: row.rating_sum });
    }
  }
  return levels;
}
