import { type Locale, localized, type ProductSummary } from "@stoa/contract";

/** A product's name in the shopper's language, or its own name when it has no translation. */
export function productName(
  product: Pick<ProductSummary, "name" | "nameLocalizations">,
  locale: Locale,
): string {
  return localized(product.nameLocalizations, locale) || product.name;
}
