import type { ProductInfo, ProductSummary } from "@stoa/contract";
import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { ArrowEndIcon } from "../../platform/ui/icons.tsx";
import { StoaImage } from "../../platform/ui/StoaImage.tsx";
import type { loader as productLoader } from "../../routes/shop/product.tsx";
import { useModal } from "../../shell/modal/ModalProvider.tsx";
import { MODAL_TITLE_ID } from "../../shell/modal/modal-views.tsx";
import { useShop } from "../../shell/root-data.ts";
import { DiscountBadge } from "../product/Price.tsx";
import { productName } from "../product/ProductCard.tsx";

/**
 * The full product (variations, add-ons, fitment) for a modal opened from a card, read through the
 * product page's own loader so the modal and the page always agree.
 */
export function useProductInfo(id: number | string): { info: ProductInfo | null; loading: boolean } {
  const fetcher = useFetcher<typeof productLoader>();
  const { load } = fetcher;
  useEffect(() => {
    load(`/products/${encodeURIComponent(String(id))}`);
  }, [load, id]);
  const info = fetcher.data?.product ?? null;
  return { info, loading: info === null || fetcher.state === "loading" };
}

/** Picture, brand and name at the top of a product modal; the name titles the dialog. */
export function ProductModalHeader({ product }: { product: ProductSummary }) {
  const { locale } = useShop();
  const name = productName(product, locale);
  return (
    <div className="flex items-center gap-4 pe-10">
      <div className="relative size-20 shrink-0 overflow-hidden rounded-2xl bg-stone-100 sm:size-24">
        {product.image ? (
          <StoaImage
            src={product.image.url}
            alt=""
            width={96}
            height={96}
            sizes="96px"
            className="size-full object-cover"
          />
        ) : null}
        <DiscountBadge product={product} className="absolute start-1 top-1 px-1.5 py-0.5 text-[0.625rem]" />
      </div>
      <div className="min-w-0 space-y-1">
        {product.brand ? (
          <p className="truncate text-xs font-medium uppercase tracking-wide text-stone-500">
            {product.brand}
          </p>
        ) : null}
        <h2 id={MODAL_TITLE_ID} className="text-xl font-bold tracking-tight text-balance text-stone-950">
          {name}
        </h2>
        {product.remarks ? <p className="text-sm font-medium text-brand">{product.remarks}</p> : null}
      </div>
    </div>
  );
}

/** Placeholder blocks while the full product loads, the size of what replaces them. */
export function ProductModalLoading({ title }: { title?: string }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4" aria-busy="true">
      {title ? (
        <h2 id={MODAL_TITLE_ID} className="text-xl font-bold text-stone-950">
          {title}
        </h2>
      ) : null}
      <p className="sr-only" role="status">
        {t("product.loading")}
      </p>
      <div className="h-9 w-40 animate-pulse rounded-lg bg-stone-100" />
      <div className="h-4 w-28 animate-pulse rounded bg-stone-100" />
      <div className="flex gap-2">
        <div className="h-11 w-16 animate-pulse rounded-xl bg-stone-100" />
        <div className="h-11 w-16 animate-pulse rounded-xl bg-stone-100" />
        <div className="h-11 w-16 animate-pulse rounded-xl bg-stone-100" />
      </div>
      <div className="h-12 w-full animate-pulse rounded-full bg-stone-100" />
    </div>
  );
}

/** "View full details", keeping the chosen variation in the link. */
export function FullDetailsLink({
  productId,
  variationId,
}: {
  productId: number;
  variationId?: number | null;
}) {
  const { t } = useTranslation();
  const { closeModal } = useModal();
  const search = variationId ? `?variation=${variationId}` : "";
  return (
    <Link
      to={`/products/${productId}${search}`}
      onClick={closeModal}
      className="inline-flex items-center gap-2 text-sm font-semibold text-stone-900 underline-offset-4 hover:underline"
      data-full-details
    >
      {t("product.view-details")}
      <ArrowEndIcon className="size-4" />
    </Link>
  );
}
