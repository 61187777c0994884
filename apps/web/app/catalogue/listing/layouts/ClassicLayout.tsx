import { containerClass } from "../../../platform/ui/ui.ts";
import { ProductCardGrid } from "../ListedProduct.tsx";
import { ListingHeading } from "../ListingHeading.tsx";
import { WithSidebar } from "../ListingSidebar.tsx";
import type { LayoutProps } from "../listing-types.ts";

/** The default: a department-store grid with the category tree and filters beside it. */
export default function ClassicLayout({ listing, layout }: LayoutProps) {
  return (
    <div className={`${containerClass} py-8 sm:py-10`}>
      <ListingHeading listing={listing} className="mb-6 lg:mb-8" />
      <WithSidebar
        listing={listing}
        layout={layout}
        tree
        gridClassName="lg:grid-cols-[15rem_1fr] lg:gap-10"
        spacing="mb-6"
      >
        <ProductCardGrid products={listing.result.records} priorityCount={2} />
      </WithSidebar>
    </div>
  );
}
