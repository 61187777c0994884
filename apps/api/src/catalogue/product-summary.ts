import {
  type Locale,
  localized,
  type ProductImage,
  type ProductSummary,
  type ProductVariation,
  priceFrom,
  productPriceRange,
  regularPriceFrom,
} from "@stoa/contract";
import { sql } from "drizzle-orm";
import { cardRating, type RatingFigures, ratingFiguresSql } from "../reviews/ratings.ts";
import type { StoreRow } from "../stores/tables.ts";
import { type ProductRow, productColumns, productVariations, type StoredProductImage } from "./tables.ts";

/** What a summary's "From" price reads of each variation. */
type VariationPrice = Pick<ProductVariation, "price" | "salePrice" | "isAvailable">;

/** The product columns a summary reads. */
export type SummarySource = Pick<
  ProductRow,
  | "id"
  | "nameLocalizations"
  | "slug"
  | "price"
  | "salePrice"
  | "stock"
  | "sku"
  | "brandLocalizations"
  | "unit"
  | "images"
  | "categoryIds"
  | "isAvailable"
  | "createdAt"
  | "remarksLocalizations"
  | "variationCount"
  | "addOnGroups"
  | "fitment"
  | "isDigital"
  | "isGiftCard"
>;

/** A product row with its variations' prices, as summaries are made from. */
export type SummaryRow = SummarySource & {
  /** Null for a product without variations. */
  variationPrices: VariationPrice[] | null;
  /** The card's rating figures when the statement read them (`summaryColumnsSql` with `rating`). */
  ratingFigures?: RatingFigures;
};

/**
 * The columns a summary is made from: the product's, and its variations' prices in one indexed
 * subquery per product that has variations (listings read rows by primary key for a page only).
 * Whether the shop offers a variation is read, not its stock: stock moves without the catalogue
 * version (decision 016), and a listing's "From" price must not go stale with it (decision 030).
 */
export const summaryColumns = {
  ...productColumns,
  // Spelled out with the table's name: drizzle leaves a one-table select's columns unqualified, and
  // an unqualified store_id inside the subquery would be the variation's own.
  variationPrices: sql<VariationPrice[] | null>`CASE WHEN products.variation_count > 0 THEN (
    SELECT json_agg(json_build_object('price', v.price, 'salePrice', v.sale_price, 'isAvailable', v.is_available))
    FROM ${productVariations} v
    WHERE v.store_id = products.store_id AND v.product_id = products.id
  ) END`,
};

/**
 * The same columns in SQL over the products table as `p`, for named statements (product info and
 * its related products, listings and searches, issue 38): camel-cased as the row types name them;
 * with `rating`, the card's rating figures too.
 */
export const summaryColumnsSql = (
  p: string,
  { variationPrices = true, rating = false } = {},
) => `${p}.id, ${p}.name_localizations AS "nameLocalizations",
  ${p}.slug, ${p}.price, ${p}.sale_price AS "salePrice", ${p}.stock, ${p}.sku,
  ${p}.brand_localizations AS "brandLocalizations", ${p}.unit, ${p}.images, ${p}.category_ids AS "categoryIds",
  ${p}.is_available AS "isAvailable", ${p}.created_at AS "createdAt",
  ${p}.remarks_localizations AS "remarksLocalizations", ${p}.variation_count AS "variationCount",
  ${p}.add_on_groups AS "addOnGroups", ${p}.fitment, ${p}.is_digital AS "isDigital",
  ${p}.is_gift_card AS "isGiftCard"${
    variationPrices
      ? `, CASE WHEN ${p}.variation_count > 0 THEN (
    SELECT json_agg(json_build_object('price', v.price, 'salePrice', v.sale_price, 'isAvailable', v.is_available))
      FROM product_variations v WHERE v.store_id = ${p}.store_id AND v.product_id = ${p}.id
  ) END AS "variationPrices"`
      : ""
  }${rating ? `, ${ratingFiguresSql(`${p}.store_id`, `${p}.id`)} AS "ratingFigures"` : ""}`;

/** A named statement's row has its time as the driver gives it: keep it one type whatever the driver. */
export const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** A kept picture as the shopper sees it: its alt text in their language when staff gave one. */
export function shownImage(image: StoredProductImage, locale: Locale): ProductImage;
export function shownImage(image: StoredProductImage | undefined, locale: Locale): ProductImage | null;
export function shownImage(image: StoredProductImage | undefined, locale: Locale): ProductImage | null {
  if (!image) return null;
  const { altLocalizations, ...shown } = image;
  if (!altLocalizations) return shown;
  return { ...shown, alt: localized(altLocalizations, locale) || shown.alt };
}

/** A product as listings, search, collections and the wishlist show it, in the request's language. */
export function productSummaryOf(
  row: SummaryRow,
  store: StoreRow,
  locale: Locale,
  /** Defaults to every category the product is linked to (mirrored on the row). */
  categoryIds: number[] = row.categoryIds,
): ProductSummary {
  const choices = {
    price: row.price,
    salePrice: row.salePrice,
    variations: row.variationCount > 0 ? (row.variationPrices ?? []) : null,
    addOnGroups: row.addOnGroups,
  };
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
    image: shownImage(row.images[0], locale),
    categoryIds,
    isOnSale: row.salePrice !== null && row.salePrice < row.price,
    isAvailable: row.isAvailable,
    createTime: row.createdAt.toISOString(),
    remarks: localized(row.remarksLocalizations, locale),
    hasVariations: row.variationCount > 0,
    hasOptions: row.addOnGroups.length > 0,
    hasFitment: row.fitment.length > 0,
    priceFrom: priceFrom(productPriceRange(choices)),
    regularPriceFrom: regularPriceFrom(choices),
    isDigital: row.isDigital,
    isGiftCard: row.isGiftCard,
    // Read with the row when the statement asked for it; a kept answer reads it again with its
    // stock when it is served (decision 068).
    rating: row.ratingFigures === undefined ? null : cardRating(row.ratingFigures),
  };
}
