import {
  type Locale,
  localized,
  MAX_COUNTED_RESULTS,
  type Paginated,
  type PaginationQuery,
  type ProductInfo,
  type ProductSearchFilter,
  type ProductSummary,
  paginate,
} from "@stoa/contract";
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/database.ts";
import { categories, type ProductRow, productCategories, products, type StoreRow } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import { shownCategories, withDescendants } from "./categories.ts";

/** `%` and `_` typed by a shopper are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export function normalizeKeyword(keyword: string | undefined): string | null {
  const text = keyword?.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
  return text ? text : null;
}

type Order = { orderBy: SQL[] };

/**
 * ORDER BY of a listing. The id breaks ties in the same direction as the sort key, so a listing
 * index `(store_id, key, id)` serves it, read forwards or backwards.
 */
function orderOf(filter: ProductSearchFilter, keyword: string | null): Order {
  // A keyword search lists the best-selling matches first: similarity ranking costs a trigram
  // comparison per matching row, so it is used only when asked for (sortField "relevance").
  const field = filter.sortField ?? (filter.timeSort ? "createTime" : keyword ? "salesVolume" : "createTime");
  const direction = filter.sortType ?? (field === "createTime" ? filter.timeSort : undefined);
  const by = (column: SQL, defaultDir: "asc" | "desc") => {
    const dir = direction ?? defaultDir;
    return { orderBy: dir === "asc" ? [asc(column), asc(products.id)] : [desc(column), desc(products.id)] };
  };
  switch (field) {
    case "price":
      return by(sql`${products.effectivePrice}`, "asc");
    case "salesVolume":
      return by(sql`${products.salesVolume}`, "desc");
    case "name":
      return by(sql`${products.nameLocalizations}->>'en'`, "asc");
    case "relevance":
      return keyword
        ? { orderBy: [desc(sql`similarity(${products.searchText}, ${keyword})`), desc(products.id)] }
        : by(sql`${products.createdAt}`, "desc");
    default:
      return by(sql`${products.createdAt}`, "desc");
  }
}

/** The shopper's filter, plus what the server itself may add (a product to leave out of its own recommendations). */
export type ProductQuery = ProductSearchFilter & { excludeId?: number };

async function conditionsOf(db: Database, store: StoreRow, filter: ProductQuery): Promise<SQL[]> {
  const where: SQL[] = [eq(products.storeId, store.id), eq(products.isAvailable, filter.isAvailable ?? true)];
  if (filter.excludeId !== undefined) where.push(sql`${products.id} <> ${filter.excludeId}`);
  const keyword = normalizeKeyword(filter.keyword);
  if (keyword) where.push(sql`${products.searchText} ILIKE ${likePattern(keyword)}`);
  if (filter.categoryIds && filter.categoryIds.length > 0) {
    const ids = withDescendants(await shownCategories(db, store.id), filter.categoryIds);
    where.push(
      sql`EXISTS (SELECT 1 FROM ${productCategories} WHERE ${productCategories.storeId} = ${products.storeId}
        AND ${productCategories.productId} = ${products.id} AND ${inArray(productCategories.categoryId, ids)})`,
    );
  }
  if (filter.minPrice !== undefined) where.push(gte(products.effectivePrice, filter.minPrice));
  if (filter.maxPrice !== undefined) where.push(lte(products.effectivePrice, filter.maxPrice));
  if (filter.isOnSale === true)
    where.push(and(isNotNull(products.salePrice), sql`${products.salePrice} < ${products.price}`) as SQL);
  if (filter.isOnSale === false)
    where.push(sql`(${products.salePrice} IS NULL OR ${products.salePrice} >= ${products.price})`);
  if (filter.sku) where.push(eq(products.sku, filter.sku.trim()));
  if (filter.barCode) where.push(eq(products.barcode, filter.barCode.trim()));
  if (filter.brandLocalizations?.trim()) {
    where.push(
      sql`${products.brandLocalizations}::text ILIKE ${likePattern(filter.brandLocalizations.trim())}`,
    );
  }
  return where;
}

export function toSummary(
  row: ProductRow,
  store: StoreRow,
  locale: Locale,
  categoryIds: number[],
): ProductSummary {
  return {
    id: row.id,
    name: localized(row.nameLocalizations, locale),
    nameLocalizations: row.nameLocalizations,
    slug: row.slug,
    price: row.price,
    salePrice: row.salePrice,
    currency: store.currency,
    stock: row.stock,
    sku: row.sku,
    brand: localized(row.brandLocalizations, locale),
    unit: row.unit,
    image: row.images[0] ?? null,
    categoryIds,
    isOnSale: row.salePrice !== null && row.salePrice < row.price,
    isAvailable: row.isAvailable,
    createTime: row.createdAt.toISOString(),
  };
}

export async function categoryIdsOf(
  db: Database,
  storeId: number,
  productIds: number[],
): Promise<Map<number, number[]>> {
  const byProduct = new Map<number, number[]>();
  if (productIds.length === 0) return byProduct;
  const links = await db
    .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
    .from(productCategories)
    .where(and(eq(productCategories.storeId, storeId), inArray(productCategories.productId, productIds)));
  for (const link of links)
    byProduct.set(link.productId, [...(byProduct.get(link.productId) ?? []), link.categoryId]);
  return byProduct;
}

/** How many products match, counted up to MAX_COUNTED_RESULTS; a partial page needs no count at all. */
async function countMatches(db: Database, where: SQL | undefined): Promise<number> {
  const matches = db
    .select({ one: sql`1` })
    .from(products)
    .where(where)
    .limit(MAX_COUNTED_RESULTS)
    .as("matches");
  const [row] = await db.select({ total: count() }).from(matches);
  return row?.total ?? 0;
}

/** One page of products matching the filter, with the total for pagination. */
export async function searchProducts(
  db: Database,
  store: StoreRow,
  filter: ProductQuery,
  page: PaginationQuery,
  locale: Locale,
): Promise<Paginated<ProductSummary>> {
  const where = and(...(await conditionsOf(db, store, filter)));
  const { orderBy } = orderOf(filter, normalizeKeyword(filter.keyword));
  const offset = (page.page - 1) * page.limit;
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(offset);
  const partialPage = rows.length < page.limit && (rows.length > 0 || offset === 0);
  const total = partialPage ? offset + rows.length : await countMatches(db, where);
  const links = await categoryIdsOf(
    db,
    store.id,
    rows.map((r) => r.id),
  );
  return paginate(
    rows.map((row) => toSummary(row, store, locale, links.get(row.id) ?? [])),
    total,
    page,
  );
}

/** One product of the store; another store's product is "not found", never shown. */
export async function productInfo(
  db: Database,
  store: StoreRow,
  id: number,
  locale: Locale,
): Promise<ProductInfo> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.storeId, store.id), eq(products.id, id)))
    .limit(1);
  if (!row) throw new ApiError("PRODUCT_NOT_FOUND");
  const productCategoryRows = await db
    .select({ id: categories.id, names: categories.nameLocalizations, slug: categories.slug })
    .from(productCategories)
    .innerJoin(
      categories,
      and(eq(categories.storeId, productCategories.storeId), eq(categories.id, productCategories.categoryId)),
    )
    .where(
      and(
        eq(productCategories.storeId, store.id),
        eq(productCategories.productId, id),
        eq(categories.isShow, true),
      ),
    )
    .orderBy(asc(categories.sort));
  return {
    ...toSummary(
      row,
      store,
      locale,
      productCategoryRows.map((c) => c.id),
    ),
    description: localized(row.descriptionLocalizations, locale),
    descriptionLocalizations: row.descriptionLocalizations,
    brandLocalizations: row.brandLocalizations,
    barcode: row.barcode,
    tags: row.tags,
    images: row.images,
    categories: productCategoryRows.map((c) => ({
      id: c.id,
      name: localized(c.names, locale),
      slug: c.slug,
    })),
  };
}

/**
 * Recommendations: beside a product, the best sellers sharing one of its categories; without a
 * product, the best-selling deals of the store.
 */
export async function recommendProducts(
  db: Database,
  store: StoreRow,
  productId: number | undefined,
  page: PaginationQuery,
  locale: Locale,
): Promise<Paginated<ProductSummary>> {
  if (productId === undefined)
    return searchProducts(db, store, { isOnSale: true, sortField: "salesVolume" }, page, locale);
  const links = await categoryIdsOf(db, store.id, [productId]);
  const categoryIds = links.get(productId);
  if (!categoryIds) throw new ApiError("PRODUCT_NOT_FOUND");
  return searchProducts(
    db,
    store,
    { categoryIds, excludeId: productId, sortField: "salesVolume" },
    page,
    locale,
  );
}
