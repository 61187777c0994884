import type { ProductSummary } from "@stoa/contract";
import { useTranslation } from "../../../platform/i18n/translation.tsx";
import { containerClass } from "../../../platform/ui/ui.ts";
import { CardRating } from "../../../reviews/Stars.tsx";
import { DiscountBadge, ListedPrice } from "../../product/Price.tsx";
import { CheckFitButton } from "../../product/ProductCard.tsx";
import { StockState } from "../../product/StockState.tsx";
import { UnitText } from "../../product/UnitText.tsx";
import { CardHeart, ListAddButton, ProductLink, ProductPicture } from "../ListedProduct.tsx";
import { ListingHeading } from "../ListingHeading.tsx";
import { WithSidebar } from "../ListingSidebar.tsx";
import { WrenchIcon } from "../listing-icons.tsx";
import type { LayoutProps } from "../listing-types.ts";

function PartRow({ product }: { product: ProductSummary }) {
  const { t } = useTranslation();
  return (
    <article
      className="relative grid grid-cols-[4rem_1fr] gap-x-4 gap-y-2 p-3 hover:bg-stone-50 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-focus sm:grid-cols-[4.5rem_1fr_auto] sm:items-center"
      data-product-card={product.id}
    >
      <ProductPicture
        product={product}
        width={96}
        sizes="4.5rem"
        className="row-span-2 size-16 rounded-lg border border-stone-200 bg-white object-contain! p-1 sm:row-span-1 sm:size-18"
      />
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          {product.brand ? (
            <span dir="auto" className="font-bold uppercase ltr:tracking-wide text-stone-900">
              {product.brand}
            </span>
          ) : null}
          {product.sku ? (
            <span className="font-mono text-stone-500">
              {t("listing.part-number")} <bdi dir="ltr">{product.sku}</bdi>
            </span>
          ) : null}
          <UnitText unit={product.unit} className="text-stone-500" />
        </p>
        <h3 className="mt-1 font-semibold leading-6 text-stone-950">
          <ProductLink product={product} />
        </h3>
        <CardRating rating={product.rating} className="mt-1" />
        <p
          className="mt-1 flex items-center gap-1.5 text-sm text-stone-600"
          data-remarks={product.remarks ? "" : undefined}
        >
          <WrenchIcon className="size-4 shrink-0 text-stone-400" />
          <span dir="auto">{product.remarks || t("listing.fits-hint")}</span>
        </p>
      </div>
      <div className="col-start-2 flex flex-wrap items-center justify-between gap-3 sm:col-start-3 sm:flex-col sm:items-end sm:justify-center sm:text-end">
        <div className="flex items-center gap-2">
          <DiscountBadge product={product} className="py-0.5!" />
          <ListedPrice product={product} />
        </div>
        <StockState product={product} />
        <div className="flex flex-wrap items-center gap-2">
          <CardHeart product={product} className="relative" direction="row" />
          <ListAddButton product={product} className="px-4! py-2!" />
        </div>
        {product.hasFitment ? <CheckFitButton product={product} className="px-4! py-2!" /> : null}
      </div>
    </article>
  );
}

/** A parts counter: category tree at the side, one dense row per part with maker, part number and fitment. */
export default function CarPartLayout({ listing, layout }: LayoutProps) {
  return (
    <div className={`${containerClass} py-6 sm:py-8`}>
      <ListingHeading
        listing={listing}
        className="mb-5 border-b-4 border-brand pb-4"
        titleClassName="text-2xl font-extrabold uppercase tracking-tight text-stone-950 sm:text-3xl"
      />
      <WithSidebar
        listing={listing}
        layout={layout}
        tree
        gridClassName="lg:grid-cols-[15rem_1fr] lg:gap-8"
        spacing="mb-4"
      >
        <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white [--card-block-size:14.75rem] sm:[--card-block-size:10.25rem]">
          {listing.result.records.map((product) => (
            <li key={product.id}>
              <PartRow product={product} />
            </li>
          ))}
        </ul>
      </WithSidebar>
    </div>
  );
}
