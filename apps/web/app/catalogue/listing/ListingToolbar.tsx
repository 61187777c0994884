import type { CategoryLayout } from "@stoa/contract";
import { Form, useNavigate } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { FilterIcon, GridIcon } from "../../platform/ui/icons.tsx";
import { buttonClass } from "../../platform/ui/ui.ts";
import { useDrawer } from "../../shell/drawer/DrawerProvider.tsx";
import { useShop } from "../../shell/root-data.ts";
import { ListIcon } from "./listing-icons.tsx";
import { showsManufacturers } from "./listing-layout.ts";
import type { Listing } from "./listing-types.ts";
import {
  activeFilterCount,
  type ProductListQuery,
  productListHref,
  slugParam,
  sortsFor,
} from "./product-query.ts";

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
