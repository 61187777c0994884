import type { ReactNode } from "react";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { useShop } from "../../shell/root-data.ts";
import type { Listing } from "./listing-types.ts";
import { productListTitle } from "./product-list-title.ts";

export function useListingTitle(listing: Listing): string {
  const { t } = useTranslation();
  const { categories, locale } = useShop();
  return productListTitle(t, listing.query, categories, locale);
}

/** "42 products", or "300+ products" when counting stopped early. */
export function ResultCount({ listing, className = "" }: { listing: Listing; className?: string }) {
  const { t } = useTranslation();
  const { total, total_is_lower_bound: atLeast } = listing.result;
  return (
    <p className={`text-sm text-stone-600 ${className}`} data-result-count={total}>
      {atLeast
        ? t("products.result-count-at-least", { count: total })
        : t("products.result-count", { count: total })}
    </p>
  );
}

export function ListingHeading({
  listing,
  className = "",
  titleClassName = "text-3xl font-bold tracking-tight text-stone-950 sm:text-4xl",
  children,
}: {
  listing: Listing;
  className?: string;
  titleClassName?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const title = useListingTitle(listing);
  return (
    <div className={className}>
      <h1 className={titleClassName}>{title}</h1>
      <ResultCount listing={listing} className="mt-2" />
      {/* The cards' names are level-three headings: screen readers get the level between. */}
      <h2 className="sr-only">{t("listing.products-heading")}</h2>
      {children}
    </div>
  );
}
