import { localized, type ProductSummary } from "@stoa/contract";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { useShop } from "../../lib/root-data.ts";
import type { loader as productLoader } from "../../routes/product.tsx";
import { ArrowEndIcon } from "../icons.tsx";
import { AddToCartButton } from "../product/AddToCartButton.tsx";
import { DiscountBadge, Price } from "../product/Price.tsx";
import { productName } from "../product/ProductCard.tsx";
import { StockState } from "../product/StockState.tsx";
import { StoaImage } from "../StoaImage.tsx";
import { useModal } from "./ModalProvider.tsx";
import { MODAL_TITLE_ID } from "./modal-views.tsx";

/** PRODUCT_DETAILS: a quick look at a product from a list; the description loads in the background. */
export function ProductDetailsModal({ product }: { product: ProductSummary }) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { closeModal } = useModal();
  const details = useFetcher<typeof productLoader>();
  const { load } = details;
  useEffect(() => {
    load(`/products/${product.id}`);
  }, [load, product.id]);
  const info = details.data?.product;
  const description = info ? localized(info.descriptionLocalizations, locale) || info.description : "";
  const name = productName(product, locale);
  return (
    <div className="grid gap-6 p-6 sm:p-8">
      <div className="relative aspect-[4/3] overflow-hidden rounded-2xl bg-stone-100">
        {product.image ? (
          <StoaImage
            src={product.image.url}
            alt={product.image.alt || name}
            width={640}
            height={480}
            sizes="(min-width: 640px) 28rem, 100vw"
            className="size-full object-cover"
          />
        ) : null}
        <DiscountBadge product={product} className="absolute start-3 top-3" />
      </div>
      <div className="space-y-3">
        {product.brand ? (
          <p className="text-xs font-medium uppercase tracking-wide text-stone-500">{product.brand}</p>
        ) : null}
        <h2 id={MODAL_TITLE_ID} className="text-2xl font-bold tracking-tight text-stone-950">
          {name}
        </h2>
        <Price product={product} size="lg" />
        <StockState product={product} />
        {description ? (
          <p className="line-clamp-4 text-sm leading-6 text-stone-600">{description}</p>
        ) : details.state === "loading" ? (
          <p className="text-sm text-stone-400">{t("product.loading")}</p>
        ) : null}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <AddToCartButton product={product} className="flex-1" />
        <Link
          to={`/products/${product.id}`}
          onClick={closeModal}
          className="inline-flex flex-1 items-center justify-center gap-2 rounded-full border border-stone-300 px-6 py-3 text-sm font-semibold text-stone-900 hover:bg-stone-50"
        >
          {t("product.view-details")}
          <ArrowEndIcon className="size-4" />
        </Link>
      </div>
    </div>
  );
}
