import type { CategoryLayout } from "@stoa/contract";
import type { ReactNode } from "react";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { ActiveFilters } from "./ActiveFilters.tsx";
import { CategoryTree } from "./CategoryTree.tsx";
import { FilterPanel } from "./FilterPanel.tsx";
import { ListingResults } from "./ListingResults.tsx";
import { ListingToolbar } from "./ListingToolbar.tsx";
import { LAYOUT_FILTERS } from "./listing-layout.ts";
import type { Listing } from "./listing-types.ts";

/**
 * The filters beside the list on wide screens (phones get them in the drawer). With `tree`, the
 * categories are a tree of links at the top instead of boxes among the filters.
 */
export function ListingSidebar({
  listing,
  layout,
  tree = false,
  className = "",
}: {
  listing: Listing;
  layout: CategoryLayout;
  tree?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const sections = LAYOUT_FILTERS[layout].filter((section) => !(tree && section === "categories"));
  return (
    <aside
      className={`hidden space-y-8 lg:block ${className}`}
      aria-label={t("filters.title")}
      data-listing-sidebar
    >
      {tree ? (
        <nav aria-labelledby="sidebar-categories">
          <h2 id="sidebar-categories" className="mb-3 text-sm font-semibold text-stone-950">
            {t("nav.categories")}
          </h2>
          <CategoryTree query={listing.query} />
        </nav>
      ) : null}
      <FilterPanel listing={listing} sections={sections} autoApply />
    </aside>
  );
}

/**
 * The frame of the layouts that keep their filters at the side: the sidebar, then the toolbar, the
 * active filters and the results (or the empty state) in the main column.
 */
export function WithSidebar({
  listing,
  layout,
  tree = false,
  gridClassName,
  sidebarClassName = "",
  spacing,
  children,
}: {
  listing: Listing;
  layout: CategoryLayout;
  tree?: boolean;
  /** Column widths and gap of the two columns on wide screens, e.g. `lg:grid-cols-[16rem_1fr] lg:gap-8`. */
  gridClassName: string;
  sidebarClassName?: string;
  /** Space under the toolbar and the active filters. */
  spacing: "mb-4" | "mb-5" | "mb-6";
  children: ReactNode;
}) {
  return (
    <div className={`lg:grid ${gridClassName}`}>
      <ListingSidebar listing={listing} layout={layout} tree={tree} className={sidebarClassName} />
      <div className="min-w-0">
        <ListingToolbar listing={listing} layout={layout} className={spacing} />
        <ActiveFilters listing={listing} className={spacing} />
        <ListingResults listing={listing}>{children}</ListingResults>
      </div>
    </div>
  );
}
