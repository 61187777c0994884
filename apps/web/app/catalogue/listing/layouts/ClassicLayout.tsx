import { containerClass } from "../../../platform/ui/ui.ts";
import { productGridColumns } from "../../product/ProductCard.tsx";
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
        <ProductCardGrid
          products={listing.result.records}
          priorityCount={2}
          // Beside the category tree its four columns are narrower, and so its cards shorter (app.css).
          className={`${productGridColumns} [--card-block-size:24.5rem] sm:[--card-block-size:29rem] lg:[--card-block-size:25.75rem] xl:[--card-block-size:29rem]`}
        />
      </WithSidebar>
    </div>
  );
}
