import {
  type Category,
  LOCALES,
  type Locale,
  localized,
  parseLocalizations,
  type StoreByDomain,
} from "@stoa/contract";

const FALLBACK_BRAND_COLOUR = "#0f766e";
const CSS_COLOUR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla|oklch|oklab)\([0-9a-z.,%/\s-]{1,60}\))$/i;

/** The brand colour from store settings, if it is a plain CSS colour; it ends up in a style attribute. */
export function brandColour(value: string | null | undefined): string {
  const colour = value?.trim() ?? "";
  return CSS_COLOUR.test(colour) ? colour : FALLBACK_BRAND_COLOUR;
}

export function shopName(store: StoreByDomain, locale: Locale): string {
  return localized(parseLocalizations(store.storeNameLocalizations), locale) || store.settings.siteTitle;
}

/** Page titles use the English store name (spec §1/§3), whatever the shopper's language. */
export function shopTitleName(store: StoreByDomain): string {
  return parseLocalizations(store.storeNameLocalizations).en || store.settings.siteTitle || store.domain;
}

/** The active logo; the inactive one stands in when the shop has no active logo set. */
export function shopLogo(store: StoreByDomain): string {
  return (
    store.globalSettings.storeActiveLogoFileUrl ||
    store.globalSettings.storeInActiveLogoFileUrl ||
    store.settings.storeInactiveLogoFileUrl
  );
}

/** Languages the shop offers that the storefront can speak, in the storefront's order. */
export function shopLocales(store: StoreByDomain): Locale[] {
  const offered = LOCALES.filter((locale) => store.languages.includes(locale));
  return offered.length > 0 ? offered : [...LOCALES];
}

/** Spec §2: categories whose isShow flag is not true are hidden, and so are their children. */
export function visibleCategories(tree: readonly Category[]): Category[] {
  return tree
    .filter((category) => category.isShow === true)
    .map((category) => ({ ...category, children: visibleCategories(category.children) }));
}

export function categoryName(category: Pick<Category, "name" | "nameLocalizations">, locale: Locale): string {
  return localized(category.nameLocalizations, locale) || category.name;
}
