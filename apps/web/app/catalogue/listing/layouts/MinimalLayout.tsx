import type { ProductSummary } from "@stoa/contract";
import { containerClass } from "../../../platform/ui/ui.ts";
import { CardRating } from "../../../reviews/Stars.tsx";
import { DiscountBadge, ListedPrice } from "../../product/Price.tsx";
import { StockState, stockLevel } from "../../product/StockState.tsx";
import { ActiveFilters } from "../ActiveFilters.tsx";
import { CardHeart, ListAddButton, ProductLink, ProductPicture } from "../ListedProduct.tsx";
import { ListingHeading } from "../ListingHeading.tsx";
import { ListingResults } from "../ListingResults.tsx";
import { ListingToolbar } from "../ListingToolbar.tsx";
import type { LayoutProps } from "../listing-types.ts";

function CleanCard({ product, priority }: { product: ProductSummary; priority: boolean }) {
  const soldOut = stockLevel(product) === "out-of-stock";
  return (
    <article
      className="group relative flex w-full flex-col has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-focus has-[a:focus-visible]:ring-offset-4 rounded-xl"
      data-product-card={product.id}
    >
      <div className="relative aspect-square overflow-hidden rounded-xl bg-stone-100">
        <ProductPicture
          product={product}
          width={480}
          sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
          priority={priority}
          className="size-full transition-transform duration-500 group-hover:scale-[1.03]"
        />
        <DiscountBadge product={product} className="absolute start-3 top-3" />
        <CardHeart product={product} className="absolute end-3 top-3" />
      </div>
      <h3 className="mt-3 line-clamp-2 text-sm leading-5 text-stone-800 sm:text-base">
        <ProductLink product={product} />
      </h3>
      <CardRating rating={product.rating} className="mt-1" />
      <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3">
        <ListedPrice product={product} />
        {soldOut ? <StockState product={product} /> : null}
      </div>
      <ListAddButton product={product} className="mt-3 w-full" />
    </article>
  );
}

/** Quiet and clean: a centred heading, no sidebar, large pictures with name, price and one
 * button to buy. */
export default function MinimalLayout({ listing, layout }: LayoutProps) {
  return (
    <div className={`${containerClass} py-10 sm:py-14`}>
      <ListingHeading
        listing={listing}
        className="mb-10 text-center"
        titleClassName="text-3xl font-light tracking-tight text-stone-950 sm:text-5xl"
      />
      <ListingToolbar
        listing={listing}
        layout={layout}
        sidebarFrom="none"
        className="mb-6 border-y border-stone-200 py-3"
      />
      <ActiveFilters listing={listing} className="mb-8" />
      <ListingResults listing={listing}>
        <ul className="grid grid-cols-2 gap-x-4 gap-y-10 [--card-block-size:18.5rem] sm:[--card-block-size:21.5rem] xl:[--card-block-size:25rem] sm:grid-cols-3 sm:gap-x-6 lg:grid-cols-4">
          {listing.result.records.map((product, index) => (
            <li key={product.id} className="flex">
              <CleanCard product={product} priority={index < 2} />
            </li>
          ))}
        </ul>
      </ListingResults>
    </div>
  );
}
