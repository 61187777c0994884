import type { ProductSummary } from "@stoa/contract";
import { useTranslation } from "../../../platform/i18n/translation.tsx";
import { containerClass } from "../../../platform/ui/ui.ts";
import { CardRating } from "../../../reviews/Stars.tsx";
import { useShop } from "../../../shell/root-data.ts";
import { categoryName } from "../../../shell/shop.ts";
import { CourseBar } from "../../menu/CourseBar.tsx";
import { menuSections } from "../../menu/menu-sections.ts";
import { DiscountBadge, ListedPrice } from "../../product/Price.tsx";
import { StockState, stockLevel } from "../../product/StockState.tsx";
import { UnitText } from "../../product/UnitText.tsx";
import { ActiveFilters } from "../ActiveFilters.tsx";
import { CardHeart, ListAddButton, ProductLink, ProductPicture, RemarkLabel } from "../ListedProduct.tsx";
import { ListingHeading } from "../ListingHeading.tsx";
import { ListingResults } from "../ListingResults.tsx";
import { ListingToolbar } from "../ListingToolbar.tsx";
import type { LayoutProps } from "../listing-types.ts";

function DishRow({ product }: { product: ProductSummary }) {
  const soldOut = stockLevel(product) === "out-of-stock";
  return (
    <article
      className="relative flex gap-4 rounded-2xl p-3 transition-colors hover:bg-stone-50 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-focus"
      data-product-card={product.id}
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <h3 className="text-base font-semibold text-stone-950 sm:text-lg">
            <ProductLink product={product} />
          </h3>
          <span
            aria-hidden="true"
            className="hidden flex-1 border-b border-dotted border-stone-300 sm:block"
          />
          <div className="shrink-0">
            <ListedPrice product={product} />
          </div>
        </div>
        <div className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-stone-500">
          <RemarkLabel remarks={product.remarks} />
          <UnitText unit={product.unit} />
          <CardRating rating={product.rating} />
          <DiscountBadge product={product} className="py-0.5!" />
          {soldOut ? <StockState product={product} /> : null}
        </div>
        <div className="mt-3 flex items-center gap-2">
          <ListAddButton product={product} className="px-4! py-2!" />
          <CardHeart product={product} className="relative" direction="row" />
        </div>
      </div>
      <ProductPicture
        product={product}
        width={128}
        sizes="7rem"
        className="size-24 shrink-0 rounded-xl sm:size-28"
      />
    </article>
  );
}

/** A menu: dishes grouped by course with a sticky bar to jump between them. */
export default function RestaurantLayout({ listing, layout }: LayoutProps) {
  const { t } = useTranslation();
  const { categories, locale } = useShop();
  const sections = menuSections(categories, listing.result.records);
  const anchor = (slug: string | undefined) => `course-${slug ?? "more"}`;
  return (
    <div className={`${containerClass} py-8 sm:py-10`}>
      <ListingHeading listing={listing} className="mb-6 text-center" />
      <ListingToolbar listing={listing} layout={layout} sidebarFrom="none" className="mb-4" />
      <ActiveFilters listing={listing} className="mb-4" />
      <ListingResults listing={listing}>
        <CourseBar
          label={t("listing.jump-to")}
          courses={sections.map(({ category }) => ({
            key: category?.id ?? "more",
            href: `#${anchor(category?.slug)}`,
            name: category ? categoryName(category, locale) : t("listing.other-products"),
          }))}
          className="border-b border-stone-200"
        />
        {sections.map(({ category, products }) => (
          <section
            key={category?.id ?? "more"}
            id={anchor(category?.slug)}
            aria-labelledby={`${anchor(category?.slug)}-title`}
            className="mt-10 scroll-mt-36"
          >
            <h2
              id={`${anchor(category?.slug)}-title`}
              className="mb-4 border-b-2 border-brand pb-2 text-2xl font-bold tracking-tight text-stone-950"
            >
              {category ? categoryName(category, locale) : t("listing.other-products")}
            </h2>
            <ul className="grid grid-cols-1 gap-x-10 gap-y-2 [--card-block-size:9.25rem] sm:[--card-block-size:8.5rem] lg:grid-cols-2">
              {products.map((product) => (
                <li key={product.id}>
                  <DishRow product={product} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </ListingResults>
    </div>
  );
}
