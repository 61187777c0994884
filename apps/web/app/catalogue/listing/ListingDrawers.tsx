import { useId } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { GridIcon, StoreIcon, TagIcon } from "../../platform/ui/icons.tsx";
import { buttonClass } from "../../platform/ui/ui.ts";
import { DrawerFrame } from "../../shell/drawer/DrawerFrame.tsx";
import { useDrawer } from "../../shell/drawer/DrawerProvider.tsx";
import { useShop } from "../../shell/root-data.ts";
import { CategoryTree } from "./CategoryTree.tsx";
import { FilterPanel } from "./FilterPanel.tsx";
import { LayersIcon, ListIcon } from "./listing-icons.tsx";
import { chooseLayout, LAYOUT_FILTERS } from "./listing-layout.ts";
import type { Listing } from "./listing-types.ts";
import { EMPTY_PRODUCT_QUERY, productListHref } from "./product-query.ts";

/** The product list on screen, if the drawer was opened over one: its filters are the starting point. */
function useOpenListing(): Listing | null {
  return useRouteLoaderData<Listing>("routes/shop/products") ?? null;
}

/**
 * FILTER_VIEW, and SEARCH_FILTER for a search's results: the search word becomes a field, the kind
 * of shop rides along in the URL, and makers are offered only where the shop's trade uses them.
 */
export function FilterDrawer({ search }: { search?: { type: string; showManufacturers: boolean } }) {
  const { t } = useTranslation();
  const { store } = useShop();
  const listing = useOpenListing();
  const formId = useId();
  const layout = chooseLayout(
    listing?.categoryLayout ?? store.settings.layoutType,
    listing?.query.layout ?? "",
  );
  let sections = LAYOUT_FILTERS[layout];
  if (search) {
    sections = sections.filter((section) => section !== "brands");
    if (search.showManufacturers) sections = ["brands", ...sections];
  }
  const query = listing?.query ?? EMPTY_PRODUCT_QUERY;
  return (
    <DrawerFrame
      title={t(search ? "filters.search-title" : "filters.title")}
      footer={
        <div className="flex items-center gap-3">
          <Link
            to={productListHref({ keyword: query.keyword, layout: query.layout })}
            className={`${buttonClass.secondary} flex-1 px-4`}
            data-clear-filters
          >
            {t("filters.clear")}
          </Link>
          <button
            type="submit"
            form={formId}
            className={`${buttonClass.primary} flex-1 px-4`}
            data-apply-filters
          >
            {t("filters.show-results")}
          </button>
        </div>
      }
    >
      <div className="p-5">
        <FilterPanel
          listing={listing}
          sections={sections}
          autoApply={false}
          withKeyword={Boolean(search)}
          type={search?.type}
          footerFormId={formId}
        />
      </div>
    </DrawerFrame>
  );
}

/** LEFT_CATEGORY: the category tree; over a list it keeps the list's other filters. */
export function CategoryTreeDrawer() {
  const { t } = useTranslation();
  const { closeDrawer } = useDrawer();
  const listing = useOpenListing();
  return (
    <DrawerFrame title={t("nav.categories")}>
      <nav aria-label={t("nav.categories")} className="p-4">
        <CategoryTree
          query={{ ...(listing?.query ?? EMPTY_PRODUCT_QUERY), page: 1 }}
          onNavigate={closeDrawer}
        />
      </nav>
    </DrawerFrame>
  );
}

const MENU_LINK =
  "flex items-center gap-3 rounded-xl px-3 py-3 font-medium text-stone-900 hover:bg-stone-100";

/** LEFT_MENU: the ways into the shop's goods — everything, offers, the menus and flyer, the categories. */
export function BrowseDrawer() {
  const { t } = useTranslation();
  const { closeDrawer } = useDrawer();
  const listing = useOpenListing();
  const links = [
    { to: "/products", label: t("nav.all-products"), icon: GridIcon },
    { to: productListHref({ onSale: true }), label: t("nav.on-sale"), icon: TagIcon },
    { to: "/menu", label: t("listing.menu-link"), icon: ListIcon },
    { to: "/instoremenu", label: t("listing.instore-menu-link"), icon: StoreIcon },
    { to: "/instoreflyer", label: t("listing.flyer-link"), icon: LayersIcon },
  ];
  return (
    <DrawerFrame title={t("listing.left-menu")}>
      <nav aria-label={t("listing.left-menu")} className="space-y-6 p-4">
        <ul className="space-y-0.5">
          {links.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link to={to} onClick={closeDrawer} className={MENU_LINK}>
                <Icon className="size-5 text-stone-500" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
        <section aria-labelledby="browse-categories">
          <h3
            id="browse-categories"
            className="mb-2 px-3 text-xs font-semibold uppercase ltr:tracking-wide text-stone-500"
          >
            {t("nav.categories")}
          </h3>
          <CategoryTree
            query={{ ...(listing?.query ?? EMPTY_PRODUCT_QUERY), page: 1 }}
            onNavigate={closeDrawer}
          />
        </section>
      </nav>
    </DrawerFrame>
  );
}
