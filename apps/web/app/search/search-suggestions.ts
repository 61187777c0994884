import type { Category, Locale, ProductSummary } from "@stoa/contract";
import { flattenCategories } from "../catalogue/listing/product-query.ts";
import { categoryName } from "../shell/shop.ts";
import { cleanSearchTerm } from "./search-history.ts";

/** Products suggested while the shopper types: enough to choose from, few enough to scan. */
export const SUGGESTED_PRODUCTS = 6;
export const SUGGESTED_CATEGORIES = 4;
/** Typing pauses this long before suggestions are asked for, so each keystroke is not a request. */
export const SUGGEST_DELAY_MS = 180;

/** What a suggestion row shows of a product: the wire shape, trimmed to the row's needs. */
export type SuggestedProduct = Pick<
  ProductSummary,
  | "id"
  | "name"
  | "nameLocalizations"
  | "price"
  | "salePrice"
  | "priceFrom"
  | "regularPriceFrom"
  | "currency"
  | "image"
  | "unit"
>;

/** The answer of the storefront's suggestion route for one typed text. */
export type SearchSuggestions = { text: string; products: SuggestedProduct[]; total: number };

export function suggestedProduct(product: ProductSummary): SuggestedProduct {
  const {
    id,
    name,
    nameLocalizations,
    price,
    salePrice,
    priceFrom,
    regularPriceFrom,
    currency,
    image,
    unit,
  } = product;
  return {
    id,
    name,
    nameLocalizations,
    price,
    salePrice,
    priceFrom,
    regularPriceFrom,
    currency,
    image,
    unit,
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export type TextPart = { text: string; match: boolean };

/**
 * A name cut into the parts that match a word of the typed text and the parts that do not, for
 * highlighting. Matching ignores case; the name's own spelling is kept.
 */
export function highlightParts(text: string, typed: string): TextPart[] {
  const words = [...new Set(cleanSearchTerm(typed).split(" ").filter(Boolean))].sort(
    (a, b) => b.length - a.length,
  );
  const source = text.normalize("NFC");
  if (words.length === 0 || !source) return source ? [{ text: source, match: false }] : [];
  const pattern = new RegExp(`(${words.map(escapeRegExp).join("|")})`, "giu");
  const parts: TextPart[] = [];
  let last = 0;
  for (const found of source.matchAll(pattern)) {
    const start = found.index;
    if (start > last) parts.push({ text: source.slice(last, start), match: false });
    parts.push({ text: found[0], match: true });
    last = start + found[0].length;
  }
  if (last < source.length) parts.push({ text: source.slice(last), match: false });
  return parts;
}

/**
 * Categories whose name (in the shopper's language) contains the typed text, those starting with it
 * first. The categories are already on the page, so this needs no request.
 */
export function matchingCategories(
  tree: readonly Category[],
  typed: string,
  locale: Locale,
  limit = SUGGESTED_CATEGORIES,
): Category[] {
  const term = cleanSearchTerm(typed).toLocaleLowerCase();
  if (!term) return [];
  const ranked: { category: Category; rank: number }[] = [];
  for (const category of flattenCategories(tree)) {
    const name = categoryName(category, locale).normalize("NFC").toLocaleLowerCase();
    const at = name.indexOf(term);
    if (at === -1) continue;
    const rank = at === 0 ? 0 : name.includes(` ${term}`) ? 1 : 2;
    ranked.push({ category, rank });
  }
  return ranked
    .sort((a, b) => a.rank - b.rank)
    .slice(0, limit)
    .map((entry) => entry.category);
}
