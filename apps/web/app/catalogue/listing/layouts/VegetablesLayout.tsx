import type { ProductSummary } from "@stoa/contract";
import { Link } from "react-router";
import { useTranslation } from "../../../platform/i18n/translation.tsx";
import { StoaImage } from "../../../platform/ui/StoaImage.tsx";
import { containerClass } from "../../../platform/ui/ui.ts";
import { CardRating } from "../../../reviews/Stars.tsx";
import { useShop } from "../../../shell/root-data.ts";
import { categoryName } from "../../../shell/shop.ts";
import { DiscountBadge, ListedPrice } from "../../product/Price.tsx";
import { StockState, stockLevel } from "../../product/StockState.tsx";
import { UnitText } from "../../product/UnitText.tsx";
import { CardHeart, ListAddButton, PerUnitPrice, ProductLink, ProductPicture } from "../ListedProduct.tsx";
import { ListingHeading } from "../ListingHeading.tsx";
import { WithSidebar } from "../ListingSidebar.tsx";
import type { LayoutProps } from "../listing-types.ts";
import { productListHref } from "../product-query.ts";

function MarketTile({ product, priority }: { product: ProductSummary; priority: boolean }) {
  const level = stockLevel(product);
  return (
    <article
      className="relative flex w-full flex-col rounded-2xl bg-white p-2.5 shadow-sm ring-1 ring-lime-900/10 transition-shadow hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-focus"
      data-product-card={product.id}
    >
      <div className="relative aspect-square overflow-hidden rounded-xl bg-lime-50">
        <ProductPicture
          product={product}
          width={384}
          sizes="(min-width: 1280px) 14rem, (min-width: 640px) 30vw, 50vw"
          priority={priority}
          className="size-full"
        />
        <DiscountBadge product={product} className="absolute start-2 top-2" />
        <CardHeart product={product} className="absolute end-2 top-2" />
      </div>
      <div className="flex flex-1 flex-col px-1 pt-2.5">
        <h3 className="line-clamp-2 text-sm font-semibold leading-5 text-stone-900">
          <ProductLink product={product} />
        </h3>
        <CardRating rating={product.rating} className="mt-1" />
        <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-stone-500">
          <UnitText unit={product.unit} />
          <PerUnitPrice product={product} className="text-lime-800" />
        </p>
        <div className="mt-auto pt-3">
          <ListedPrice product={product} />
          {level === "in-stock" ? null : <StockState product={product} />}
          <ListAddButton product={product} className="mt-2 w-full px-2! py-2! text-xs" />
        </div>
      </div>
    </article>
  );
}

/** A fresh market: aisles with pictures at the top, bright tiles with pack and per-kg prices, quick add. */
export default function VegetablesLayout({ listing, layout }: LayoutProps) {
  const { t } = useTranslation();
  const { categories, locale } = useShop();
  const { query } = listing;
  return (
    <div className="bg-lime-50/40">
      <div className={`${containerClass} py-8 sm:py-10`}>
        <ListingHeading listing={listing} className="mb-6" />
        <nav aria-label={t("listing.shop-the-aisle")} className="-mx-4 mb-8 overflow-x-auto px-4">
          <ul className="flex gap-3">
            {categories.map((category) => (
              <li key={category.id}>
                <Link
                  to={productListHref({ ...query, categories: [category.slug], page: 1 })}
                  aria-current={query.categories.includes(category.slug) ? "page" : undefined}
                  className="flex w-24 flex-col items-center gap-2 rounded-2xl p-2 text-center text-xs font-medium text-stone-800 hover:bg-white aria-[current=page]:bg-white aria-[current=page]:text-brand aria-[current=page]:shadow-sm aria-[current=page]:ring-2 aria-[current=page]:ring-brand"
                >
                  <span className="flex size-16 items-center justify-center overflow-hidden rounded-full bg-white ring-1 ring-lime-900/10">
                    {category.image ? (
                      <StoaImage
                        src={category.image}
                        alt=""
                        width={64}
                        height={64}
                        sizes="4rem"
                        className="size-full object-cover"
                      />
                    ) : null}
                  </span>
                  <span className="line-clamp-2">{categoryName(category, locale)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <WithSidebar
          listing={listing}
          layout={layout}
          gridClassName="lg:grid-cols-[14rem_1fr] lg:gap-8"
          sidebarClassName="self-start rounded-2xl bg-white p-5 ring-1 ring-lime-900/10"
          spacing="mb-5"
        >
          <ul className="grid grid-cols-2 gap-3 [--card-block-size:20.25rem] sm:[--card-block-size:23.5rem] sm:grid-cols-3 xl:grid-cols-4">
            {listing.result.records.map((product, index) => (
              <li key={product.id} className="flex">
                <MarketTile product={product} priority={index < 2} />
              </li>
            ))}
          </ul>
        </WithSidebar>
      </div>
    </div>
  );
}
