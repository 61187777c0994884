import { type Locale, localized, type ProductSummary } from "@stoa/contract";
import type { StoreRow } from "../stores/tables.ts";
import type { ProductRow } from "./tables.ts";

/** A product as listings, search, collections and the wishlist show it, in the request's language. */
export function productSummaryOf(
  row: ProductRow,
  store: StoreRow,
  locale: Locale,
  /** Defaults to every category the product is linked to (mirrored on the row). */
  categoryIds: number[] = row.categoryIds,
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
    remarks: localized(row.remarksLocalizations, locale),
    hasVariations: row.variationCount > 0,
    hasOptions: row.addOnGroups.length > 0,
    isDigital: row.isDigital,
  };
}
