import type { ProductSummary } from "@stoa/contract";
import { useTranslation } from "../../../platform/i18n/translation.tsx";
import { containerClass } from "../../../platform/ui/ui.ts";
import { CardRating } from "../../../reviews/Stars.tsx";
import { DiscountBadge, ListedPrice } from "../../product/Price.tsx";
import { StockState } from "../../product/StockState.tsx";
import { unitText } from "../../product/unit-text.ts";
import { CardHeart, ListAddButton, ProductLink, ProductPicture, RemarkLabel } from "../ListedProduct.tsx";
import { ListingHeading } from "../ListingHeading.tsx";
import { WithSidebar } from "../ListingSidebar.tsx";
import type { LayoutProps } from "../listing-types.ts";

function SpecCard({ product, priority }: { product: ProductSummary; priority: boolean }) {
  const { t } = useTranslation();
  const specs: [string, string][] = [
    [t("listing.brand"), product.brand],
    [t("listing.unit"), product.unit && unitText(product.unit, t)],
    [t("listing.part-number"), product.sku],
  ].filter((spec): spec is [string, string] => Boolean(spec[1]));
  return (
    <article
      className="relative flex w-full gap-4 rounded-2xl border border-stone-200 bg-white p-4 transition-shadow hover:shadow-lg has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-focus sm:gap-5"
      data-product-card={product.id}
    >
      <div className="relative w-28 shrink-0 sm:w-40">
        <ProductPicture
          product={product}
          width={256}
          sizes="(min-width: 640px) 10rem, 7rem"
          priority={priority}
          className="aspect-square w-full rounded-xl bg-stone-50 object-contain! p-2"
        />
        <DiscountBadge product={product} className="absolute start-1 top-1" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 className="line-clamp-2 font-semibold leading-6 text-stone-950">
          <ProductLink product={product} />
        </h3>
        <CardRating rating={product.rating} className="mt-1" />
        <RemarkLabel remarks={product.remarks} className="mt-1 self-start" />
        <dl
          className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs"
          aria-label={t("listing.specs")}
        >
          {specs.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-stone-500">{label}</dt>
              <dd className="truncate font-medium text-stone-800">
                <bdi dir="auto">{value}</bdi>
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-3 pt-3">
          <div className="space-y-1">
            <ListedPrice product={product} />
            <StockState product={product} />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <CardHeart product={product} className="relative" direction="row" />
            <ListAddButton product={product} className="px-4! py-2!" />
          </div>
        </div>
      </div>
    </article>
  );
}

/** Spec sheets side by side, with makers first among the filters: how gadgets are compared. */
export default function ElectronicsLayout({ listing, layout }: LayoutProps) {
  return (
    <div className="bg-slate-50">
      <div className={`${containerClass} py-8 sm:py-10`}>
        <ListingHeading listing={listing} className="mb-6" />
        <WithSidebar
          listing={listing}
          layout={layout}
          gridClassName="lg:grid-cols-[16rem_1fr] lg:gap-8"
          sidebarClassName="self-start rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          spacing="mb-5"
        >
          <ul className="grid grid-cols-1 gap-4 [--card-block-size:17.5rem] sm:[--card-block-size:12.25rem] xl:[--card-block-size:17.25rem] xl:grid-cols-2">
            {listing.result.records.map((product, index) => (
              <li key={product.id} className="flex">
                <SpecCard product={product} priority={index < 2} />
              </li>
            ))}
          </ul>
        </WithSidebar>
      </div>
    </div>
  );
}
