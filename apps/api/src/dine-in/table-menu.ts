import { type Locale, localized, type TableMenu, type TableMenuItem } from "@stoa/contract";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { productSummaryOf, type SummaryRow, summaryColumns } from "../catalogue/product-summary.ts";
import { categories, products } from "../catalogue/tables.ts";
import type { Database } from "../platform/db/database.ts";
import type { StoreRow } from "../stores/tables.ts";

/*
 * What a table may order (`api/storeTable/item`): the shop's dine-in dishes with their categories,
 * in two indexed statements. Read fresh on every call, never from the catalogue's answer cache:
 * a dish the kitchen snoozes, or the last portion sold, leaves the menu on the next read.
 */

type MenuRow = SummaryRow & { snoozed: boolean };

/** The dine-in dishes of the store, each with whether the kitchen snoozed it (partial index of dine-in products). */
function dineInDishes(db: Database, storeId: number): Promise<MenuRow[]> {
  return db
    .select({
      ...summaryColumns,
      snoozed: sql<boolean>`EXISTS (SELECT 1 FROM dish_snoozes s
        WHERE s.store_id = products.store_id AND s.product_id = products.id)`,
    })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.dineIn, true), eq(products.isAvailable, true)))
    .orderBy(asc(products.id));
}

/**
 * The menu: each dish in the diner's language under its first shown category (by the shop's order),
 * categories only when a dish is listed under them; a snoozed dish, or one whose stock is gone, is
 * listed unavailable, so the diner sees it is off tonight rather than wondering where it went.
 */
export async function tableMenu(db: Database, store: StoreRow, locale: Locale): Promise<TableMenu> {
  const rows = await dineInDishes(db, store.id);
  const categoryIds = [...new Set(rows.flatMap((row) => row.categoryIds))];
  const shown =
    categoryIds.length === 0
      ? []
      : await db
          .select({ id: categories.id, name: categories.nameLocalizations })
          .from(categories)
          .where(
            and(
              eq(categories.storeId, store.id),
              inArray(categories.id, categoryIds),
              eq(categories.isShow, true),
              eq(categories.isAvailable, true),
            ),
          )
          .orderBy(asc(categories.sort), asc(categories.id));
  const order = new Map(shown.map((category, index) => [category.id, index]));
  const items = rows.map((row): TableMenuItem => {
    const summary = productSummaryOf(row, store, locale);
    const categoryId =
      row.categoryIds
        .filter((id) => order.has(id))
        .sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0))[0] ?? null;
    return {
      id: row.id,
      name: summary.name,
      slug: row.slug,
      description: localized(row.descriptionLocalizations, locale),
      price: row.price,
      salePrice: row.salePrice,
      priceFrom: summary.priceFrom,
      image: summary.image,
      categoryId,
      hasOptions: summary.hasVariations || summary.hasOptions,
      available: !row.snoozed && row.stock > 0,
    };
  });
  const used = new Set(items.map((item) => item.categoryId));
  return {
    currency: store.currency,
    categories: shown
      .filter((category) => used.has(category.id))
      .map((category) => ({ id: category.id, name: localized(category.name, locale) })),
    items,
  };
}
