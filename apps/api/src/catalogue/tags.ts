import { type Locale, localized, type ProductTag } from "@stoa/contract";
import { and, asc, count, eq, inArray, type SQL } from "drizzle-orm";
import type { Database } from "../platform/db/database.ts";
import type { StoreRow } from "../stores/tables.ts";
import { products, productTags, tags } from "./tables.ts";

/**
 * The store's tags in the shop's order, each with how many available products carry it: one grouped
 * query, so a tag cloud costs the same whatever the number of tags.
 */
export async function searchTags(
  db: Database,
  store: StoreRow,
  { ids }: { ids?: number[] },
  locale: Locale,
): Promise<ProductTag[]> {
  const where: SQL[] = [eq(tags.storeId, store.id)];
  if (ids && ids.length > 0) where.push(inArray(tags.id, ids));
  const rows = await db
    .select({
      id: tags.id,
      slug: tags.slug,
      names: tags.nameLocalizations,
      sort: tags.sort,
      productCount: count(products.id),
    })
    .from(tags)
    .leftJoin(productTags, and(eq(productTags.storeId, tags.storeId), eq(productTags.tagId, tags.id)))
    .leftJoin(
      products,
      and(
        eq(products.storeId, productTags.storeId),
        eq(products.id, productTags.productId),
        eq(products.isAvailable, true),
      ),
    )
    .where(and(...where))
    .groupBy(tags.storeId, tags.id)
    .orderBy(asc(tags.sort), asc(tags.id));
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: localized(row.names, locale),
    nameLocalizations: row.names,
    productCount: row.productCount,
  }));
}
