import { type Locale, localized, type TableMenu, type TableMenuItem } from "@stoa/contract";
import { sql } from "drizzle-orm";
import { dineInDishes, shownCategoriesAmong } from "../catalogue/dine-in-dishes.ts";
import { productSummaryOf } from "../catalogue/product-summary.ts";
import type { Database } from "../platform/db/database.ts";
import type { StoreRow } from "../stores/tables.ts";
import { dishSnoozes } from "./tables.ts";

/*
 * What a table may order (`api/storeTable/item`): the shop's dine-in dishes with their categories,
 * in two indexed statements. Read fresh on every call, never from the catalogue's answer cache:
 * a dish the kitchen snoozes, or the last portion sold, leaves the menu on the next read.
 */

/** Whether the kitchen snoozed the row's dish, as a column of the dishes' statement. */
const snoozed = () =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${dishSnoozes} s
    WHERE s.store_id = products.store_id AND s.product_id = products.id)`.as("snoozed");

/**
 * The menu: each dish in the diner's language under its first shown category (by the shop's order),
 * categories only when a dish is listed under them; a snoozed dish, or one whose stock is gone, is
 * listed unavailable, so the diner sees it is off tonight rather than wondering where it went.
 */
export async function tableMenu(db: Database, store: StoreRow, locale: Locale): Promise<TableMenu> {
  const rows = await dineInDishes(db, store.id, snoozed());
  const shown = await shownCategoriesAmong(db, store.id, [
    ...new Set(rows.flatMap((row) => row.categoryIds)),
  ]);
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
      available: !row.extra && row.stock > 0,
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
