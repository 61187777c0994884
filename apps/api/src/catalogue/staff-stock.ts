import {
  countedResultsCap,
  DEFAULT_LOW_STOCK_THRESHOLD,
  type Locale,
  localized,
  type PaginationQuery,
  paginate,
  type StaffStockItem,
  type StaffStockList,
  type StaffStockListBody,
} from "@stoa/contract";
import { and, asc, count, desc, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import { keywordWords, normalizeKeyword } from "./search.ts";
import { products, productVariations, type VariationOptionDefinition } from "./tables.ts";

/*
 * The staff's view of stock (issue 33): the products with their levels, and the statements that
 * change a level for a staff adjustment. The catalogue owns the rows; the inventory module keeps
 * the movements. Every statement here that writes changes nothing the catalogue's answers show but
 * stock, and says so to the catalogue-version trigger (`stoa.stock_only`, migration 0011): only a
 * product selling out or coming back raises the version (decision 016).
 */

/**
 * The low condition, written exactly as the partial index `products_store_low_stock_idx` is, so the
 * planner reads the low products only; its default repeats LOW_STOCK_LEVEL.
 */
export const LOW = sql`${products.stock} <= coalesce(${products.lowStockThreshold}, 5) AND ${products.isAvailable}`;
if (DEFAULT_LOW_STOCK_THRESHOLD !== 5) throw new Error("the low-stock index repeats LOW_STOCK_LEVEL");

/**
 * Every word of a name (as typed or the start of one), or the SKU or barcode exactly, the product's
 * or one of its variations'. Each part has its own index, so PostgreSQL ORs their bitmaps. The
 * console's product list matches the same way (staff-products.ts).
 */
export async function matching(db: Database, storeId: number, q: string): Promise<SQL | undefined> {
  const keyword = normalizeKeyword(q);
  if (!keyword) return undefined;
  const code = q.trim();
  const [variation] = await db
    .select({ productId: productVariations.productId })
    .from(productVariations)
    .where(and(eq(productVariations.storeId, storeId), eq(productVariations.sku, code)));
  const codes = [
    sql`${products.sku} = ${code}`,
    sql`${products.barcode} = ${code}`,
    ...(variation ? [sql`${products.id} = ${variation.productId}`] : []),
  ];
  const words = keywordWords(keyword);
  if (words.length > 0) {
    const lexemes = words.map((word) => (word.length > 1 ? `${word}:*` : word)).join(" & ");
    codes.unshift(sql`${products.searchVector} @@ to_tsquery('simple'::regconfig, ${lexemes})`);
  }
  return sql`(${sql.join(codes, sql` OR `)})`;
}

type ProductRow = {
  id: number;
  name: Record<string, string>;
  sku: string;
  stock: number;
  isAvailable: boolean;
  threshold: number | null;
  variationCount: number;
  options: VariationOptionDefinition[];
};

const productColumns = {
  id: products.id,
  name: products.nameLocalizations,
  sku: products.sku,
  stock: products.stock,
  isAvailable: products.isAvailable,
  threshold: products.lowStockThreshold,
  variationCount: products.variationCount,
  options: products.variationOptions,
};

/** The products' variations with their titles ("Large / Red"), by product. */
async function variationsOf(db: Database, storeId: number, rows: ProductRow[], locale: Locale) {
  const byVariation = rows.filter((row) => row.variationCount > 0);
  const found = new Map<number, StaffStockItem["variations"]>();
  if (byVariation.length === 0) return found;
  const variations = await db
    .select({
      id: productVariations.id,
      productId: productVariations.productId,
      sku: productVariations.sku,
      stock: productVariations.stock,
      optionValues: productVariations.optionValues,
    })
    .from(productVariations)
    .where(
      and(
        eq(productVariations.storeId, storeId),
        inArray(
          productVariations.productId,
          byVariation.map((row) => row.id),
        ),
      ),
    )
    .orderBy(asc(productVariations.productId), asc(productVariations.sort), asc(productVariations.id));
  const options = new Map(byVariation.map((row) => [row.id, row.options]));
  for (const variation of variations) {
    const name = (options.get(variation.productId) ?? [])
      .map((option) => {
        const value = option.values.find((v) => v.key === variation.optionValues[option.key]);
        return value ? localized(value.labels, locale) : "";
      })
      .filter(Boolean)
      .join(" / ");
    const list = found.get(variation.productId) ?? [];
    list.push({ id: variation.id, name: name || variation.sku, sku: variation.sku, stock: variation.stock });
    found.set(variation.productId, list);
  }
  return found;
}

function itemOf(row: ProductRow, locale: Locale, variations: StaffStockItem["variations"]): StaffStockItem {
  const lowAt = row.threshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
  return {
    id: row.id,
    name: localized(row.name, locale),
    sku: row.sku,
    stock: row.stock,
    isAvailable: row.isAvailable,
    threshold: row.threshold,
    lowAt,
    low: row.isAvailable && row.stock <= lowAt,
    variations,
  };
}

/**
 * The store's products with their stock. All: newest first along the primary key; low and sold
 * out: fewest first through the partial index of low products; a name's words through the
 * full-text index, a SKU or barcode through their own. Totals are counted up to the pages a reader
 * can reach (decision 011), so a page costs the same at 100,000 products (decision 059 has the plans).
 */
export async function staffStockList(
  db: Database,
  storeId: number,
  locale: Locale,
  body: StaffStockListBody,
  page: PaginationQuery,
): Promise<StaffStockList> {
  const conditions: (SQL | undefined)[] = [
    eq(products.storeId, storeId),
    await matching(db, storeId, body.q),
  ];
  if (body.filter === "low") conditions.push(LOW);
  if (body.filter === "soldOut") conditions.push(LOW, lte(products.stock, 0));
  const where = and(...conditions);
  // Low and sold out: fewest first, along the low index. All: newest first, along the primary key,
  // which a searched list walks too, stopping at a page of matches (a rare word reads more of it).
  const order = body.filter === "all" ? [desc(products.id)] : [asc(products.stock), asc(products.id)];
  // Counted along the low index or the key; searched, from the words' and codes' own indexes.
  const countOrder = body.filter === "all" && body.q ? [] : order;
  const cap = countedResultsCap(page);
  const [rows, [counted]] = await Promise.all([
    db
      .select(productColumns)
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    // Up to the pages a reader can reach (decision 011).
    db.select({ total: count() }).from(
      db
        .select({ one: sql`1` })
        .from(products)
        .where(where)
        .orderBy(...countOrder)
        .limit(cap + 1)
        .as("matches"),
    ),
  ]);
  const total = counted?.total ?? 0;
  const variations = await variationsOf(db, storeId, rows, locale);
  return paginate(
    rows.map((row) => itemOf(row, locale, variations.get(row.id) ?? [])),
    Math.min(total, cap),
    page,
    total > cap,
  );
}

/** One product's stock as the list shows it; null when the store has no such product. */
export async function staffStockItem(
  db: Database,
  storeId: number,
  productId: number,
  locale: Locale,
): Promise<StaffStockItem | null> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
  if (!row) return null;
  const variations = await variationsOf(db, storeId, [row], locale);
  return itemOf(row, locale, variations.get(row.id) ?? []);
}

/** A product's level (and one variation's) locked for a change, as orders lock them: product first. */
export type LockedStock = {
  productStock: number;
  byVariation: boolean;
  /** The variation's level, when one was asked for and it is the product's. */
  variationStock: number | null;
};

/**
 * Locks the product's row (then the variation's) for the rest of the transaction, in the order
 * every order takes them, and answers their levels; null when the store has no such product or
 * the variation is not the product's. Under these locks no order changes either level until the
 * transaction ends, so a check and a write made under them cannot be raced.
 */
export async function lockStock(
  tx: Database,
  storeId: number,
  productId: number,
  variationId: number | null,
): Promise<LockedStock | null> {
  const [product] = await tx
    .select({ stock: products.stock, variationCount: products.variationCount })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, productId)))
    .for("update");
  if (!product) return null;
  let variationStock: number | null = null;
  if (variationId !== null) {
    const [variation] = await tx
      .select({ stock: productVariations.stock })
      .from(productVariations)
      .where(
        and(
          eq(productVariations.storeId, storeId),
          eq(productVariations.id, variationId),
          eq(productVariations.productId, productId),
        ),
      )
      .for("update");
    if (!variation) return null;
    variationStock = variation.stock;
  }
  return { productStock: product.stock, byVariation: product.variationCount > 0, variationStock };
}

/**
 * Moves a locked product's level (and its variation's, whose product's total moves with it) by
 * `change`, each in one statement that changes only stock; refuses to go below zero even so.
 * Answers the levels after, or null when a level would have gone below zero (nothing changed then
 * by this call's first statement being undone by the caller's rollback).
 */
export async function moveLockedStock(
  tx: Database,
  storeId: number,
  productId: number,
  variationId: number | null,
  change: number,
): Promise<{ productStock: number; variationStock: number | null } | null> {
  const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
  const [product] = rowsOf<{ stock: number }>(
    await tx.execute(sql`
      UPDATE ${products} SET stock = stock + ${change}
      FROM (SELECT set_config('stoa.stock_only', 'on', true)) AS flag
      WHERE store_id = ${storeId} AND id = ${productId} AND stock + ${change} >= 0
      RETURNING stock`),
  );
  if (!product) return null;
  if (variationId === null) return { productStock: product.stock, variationStock: null };
  const [variation] = rowsOf<{ stock: number }>(
    await tx.execute(sql`
      UPDATE ${productVariations} SET stock = stock + ${change}
      FROM (SELECT set_config('stoa.stock_only', 'on', true)) AS flag
      WHERE store_id = ${storeId} AND id = ${variationId} AND product_id = ${productId}
        AND stock + ${change} >= 0
      RETURNING stock`),
  );
  if (!variation) return null;
  return { productStock: product.stock, variationStock: variation.stock };
}

/** Sets a product's own low-stock threshold (null: the default); answers the one it had. */
export async function setLowStockThreshold(
  tx: Database,
  storeId: number,
  productId: number,
  threshold: number | null,
): Promise<{ before: number | null } | null> {
  const [before] = await tx
    .select({ threshold: products.lowStockThreshold })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, productId)))
    .for("update");
  if (!before) return null;
  // Shown by no catalogue answer: said to the version trigger as a stock change is.
  await tx.execute(sql`
    UPDATE ${products} SET low_stock_threshold = ${threshold}
    FROM (SELECT set_config('stoa.stock_only', 'on', true)) AS flag
    WHERE store_id = ${storeId} AND id = ${productId}`);
  return { before: before.threshold };
}

/** Names of products by id, in a language, for the low-stock email. */
export async function lowProductsNow(db: Database, storeId: number, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db
    .select({ id: products.id, name: products.nameLocalizations, sku: products.sku, stock: products.stock })
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(products.id, productIds), LOW))
    .orderBy(asc(products.stock), asc(products.id));
}
