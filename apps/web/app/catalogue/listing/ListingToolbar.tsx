import { type Category, type CategoryLayout, localized } from "@stoa/contract";
import type { ReactNode } from "react";
import { Form, Link, useNavigate } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { CloseIcon, FilterIcon, GridIcon } from "../../platform/ui/icons.tsx";
import { Pagination } from "../../platform/ui/Pagination.tsx";
import { buttonClass } from "../../platform/ui/ui.ts";
import { useDrawer } from "../../shell/drawer/DrawerProvider.tsx";
import { useShop } from "../../shell/root-data.ts";
import { categoryName } from "../../shell/shop.ts";
import { ListIcon } from "./listing-icons.tsx";
import { showsManufacturers } from "./listing-layout.ts";
import type { Listing } from "./listing-types.ts";
import { productListTitle } from "./product-list-title.ts";
import {
  activeFilterCount,
  findCategory,
  type ProductListQuery,
  productListHref,
  slugParam,
  slugWords,
  sortsFor,
} from "./product-query.ts";

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
  const title = useListingTitle(listing);
  return (
    <div className={className}>
      <h1 className={titleClassName}>{title}</h1>
      <ResultCount listing={listing} className="mt-2" />
      {children}
    </div>
  );
}

/** The sort choice; changing it goes to the list's URL for that order (a plain form without JavaScript). */
export function SortControl({ query, className = "" }: { query: ProductListQuery; className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Form method="get" action="/products" className={`flex items-center gap-2 ${className}`}>
      <label htmlFor="listing-sort" className="whitespace-nowrap text-sm text-stone-600 max-sm:sr-only">
        {t("listing.sort")}
      </label>
      <select
        id="listing-sort"
        name="sort"
        defaultValue={query.sort}
        key={query.sort}
        onChange={(event) =>
          navigate(
            productListHref({
              ...query,
              sort: event.currentTarget.value as ProductListQuery["sort"],
              page: 1,
            }),
          )
        }
        className="h-10 w-full rounded-full border border-stone-300 bg-white ps-4 pe-9 text-sm text-stone-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/25 sm:w-auto"
        data-sort
      >
        <option value="">{t("listing.sort-recommended")}</option>
        {sortsFor(query).map((sort) => (
          <option key={sort} value={sort}>
            {t(`listing.sorts.${sort}`)}
          </option>
        ))}
      </select>
      {/* Without JavaScript the other filters ride along as the URL's own fields. */}
      <noscript>
        {Object.entries({ ...query, sort: undefined, page: undefined }).flatMap(([name, value]) =>
          Array.isArray(value)
            ? value.map((v) => <input key={`${name}-${v}`} type="hidden" name={name} value={v} />)
            : value
              ? [<input key={name} type="hidden" name={name} value={value === true ? "1" : String(value)} />]
              : [],
        )}
        <button type="submit" className={buttonClass.quiet}>
          {t("listing.apply-sort")}
        </button>
      </noscript>
    </Form>
  );
}

/** Opens the filters in the drawer: FILTER_VIEW, or SEARCH_FILTER for a search's results. */
export function FilterButton({
  listing,
  layout,
  className = "",
}: {
  listing: Listing;
  layout: CategoryLayout;
  className?: string;
}) {
  const { t } = useTranslation();
  const { openDrawer } = useDrawer();
  const { store } = useShop();
  const count = activeFilterCount(listing.query);
  return (
    <button
      type="button"
      onClick={() =>
        listing.query.keyword
          ? openDrawer("SEARCH_FILTER", {
              type: slugParam(store.vertical),
              showManufacturers: showsManufacturers(layout),
            })
          : openDrawer("FILTER_VIEW")
      }
      className={`${buttonClass.secondary} px-4 py-2 ${className}`}
      data-open-filters
    >
      <FilterIcon className="size-4" />
      {count > 0 ? t("listing.open-filters-count", { count }) : t("listing.open-filters")}
    </button>
  );
}

export function CategoriesButton({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const { openDrawer } = useDrawer();
  return (
    <button
      type="button"
      onClick={() => openDrawer("LEFT_CATEGORY")}
      className={`${buttonClass.secondary} px-4 py-2 ${className}`}
      data-open-categories
    >
      <GridIcon className="size-4" />
      {t("listing.open-categories")}
    </button>
  );
}

/** Opens LEFT_MENU: the ways into the shop (menus, flyer, categories) for layouts without a sidebar. */
export function BrowseButton({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const { openDrawer } = useDrawer();
  return (
    <button
      type="button"
      onClick={() => openDrawer("LEFT_MENU")}
      className={`${buttonClass.secondary} px-4 py-2 ${className}`}
      data-open-browse
    >
      <ListIcon className="size-4" />
      {t("listing.left-menu")}
    </button>
  );
}

/**
 * Categories, filters and sort in one row. `sidebarFrom` is the width from which a sidebar takes
 * over the drawer buttons; layouts without a sidebar keep them at every width.
 */
export function ListingToolbar({
  listing,
  layout,
  sidebarFrom = "lg",
  className = "",
}: {
  listing: Listing;
  layout: CategoryLayout;
  sidebarFrom?: "lg" | "none";
  className?: string;
}) {
  const hide = sidebarFrom === "lg" ? "lg:hidden" : "";
  return (
    <div className={`flex flex-wrap items-center gap-2 ${className}`}>
      {sidebarFrom === "lg" ? <CategoriesButton className={hide} /> : <BrowseButton />}
      <FilterButton listing={listing} layout={layout} className={hide} />
      <SortControl query={listing.query} className="w-full sm:ms-auto sm:w-auto" />
    </div>
  );
}

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

/** Why the list is empty, and the way out: an unknown tag or kind of shop, or filters that match nothing. */
export function ListingEmpty({ listing }: { listing: Listing }) {
  const { t } = useTranslation();
  const { store } = useShop();
  const { query, unknownTags } = listing;
  const wrongType = query.type && query.type !== slugParam(store.vertical);
  let title = t("listing.none-title");
  let text = t("listing.none-text");
  if (wrongType) {
    title = t("listing.unknown-type-title");
    text = t("listing.unknown-type-text", { type: slugWords(query.type) });
  } else if (unknownTags.length > 0 && unknownTags.length === query.tags.length) {
    title = t("listing.unknown-tag-title", { tag: slugWords(unknownTags[0] ?? "") });
    text = t("listing.unknown-tag-text");
  }
  return (
    <div
      className="rounded-3xl border border-dashed border-stone-300 px-6 py-20 text-center"
      data-listing-empty
    >
      <p className="text-lg font-semibold text-stone-900">{title}</p>
      <p className="mx-auto mt-2 max-w-md text-stone-600">{text}</p>
      <Link to={productListHref({ layout: query.layout })} className={`${buttonClass.primary} mt-6`}>
        {t("listing.see-all")}
      </Link>
    </div>
  );
}

/** The products of the page, or why there are none; then the page links. */
export function ListingResults({ listing, children }: { listing: Listing; children: ReactNode }) {
  const { store } = useShop();
  const { query, result } = listing;
  const wrongType = Boolean(query.type) && query.type !== slugParam(store.vertical);
  return (
    <>
      {result.records.length > 0 && !wrongType ? children : <ListingEmpty listing={listing} />}
      <Pagination
        current={result.current_page}
        last={wrongType ? 1 : result.last_page}
        hrefFor={(page) => productListHref({ ...query, page })}
      />
    </>
  );
}

/** The category tree as links that keep the other filters; the chosen category is marked. */
export function CategoryTree({
  query,
  onNavigate,
  list,
  depth = 0,
}: {
  query: ProductListQuery;
  onNavigate?: () => void;
  list?: Category[];
  depth?: number;
}) {
  const { t } = useTranslation();
  const { categories, locale } = useShop();
  const shown = list ?? categories;
  const chosen = new Set(query.categories);
  const base = { ...query, page: 1 };
  const linkClass = (nested: boolean) =>
    `block rounded-lg px-3 py-2 text-sm hover:bg-stone-100 aria-[current=page]:bg-brand/10 aria-[current=page]:font-semibold aria-[current=page]:text-brand ${
      nested ? "text-stone-600" : "font-medium text-stone-800"
    }`;
  return (
    <ul
      className={depth > 0 ? "ms-3 border-s border-stone-200 ps-2" : "space-y-0.5"}
      data-category-tree={depth === 0 ? "" : undefined}
    >
      {depth === 0 ? (
        <li>
          <Link
            to={productListHref({ ...base, categories: [] })}
            onClick={onNavigate}
            aria-current={chosen.size === 0 ? "page" : undefined}
            className={linkClass(false)}
          >
            {t("products.all-categories")}
          </Link>
        </li>
      ) : null}
      {shown.map((category) => (
        <li key={category.id}>
          <Link
            to={productListHref({ ...base, categories: [category.slug] })}
            onClick={onNavigate}
            aria-current={chosen.has(category.slug) || chosen.has(String(category.id)) ? "page" : undefined}
            className={linkClass(depth > 0)}
          >
            {categoryName(category, locale)}
          </Link>
          {category.children.length > 0 ? (
            <CategoryTree query={query} onNavigate={onNavigate} list={category.children} depth={depth + 1} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
