import {
  type Collection,
  HOME_SECTION_SIZE,
  type Locale,
  localized,
  type Paginated,
  type PaginationQuery,
  type ProductSummary,
  paginate,
} from "@stoa/contract";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import type { StoreRow } from "../stores/tables.ts";
import { productSummaryOf, type SummaryRow, summaryColumns } from "./product-summary.ts";
import { collectionProducts, collections, products } from "./tables.ts";

/**
 * One page of the store's shown collections, each with its first `productLimit` available products
 * in the shop's order. The products of the whole page come from one query, whatever the page size.
 */
export async function searchCollections(
  db: Database,
  store: StoreRow,
  { productLimit = HOME_SECTION_SIZE }: { productLimit?: number },
  page: PaginationQuery,
  locale: Locale,
): Promise<Paginated<Collection>> {
  const shown = and(eq(collections.storeId, store.id), eq(collections.isShow, true));
  const offset = (page.page - 1) * page.limit;
  const rows = await db
    .select()
    .from(collections)
    .where(shown)
    .orderBy(asc(collections.sort), asc(collections.id))
    .limit(page.limit)
    .offset(offset);
  const partialPage = rows.length < page.limit && (rows.length > 0 || offset === 0);
  const total = partialPage
    ? offset + rows.length
    : ((await db.select({ total: count() }).from(collections).where(shown))[0]?.total ?? 0);
  const productsOf = await firstProducts(
    db,
    store,
    rows.map((row) => row.id),
    productLimit,
    locale,
  );
  return paginate(
    rows.map((row) => {
      const name = localized(row.nameLocalizations, locale);
      return {
        id: row.id,
        slug: row.slug,
        name,
        description: localized(row.descriptionLocalizations, locale),
        image: row.image ? { url: row.image, alt: name } : null,
        products: productsOf.get(row.id) ?? [],
      };
    }),
    total,
    page,
  );
}

/** The first available products of each collection; a lateral join reads only `limit` links of each. */
async function firstProducts(
  db: Database,
  store: StoreRow,
  collectionIds: number[],
  limit: number,
  locale: Locale,
): Promise<Map<number, ProductSummary[]>> {
  const byCollection = new Map<number, ProductSummary[]>();
  if (collectionIds.length === 0 || limit === 0) return byCollection;
  const result = await db.execute(sql`
    SELECT c.id AS collection_id, first.product_id
    FROM unnest(ARRAY[${sql.join(
      collectionIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::int[]) AS c(id)
    CROSS JOIN LATERAL (
      SELECT ${collectionProducts.productId} AS product_id, ${collectionProducts.sort} AS sort
      FROM ${collectionProducts}
      JOIN ${products} ON ${products.storeId} = ${collectionProducts.storeId}
        AND ${products.id} = ${collectionProducts.productId} AND ${products.isAvailable}
      WHERE ${collectionProducts.storeId} = ${store.id} AND ${collectionProducts.collectionId} = c.id
      ORDER BY ${collectionProducts.sort}, ${collectionProducts.productId}
      LIMIT ${limit}
    ) AS first
    ORDER BY c.id, first.sort, first.product_id`);
  // Both drivers answer raw queries with `{ rows }`; the shared Database type does not say so.
  const links = (result as unknown as { rows: { collection_id: number; product_id: number }[] }).rows;
  const productIds = [...new Set(links.map((link) => link.product_id))];
  if (productIds.length === 0) return byCollection;
  const rows = await db
    .select(summaryColumns)
    .from(products)
    .where(and(eq(products.storeId, store.id), inArray(products.id, productIds)));
  const byId = new Map<number, SummaryRow>(rows.map((row) => [row.id, row]));
  for (const link of links) {
    const row = byId.get(link.product_id);
    if (!row) continue;
    const summaries = byCollection.get(link.collection_id) ?? [];
    summaries.push(productSummaryOf(row, store, locale));
    byCollection.set(link.collection_id, summaries);
  }
  return byCollection;
}
