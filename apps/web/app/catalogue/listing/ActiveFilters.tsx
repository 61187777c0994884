import { localized } from "@stoa/contract";
import { Link } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { CloseIcon } from "../../platform/ui/icons.tsx";
import { useShop } from "../../shell/root-data.ts";
import { categoryName } from "../../shell/shop.ts";
import type { Listing } from "./listing-types.ts";
import { findCategory, productListHref, slugWords } from "./product-query.ts";

/** Chips for the filters in force, each one a link that drops it. */
export function ActiveFilters({ listing, className = "" }: { listing: Listing; className?: string }) {
  const { t } = useTranslation();
  const { categories, locale } = useShop();
  const { query, tags, facets } = listing;
  const base = { ...query, page: 1 };
  const chips: { key: string; label: string; href: string }[] = [];
  if (query.keyword)
    chips.push({
      key: "keyword",
      label: `“${query.keyword}”`,
      href: productListHref({ ...base, keyword: "", sort: query.sort === "relevance" ? "" : query.sort }),
    });
  for (const slug of query.categories) {
    const category = findCategory(categories, slug);
    chips.push({
      key: `category-${slug}`,
      label: category ? categoryName(category, locale) : slug,
      href: productListHref({ ...base, categories: query.categories.filter((c) => c !== slug) }),
    });
  }
  for (const slug of query.tags) {
    const tag = tags.find((t) => t.slug === slug || String(t.id) === slug);
    chips.push({
      key: `tag-${slug}`,
      label: tag ? localized(tag.nameLocalizations, locale) || tag.name : slugWords(slug),
      href: productListHref({ ...base, tags: query.tags.filter((s) => s !== slug) }),
    });
  }
  for (const field of ["manufacturer", "author"] as const) {
    if (!query[field]) continue;
    chips.push({
      key: field,
      label: facets.brands.find((b) => b.slug === query[field])?.label ?? slugWords(query[field]),
      href: productListHref({ ...base, [field]: "" }),
    });
  }
  if (query.remarks)
    chips.push({ key: "remarks", label: query.remarks, href: productListHref({ ...base, remarks: "" }) });
  if (query.minPrice || query.maxPrice) {
    chips.push({
      key: "price",
      label: t("listing.price-chip", { min: query.minPrice || "0", max: query.maxPrice || "∞" }),
      href: productListHref({ ...base, minPrice: "", maxPrice: "" }),
    });
  }
  if (query.onSale)
    chips.push({
      key: "sale",
      label: t("listing.on-sale-chip"),
      href: productListHref({ ...base, onSale: false }),
    });
  if (query.inStock)
    chips.push({
      key: "stock",
      label: t("listing.in-stock-chip"),
      href: productListHref({ ...base, inStock: false }),
    });
  if (query.minRating)
    chips.push({
      key: "rating",
      label: t("reviews.filter.chip", { count: query.minRating }),
      href: productListHref({ ...base, minRating: 0 }),
    });
  if (chips.length === 0) return null;
  return (
    <ul
      className={`flex flex-wrap items-center gap-2 ${className}`}
      aria-label={t("listing.active-filters")}
      data-active-filters
    >
      {chips.map((chip) => (
        <li key={chip.key}>
          <Link
            to={chip.href}
            className="flex items-center gap-1.5 rounded-full bg-stone-100 py-1.5 ps-3 pe-2 text-sm text-stone-800 hover:bg-stone-200"
            aria-label={t("listing.remove-filter", { filter: chip.label })}
          >
            <span dir="auto">{chip.label}</span>
            <CloseIcon className="size-4" />
          </Link>
        </li>
      ))}
      <li>
        <Link
          to={productListHref({ layout: query.layout })}
          className="px-2 text-sm font-medium text-brand hover:underline"
        >
          {t("listing.clear-filters")}
        </Link>
      </li>
    </ul>
  );
}
