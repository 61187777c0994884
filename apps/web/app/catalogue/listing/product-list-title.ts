import type { Category, Locale } from "@stoa/contract";
import type { TFunction } from "i18next";
import { categoryName } from "../../shell/shop.ts";
import { findCategory, type ProductListQuery } from "./product-query.ts";

/** Heading (and page title) of a product list: the search, the category, the offers, or everything. */
export function productListTitle(
  t: TFunction,
  query: ProductListQuery,
  categories: readonly Category[],
  locale: Locale,
): string {
  if (query.keyword) return t("products.search-title", { keyword: query.keyword });
  const category =
    query.categories.length === 1 && query.categories[0]
      ? findCategory(categories, query.categories[0])
      : undefined;
  if (category) return categoryName(category, locale);
  if (query.onSale) return t("nav.on-sale");
  return t("nav.all-products");
}
