import type { ProductSummary } from "@stoa/contract";
import { Link } from "react-router";
import { useTranslation } from "../../../platform/i18n/translation.tsx";
import { containerClass } from "../../../platform/ui/ui.ts";
import { CardRating } from "../../../reviews/Stars.tsx";
import { useShop } from "../../../shell/root-data.ts";
import { categoryName } from "../../../shell/shop.ts";
import { DiscountBadge, ListedPrice } from "../../product/Price.tsx";
import { StockState } from "../../product/StockState.tsx";
import { UnitText } from "../../product/UnitText.tsx";
import { ActiveFilters } from "../ActiveFilters.tsx";
import { CardHeart, ListAddButton, ProductLink, ProductPicture } from "../ListedProduct.tsx";
import { ResultCount, useListingTitle } from "../ListingHeading.tsx";
import { ListingResults } from "../ListingResults.tsx";
import { FilterButton, SortControl } from "../ListingToolbar.tsx";
import type { LayoutProps } from "../listing-types.ts";
import { productListHref } from "../product-query.ts";

function ShowroomCard({ product, priority }: { product: ProductSummary; priority: boolean }) {
  return (
    <article
      className="group relative flex w-full flex-col has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-focus has-[a:focus-visible]:ring-offset-4"
      data-product-card={product.id}
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-[#f3efe9]">
        <ProductPicture
          product={product}
          width={828}
          height={621}
          sizes="(min-width: 1280px) 33vw, (min-width: 640px) 50vw, 100vw"
          priority={priority}
          className="size-full transition-transform duration-700 group-hover:scale-[1.04]"
        />
        <DiscountBadge product={product} className="absolute start-4 top-4" />
        <CardHeart product={product} className="absolute end-4 top-4" />
      </div>
      <div className="flex flex-1 flex-col gap-1 pt-4">
        {product.brand ? (
          <p dir="auto" className="text-start text-xs uppercase ltr:tracking-[0.2em] text-stone-500">
            {product.brand}
          </p>
        ) : null}
        <h3 className="text-lg font-light leading-7 text-stone-950 sm:text-xl">
          <ProductLink product={product} />
        </h3>
        <CardRating rating={product.rating} className="mt-1" />
        <UnitText unit={product.unit} className="text-sm text-stone-500" />
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <ListedPrice product={product} />
          <StockState product={product} />
        </div>
        <ListAddButton product={product} className="mt-3 self-start px-5!" />
      </div>
    </article>
  );
}

/** A showroom: big pictures, lots of air, rooms to pick from at the top. */
export default function FurnitureLayout({ listing, layout }: LayoutProps) {
  const { t } = useTranslation();
  const { categories, locale } = useShop();
  const title = useListingTitle(listing);
  const { query } = listing;
  return (
    <div className="bg-[#faf8f5]">
      <div className={`${containerClass} py-10 sm:py-16`}>
        <div className="mb-10 max-w-3xl">
          <h1 className="text-4xl font-light tracking-tight text-stone-950 sm:text-6xl">{title}</h1>
          <ResultCount listing={listing} className="mt-4" />
        </div>
        <nav aria-label={t("listing.shop-by-room")} className="-mx-4 mb-8 overflow-x-auto px-4">
          <ul className="flex gap-6 border-b border-stone-300">
            <li>
              <Link
                to={productListHref({ ...query, categories: [], page: 1 })}
                aria-current={query.categories.length === 0 ? "page" : undefined}
                className="block whitespace-nowrap border-b-2 border-transparent pb-3 text-sm ltr:tracking-wide text-stone-600 hover:text-stone-950 aria-[current=page]:border-stone-950 aria-[current=page]:text-stone-950"
              >
                {t("listing.all")}
              </Link>
            </li>
            {categories.map((category) => (
              <li key={category.id}>
                <Link
                  to={productListHref({ ...query, categories: [category.slug], page: 1 })}
                  aria-current={query.categories.includes(category.slug) ? "page" : undefined}
                  className="block whitespace-nowrap border-b-2 border-transparent pb-3 text-sm ltr:tracking-wide text-stone-600 hover:text-stone-950 aria-[current=page]:border-stone-950 aria-[current=page]:text-stone-950"
                >
                  {categoryName(category, locale)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mb-8 flex flex-wrap items-center gap-2">
          <FilterButton listing={listing} layout={layout} />
          <SortControl query={query} className="w-full sm:ms-auto sm:w-auto" />
        </div>
        <ActiveFilters listing={listing} className="mb-8" />
        <ListingResults listing={listing}>
          <ul className="grid grid-cols-1 gap-x-8 gap-y-14 [--card-block-size:28rem] sm:[--card-block-size:27rem] md:[--card-block-size:30rem] lg:[--card-block-size:35rem] xl:[--card-block-size:29.5rem] sm:grid-cols-2 xl:grid-cols-3">
            {listing.result.records.map((product, index) => (
              <li key={product.id} className="flex">
                <ShowroomCard product={product} priority={index < 2} />
              </li>
            ))}
          </ul>
        </ListingResults>
      </div>
    </div>
  );
}
