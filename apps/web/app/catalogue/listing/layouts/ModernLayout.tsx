import type { ProductSummary } from "@stoa/contract";
import { Link } from "react-router";
import { useTranslation } from "../../../platform/i18n/translation.tsx";
import { containerClass } from "../../../platform/ui/ui.ts";
import { CardRating } from "../../../reviews/Stars.tsx";
import { useShop } from "../../../shell/root-data.ts";
import { categoryName } from "../../../shell/shop.ts";
import { DiscountBadge, ListedPrice } from "../../product/Price.tsx";
import { StockState } from "../../product/StockState.tsx";
import { ActiveFilters } from "../ActiveFilters.tsx";
import { CardHeart, ListAddButton, ProductLink, ProductPicture } from "../ListedProduct.tsx";
import { ResultCount, useListingTitle } from "../ListingHeading.tsx";
import { ListingResults } from "../ListingResults.tsx";
import { FilterButton, SortControl } from "../ListingToolbar.tsx";
import type { LayoutProps } from "../listing-types.ts";
import { productListHref } from "../product-query.ts";

function ModernCard({ product, priority }: { product: ProductSummary; priority: boolean }) {
  return (
    <article
      className="group relative flex w-full flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-stone-200/70 transition hover:-translate-y-0.5 hover:shadow-xl has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-focus"
      data-product-card={product.id}
    >
      <div className="relative aspect-[4/5] overflow-hidden bg-gradient-to-b from-stone-100 to-stone-200">
        <ProductPicture
          product={product}
          width={480}
          height={600}
          sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
          priority={priority}
          className="size-full transition-transform duration-500 group-hover:scale-105"
        />
        <DiscountBadge product={product} className="absolute start-3 top-3" />
        <CardHeart product={product} className="absolute end-3 top-3" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 font-semibold leading-6 text-stone-950">
          <ProductLink product={product} />
        </h3>
        <CardRating rating={product.rating} className="mt-1" />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
          <ListedPrice product={product} />
          <StockState product={product} />
        </div>
        <ListAddButton product={product} className="mt-1 w-full px-3! py-2 text-xs! sm:text-sm!" />
      </div>
    </article>
  );
}

/** A bold banner with the categories as chips, then large rounded cards; filters live in the drawer. */
export default function ModernLayout({ listing, layout }: LayoutProps) {
  const { t } = useTranslation();
  const { categories, locale } = useShop();
  const title = useListingTitle(listing);
  const { query } = listing;
  return (
    <div>
      <div className="surface-dark bg-gradient-to-br from-brand to-stone-900 text-white">
        <div className={`${containerClass} py-10 sm:py-14`}>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
          <ResultCount listing={listing} className="mt-3 text-white/80!" />
          <nav aria-label={t("nav.categories")} className="-mx-4 mt-8 overflow-x-auto px-4">
            <ul className="flex gap-2">
              <li>
                <Link
                  to={productListHref({ ...query, categories: [], page: 1 })}
                  aria-current={query.categories.length === 0 ? "page" : undefined}
                  className="block whitespace-nowrap rounded-full bg-white/10 px-4 py-2 text-sm font-medium ring-1 ring-white/30 hover:bg-white/20 aria-[current=page]:bg-white aria-[current=page]:text-stone-950"
                >
                  {t("listing.all")}
                </Link>
              </li>
              {categories.map((category) => (
                <li key={category.id}>
                  <Link
                    to={productListHref({ ...query, categories: [category.slug], page: 1 })}
                    aria-current={query.categories.includes(category.slug) ? "page" : undefined}
                    className="block whitespace-nowrap rounded-full bg-white/10 px-4 py-2 text-sm font-medium ring-1 ring-white/30 hover:bg-white/20 aria-[current=page]:bg-white aria-[current=page]:text-stone-950"
                  >
                    {categoryName(category, locale)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
      <div className={`${containerClass} py-8`}>
        <div className="mb-6 flex flex-wrap items-center gap-2">
          <FilterButton listing={listing} layout={layout} />
          <SortControl query={query} className="w-full sm:ms-auto sm:w-auto" />
        </div>
        <ActiveFilters listing={listing} className="mb-6" />
        <ListingResults listing={listing}>
          <ul className="grid grid-cols-2 gap-4 [--card-block-size:24.5rem] sm:[--card-block-size:32.5rem] md:[--card-block-size:29rem] lg:[--card-block-size:34rem] xl:[--card-block-size:31.75rem] sm:gap-6 md:grid-cols-3 xl:grid-cols-4">
            {listing.result.records.map((product, index) => (
              <li key={product.id} className="flex">
                <ModernCard product={product} priority={index < 2} />
              </li>
            ))}
          </ul>
        </ListingResults>
      </div>
    </div>
  );
}
