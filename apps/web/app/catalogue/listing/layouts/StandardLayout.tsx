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

function ShelfCard({ product, priority }: { product: ProductSummary; priority: boolean }) {
  return (
    <article
      className="relative flex w-full flex-col rounded-xl border border-stone-200 bg-white p-3 transition-shadow hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-focus"
      data-product-card={product.id}
    >
      <div className="relative aspect-[4/3] overflow-hidden rounded-lg bg-stone-50">
        <ProductPicture
          product={product}
          width={400}
          height={300}
          sizes="(min-width: 1024px) 22vw, (min-width: 640px) 45vw, 100vw"
          priority={priority}
          className="size-full"
        />
        <DiscountBadge product={product} className="absolute start-2 top-2" />
        <CardHeart product={product} className="absolute end-2 top-2" />
      </div>
      <div className="flex flex-1 flex-col gap-1 pt-3">
        {product.brand ? (
          <p dir="auto" className="text-start text-xs font-semibold uppercase ltr:tracking-wide text-brand">
            {product.brand}
          </p>
        ) : null}
        <h3 className="line-clamp-2 font-medium leading-6 text-stone-900">
          <ProductLink product={product} />
        </h3>
        <CardRating rating={product.rating} className="mt-1" />
        <UnitText unit={product.unit} className="text-xs text-stone-500" />
        <div className="mt-auto flex items-end justify-between gap-2 pt-3">
          <div className="space-y-1">
            <ListedPrice product={product} />
            <StockState product={product} />
          </div>
        </div>
        <ListAddButton product={product} className="mt-3 w-full py-2.5" />
      </div>
    </article>
  );
}

/** A store shelf: filters at the side, three roomy cards a row, each with its add button in reach. */
export default function StandardLayout({ listing, layout }: LayoutProps) {
  return (
    <div className="bg-stone-50/60">
      <div className={`${containerClass} py-8 sm:py-10`}>
        <ListingHeading listing={listing} className="mb-6 border-b border-stone-200 pb-6" />
        <WithSidebar
          listing={listing}
          layout={layout}
          gridClassName="lg:grid-cols-[16rem_1fr] lg:gap-8"
          sidebarClassName="self-start rounded-2xl border border-stone-200 bg-white p-5"
          spacing="mb-5"
        >
          <ul className="grid grid-cols-1 gap-4 [--card-block-size:29.5rem] sm:[--card-block-size:29rem] xl:[--card-block-size:27.5rem] sm:grid-cols-2 xl:grid-cols-3">
            {listing.result.records.map((product, index) => (
              <li key={product.id} className="flex">
                <ShelfCard product={product} priority={index < 2} />
              </li>
            ))}
          </ul>
        </WithSidebar>
      </div>
    </div>
  );
}
