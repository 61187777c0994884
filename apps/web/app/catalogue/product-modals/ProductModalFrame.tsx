import type { ProductSummary } from "@stoa/contract";
import { Link } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { ArrowEndIcon } from "../../platform/ui/icons.tsx";
import { useModal } from "../../shell/modal/ModalProvider.tsx";
import { MODAL_TITLE_ID } from "../../shell/modal/modal-ids.ts";
import { useShop } from "../../shell/root-data.ts";
import { DiscountBadge } from "../product/Price.tsx";
import { ProductThumbnail } from "../product/ProductThumbnail.tsx";
import { productName } from "../product/product-name.ts";

/** Picture, brand and name at the top of a product modal; the name titles the dialog. */
export function ProductModalHeader({ product }: { product: ProductSummary }) {
  const { locale } = useShop();
  const name = productName(product, locale);
  return (
    <div className="flex items-center gap-4 pe-10">
      <ProductThumbnail
        image={product.image}
        size={96}
        className="relative size-20 shrink-0 rounded-2xl sm:size-24"
      >
        <DiscountBadge product={product} className="absolute start-1 top-1 px-1.5 py-0.5 text-[0.625rem]" />
      </ProductThumbnail>
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
