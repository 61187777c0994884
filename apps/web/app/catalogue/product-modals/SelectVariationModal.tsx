import { useState } from "react";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { ProductPurchase } from "../product/ProductPurchase.tsx";
import { FullDetailsLink, ProductModalHeader, ProductModalLoading } from "./ProductModalFrame.tsx";
import { useProductInfo } from "./use-product-info.ts";

/** SELECT_PRODUCT_VARIATION: choose size, colour… for a product opened from its card. */
export function SelectVariationModal({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const { info } = useProductInfo(productId);
  const [variationId, setVariationId] = useState<number | null>(null);
  return (
    <div className="space-y-6 p-6 sm:p-8">
      {info ? (
        <>
          <ProductModalHeader product={info} />
          <ProductPurchase
            product={info}
            onVariationChange={(variation) => setVariationId(variation?.id ?? null)}
          />
          <FullDetailsLink productId={info.id} variationId={variationId} />
        </>
      ) : (
        <ProductModalLoading title={t("variations.choose-options")} />
      )}
    </div>
  );
}
