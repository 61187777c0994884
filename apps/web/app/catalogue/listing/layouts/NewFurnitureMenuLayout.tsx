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

function FeatureRow({ product, priority }: { product: ProductSummary; priority: boolean }) {
  return (
    <article
      className="relative grid items-center gap-6 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-focus md:grid-cols-2 md:gap-12"
      data-product-card={product.id}
    >
      <div className="relative aspect-[4/3] overflow-hidden rounded-3xl bg-[#efeae3] md:group-even/row:order-last">
        <ProductPicture
          product={product}
          width={1080}
          height={810}
          sizes="(min-width: 768px) 50vw, 100vw"
          priority={priority}
          className="size-full"
        />
        <DiscountBadge product={product} className="absolute start-5 top-5" />
      </div>
      <div className="space-y-3 md:px-6">
        {product.brand ? (
          <p
            dir="auto"
            className="text-start text-xs font-medium uppercase ltr:tracking-[0.25em] text-stone-500"
          >
            {product.brand}
          </p>
        ) : null}
        <h3 className="text-2xl font-light leading-tight text-stone-950 sm:text-4xl">
          <ProductLink product={product} />
        </h3>
        <CardRating rating={product.rating} className="mt-1" />
        <UnitText unit={product.unit} className="block text-stone-500" />
        <ListedPrice product={product} size="lg" />
        <StockState product={product} />
        <div className="flex items-center gap-3 pt-2">
          <ListAddButton product={product} />
          <CardHeart product={product} className="relative" direction="row" />
        </div>
      </div>
    </article>
  );
}

/** A catalogue to leaf through: one piece per row, picture and words taking turns at each side. */
export default function NewFurnitureMenuLayout({ listing, layout }: LayoutProps) {
  const { t } = useTranslation();
  const { categories, locale } = useShop();
  const title = useListingTitle(listing);
  const { query } = listing;
  return (
    <div>
      <div className="sticky top-16 z-30 border-b border-stone-200 bg-white lg:top-20">
        <nav aria-label={t("listing.shop-by-room")} className={`${containerClass} overflow-x-auto`}>
          <ul className="flex gap-1 py-2">
            <li>
              <Link
                to={productListHref({ ...query, categories: [], page: 1 })}
                aria-current={query.categories.length === 0 ? "page" : undefined}
                className="block whitespace-nowrap rounded-full px-4 py-2 text-sm text-stone-700 hover:bg-stone-100 aria-[current=page]:bg-stone-950 aria-[current=page]:text-white"
              >
                {t("listing.all")}
              </Link>
            </li>
            {categories.map((category) => (
              <li key={category.id}>
                <Link
                  to={productListHref({ ...query, categories: [category.slug], page: 1 })}
                  aria-current={query.categories.includes(category.slug) ? "page" : undefined}
                  className="block whitespace-nowrap rounded-full px-4 py-2 text-sm text-stone-700 hover:bg-stone-100 aria-[current=page]:bg-stone-950 aria-[current=page]:text-white"
                >
                  {categoryName(category, locale)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className={`${containerClass} py-10 sm:py-16`}>
        <div className="mb-10 text-center">
          <h1 className="text-4xl font-light tracking-tight text-stone-950 sm:text-6xl">{title}</h1>
          <ResultCount listing={listing} className="mt-4" />
        </div>
        <div className="mb-10 flex flex-wrap items-center justify-center gap-2">
          <FilterButton listing={listing} layout={layout} />
          <SortControl query={query} />
        </div>
        <ActiveFilters listing={listing} className="mb-10 justify-center" />
        <ListingResults listing={listing}>
          <ul className="space-y-16 [--card-block-size:33rem] sm:[--card-block-size:46.5rem] md:[--card-block-size:18.75rem] lg:[--card-block-size:22.75rem] xl:[--card-block-size:27.375rem] sm:space-y-24">
            {listing.result.records.map((product, index) => (
              <li key={product.id} className="group/row">
                <FeatureRow product={product} priority={index === 0} />
              </li>
            ))}
          </ul>
        </ListingResults>
      </div>
    </div>
  );
}
