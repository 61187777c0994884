import type { ProductSummary } from "@stoa/contract";
import { containerClass } from "../../../platform/ui/ui.ts";
import { CardRating } from "../../../reviews/Stars.tsx";
import { DiscountBadge, ListedPrice } from "../../product/Price.tsx";
import { StockState } from "../../product/StockState.tsx";
import { UnitText } from "../../product/UnitText.tsx";
import { CardHeart, ListAddButton, ProductLink, ProductPicture } from "../ListedProduct.tsx";
import { ListingHeading } from "../ListingHeading.tsx";
import { WithSidebar } from "../ListingSidebar.tsx";
import type { LayoutProps } from "../listing-types.ts";

function CompactRow({ product }: { product: ProductSummary }) {
  return (
    <article
      className="relative grid grid-cols-[3.5rem_1fr] items-center gap-x-3 gap-y-2 px-3 py-2.5 hover:bg-stone-50 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-focus sm:flex sm:gap-4"
      data-product-card={product.id}
    >
      <ProductPicture product={product} width={64} sizes="3.5rem" className="size-14 shrink-0 rounded-lg" />
      <div className="min-w-0 flex-1">
        <h3 className="truncate text-sm font-medium text-stone-900">
          <ProductLink product={product} />
        </h3>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-3 text-xs text-stone-500">
          {product.brand ? <span dir="auto">{product.brand}</span> : null}
          <UnitText unit={product.unit} />
          <CardRating rating={product.rating} />
        </p>
        <div className="mt-0.5 sm:hidden">
          <StockState product={product} />
        </div>
      </div>
      <div className="hidden w-32 shrink-0 sm:block">
        <StockState product={product} />
      </div>
      {/* On phones price and button share a second line; from sm up they join the row. */}
      <div className="col-start-2 flex flex-wrap items-center justify-between gap-2 sm:contents">
        <div className="flex shrink-0 flex-col items-start gap-1 sm:w-28 sm:items-end sm:text-end">
          <ListedPrice product={product} />
          <DiscountBadge product={product} className="px-2! py-0.5!" />
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <CardHeart product={product} className="relative" direction="row" />
          <ListAddButton product={product} className="px-3! py-2!" />
        </div>
      </div>
    </article>
  );
}

/** Dense: one line per product, many on a screen, for shoppers who know what they want. */
export default function CompactLayout({ listing, layout }: LayoutProps) {
  return (
    <div className={`${containerClass} py-6 sm:py-8`}>
      <ListingHeading
        listing={listing}
        className="mb-5"
        titleClassName="text-2xl font-bold tracking-tight text-stone-950"
      />
      <WithSidebar
        listing={listing}
        layout={layout}
        tree
        gridClassName="lg:grid-cols-[14rem_1fr] lg:gap-8"
        spacing="mb-4"
      >
        <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white [--card-block-size:9.25rem] sm:[--card-block-size:6.5rem] md:[--card-block-size:4.75rem]">
          {listing.result.records.map((product) => (
            <li key={product.id}>
              <CompactRow product={product} />
            </li>
          ))}
        </ul>
      </WithSidebar>
    </div>
  );
}
