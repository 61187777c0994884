import { LOCALES, type Localizations } from "@stoa/contract";

export type SearchableProduct = {
  nameLocalizations: Localizations;
  brandLocalizations: Localizations;
  sku: string;
  barcode: string;
};

/**
 * `products.search_text`: every name and brand in every language, the sku and the barcode,
 * lower-cased. A trigger copies its words (all but the sku and barcode) into the shop's vocabulary,
 * `search_words`, which mistyped keywords are corrected towards (decision 045).
 * The API recomputes it with this same function whenever a product changes.
 */
export function productSearchText(product: SearchableProduct): string {
  const parts = [
    ...LOCALES.map((locale) => product.nameLocalizations[locale]),
    ...LOCALES.map((locale) => product.brandLocalizations[locale]),
    product.sku,
    product.barcode,
  ];
  return parts
    .filter((part): part is string => Boolean(part?.trim()))
    .map((part) => part.trim())
    .join(" ")
    .toLowerCase();
}
