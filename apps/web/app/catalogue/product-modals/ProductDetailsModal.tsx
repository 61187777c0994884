import { localized, type ProductSummary } from "@stoa/contract";
import { useState } from "react";
import { StoaImage } from "../../platform/ui/StoaImage.tsx";
import { MODAL_TITLE_ID } from "../../shell/modal/modal-ids.ts";
import { useShop } from "../../shell/root-data.ts";
import { DiscountBadge, ListedPrice } from "../product/Price.tsx";
import { ProductPurchase } from "../product/ProductPurchase.tsx";
import { productName } from "../product/product-name.ts";
import { StockState } from "../product/StockState.tsx";
import { FullDetailsLink, ProductModalLoading } from "./ProductModalFrame.tsx";
import { useProductInfo } from "./use-product-info.ts";

/**
 * PRODUCT_DETAILS: a quick look at a product from a list. The card's summary shows at once; the
 * description, variations and add-ons follow when the full product has loaded.
 */
export function ProductDetailsModal({ product }: { product: ProductSummary }) {
  const { locale } = useShop();
  const { info } = useProductInfo(product.id);
  const [variationId, setVariationId] = useState<number | null>(null);
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
        {product.remarks ? <p className="text-sm font-medium text-brand">{product.remarks}</p> : null}
        {description ? <p className="line-clamp-4 text-sm leading-6 text-stone-600">{description}</p> : null}
      </div>
      {info ? (
        <ProductPurchase
          product={info}
          onVariationChange={(variation) => setVariationId(variation?.id ?? null)}
        />
      ) : (
        <div className="space-y-2">
          <ListedPrice product={product} size="lg" />
          {product.hasVariations ? null : <StockState product={product} />}
          <ProductModalLoading />
        </div>
      )}
      <FullDetailsLink productId={product.id} variationId={variationId} />
    </div>
  );
}
