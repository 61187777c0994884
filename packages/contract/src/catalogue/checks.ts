// Plain checks of the catalogue's shapes that the storefront keeps in browser storage (recently
// viewed products), without zod: see platform/plain-checks.ts and decision 026. Each answers what
// its schema in ./schemas.ts answers; checks.test.ts holds them to it.
import { isLocale } from "../platform/locale.ts";
import { isBoolean, isInt, isObject, isString, recordOf } from "../platform/plain-checks.ts";
import type { ProductImage, ProductSummary } from "./schemas.ts";

/** `imageSchema`. */
export function asProductImage(value: unknown): ProductImage | null {
  if (!isObject(value) || !isString(value.url) || !isString(value.alt)) return null;
  const size = (n: unknown) => (n === undefined ? undefined : isInt(n) && n > 0 ? n : null);
  const width = size(value.width);
  const height = size(value.height);
  if (width === null || height === null) return null;
  return {
    url: value.url,
    alt: value.alt,
    // As zod does: a key present stays, even when it holds undefined.
    ...("width" in value ? { width } : {}),
    ...("height" in value ? { height } : {}),
  };
}

/** `localizationsSchema`: texts by language, only the storefront's languages. */
export function asLocalizations(value: unknown): ProductSummary["nameLocalizations"] | null {
  return recordOf(value, isLocale, isString);
}

/** `productSummarySchema`: the summary's fields only, whatever else the value carries. */
export function asProductSummary(value: unknown): ProductSummary | null {
  if (!isObject(value)) return null;
  const v = value;
  const nameLocalizations = asLocalizations(v.nameLocalizations);
  const image = v.image === null ? null : asProductImage(v.image);
  const rating = readRating(v.rating);
  if (
    !isInt(v.id) ||
    !isString(v.name) ||
    !nameLocalizations ||
    !isString(v.slug) ||
    !isInt(v.price) ||
    !(v.salePrice === null || isInt(v.salePrice)) ||
    !isString(v.currency) ||
    !isInt(v.stock) ||
    !isString(v.sku) ||
    !isString(v.brand) ||
    !isString(v.unit) ||
    (v.image !== null && !image) ||
    !Array.isArray(v.categoryIds) ||
    !v.categoryIds.every(isInt) ||
    !isBoolean(v.isOnSale) ||
    !isBoolean(v.isAvailable) ||
    !isString(v.createTime) ||
    !isString(v.remarks) ||
    !isBoolean(v.hasVariations) ||
    !isBoolean(v.hasOptions) ||
    !isBoolean(v.hasFitment) ||
    !(v.priceFrom === null || isInt(v.priceFrom)) ||
    !(v.regularPriceFrom === null || isInt(v.regularPriceFrom)) ||
    !isBoolean(v.isDigital) ||
    !(v.isGiftCard === undefined || isBoolean(v.isGiftCard)) ||
    rating === undefined
  )
    return null;
  return {
    id: v.id,
    name: v.name,
    nameLocalizations,
    slug: v.slug,
    price: v.price,
    salePrice: v.salePrice,
    currency: v.currency,
    stock: v.stock,
    sku: v.sku,
    brand: v.brand,
    unit: v.unit,
    image,
    categoryIds: [...v.categoryIds],
    isOnSale: v.isOnSale,
    isAvailable: v.isAvailable,
    createTime: v.createTime,
    remarks: v.remarks,
    hasVariations: v.hasVariations,
    hasOptions: v.hasOptions,
    hasFitment: v.hasFitment,
    priceFrom: v.priceFrom,
    regularPriceFrom: v.regularPriceFrom,
    isDigital: v.isDigital,
    isGiftCard: v.isGiftCard === true,
    rating,
  };
}

/** A card's rating (issue 37): absent or null is none; anything else must be a well-formed rating. */
function readRating(value: unknown): { average: number; count: number } | null | undefined {
  if (value === undefined || value === null) return null;
  if (!isObject(value)) return undefined;
  const r = value as Record<string, unknown>;
  return typeof r.average === "number" && Number.isFinite(r.average) && isInt(r.count)
    ? { average: r.average, count: r.count }
    : undefined;
}
