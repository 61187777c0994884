import { type Locale, localized, type ProductSummary } from "@stoa/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useShop } from "../../lib/root-data.ts";
import { EyeIcon } from "../icons.tsx";
import { useModal } from "../modal/ModalProvider.tsx";
import { StoaImage } from "../StoaImage.tsx";
import { DiscountBadge, Price } from "./Price.tsx";
import { StockState, stockLevel } from "./StockState.tsx";

export const PRODUCT_CARD_SIZES =
  "(min-width: 1280px) 18rem, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw";
const CARD_IMAGE_SIZE = 480;

export function productName(
  product: Pick<ProductSummary, "name" | "nameLocalizations">,
  locale: Locale,
): string {
  return localized(product.nameLocalizations, locale) || product.name;
}

/** A product in a grid: the whole card links to the product; quick view opens PRODUCT_DETAILS. */
export function ProductCard({ product, priority = false }: { product: ProductSummary; priority?: boolean }) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { openModal } = useModal();
  const name = productName(product, locale);
  const soldOut = stockLevel(product) === "out-of-stock";
  return (
    <article
      className="group relative flex w-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white transition-shadow hover:shadow-lg has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand"
      data-product-card={product.id}
    >
      <div className="relative aspect-square overflow-hidden bg-stone-100">
        {product.image ? (
          <StoaImage
            src={product.image.url}
            alt={product.image.alt || name}
            width={CARD_IMAGE_SIZE}
            height={CARD_IMAGE_SIZE}
            sizes={PRODUCT_CARD_SIZES}
            priority={priority}
            className={`size-full object-cover transition-transform duration-300 group-hover:scale-105 ${soldOut ? "opacity-60 grayscale" : ""}`}
          />
        ) : null}
        <DiscountBadge product={product} className="absolute start-3 top-3" />
        <button
          type="button"
          onClick={() => openModal("PRODUCT_DETAILS", product)}
          className="absolute end-3 top-3 z-10 flex size-10 items-center justify-center rounded-full bg-white/95 text-stone-700 opacity-100 shadow-md transition-opacity hover:text-stone-950 focus-visible:opacity-100 lg:opacity-0 lg:group-hover:opacity-100"
          aria-label={t("product.quick-view-of", { name })}
        >
          <EyeIcon className="size-5" />
        </button>
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3 sm:p-4">
        {product.brand ? (
          <p
            dir="auto"
            className="truncate text-start text-xs font-medium uppercase tracking-wide text-stone-500"
          >
            {product.brand}
          </p>
        ) : null}
        <h3 className="line-clamp-2 min-h-[2.5rem] text-sm leading-5 font-medium text-stone-900 sm:text-base sm:leading-6 sm:min-h-12">
          <Link
            to={`/products/${product.id}`}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {name}
          </Link>
        </h3>
        {/* Units are written as the shop typed them ("1 L", "6 × 330 ml"): left to right on any page. */}
        {product.unit ? (
          <p className="text-xs text-stone-500">
            <bdi dir="ltr">{product.unit}</bdi>
          </p>
        ) : null}
        <div className="mt-auto space-y-1 pt-2">
          <Price product={product} />
          <StockState product={product} />
        </div>
      </div>
    </article>
  );
}

export function ProductGrid({
  products,
  priorityCount = 0,
}: {
  products: ProductSummary[];
  priorityCount?: number;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4">
      {products.map((product, index) => (
        <li key={product.id} className="flex">
          <ProductCard product={product} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}
