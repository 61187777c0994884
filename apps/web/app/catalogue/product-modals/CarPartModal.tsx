import type { ProductSummary } from "@stoa/contract";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { CheckFit, FitmentTable } from "../fitment/Fitment.tsx";
import { ProductPurchase } from "../product/ProductPurchase.tsx";
import { FullDetailsLink, ProductModalHeader, ProductModalLoading } from "./ProductModalFrame.tsx";
import { useProductInfo } from "./use-product-info.ts";

/** CARPART: which vehicles a part fits, a make → model → year check, and adding it to the cart. */
export function CarPartModal({ product }: { product: ProductSummary }) {
  const { t } = useTranslation();
  const { info } = useProductInfo(product.id);
  return (
    <div className="space-y-6 p-6 sm:p-8">
      <ProductModalHeader product={product} />
      {info ? (
        <>
          {info.fitment.length > 0 ? (
            <>
              <CheckFit fitment={info.fitment} />
              <section aria-labelledby="carpart-fits" className="space-y-3">
                <h3 id="carpart-fits" className="font-semibold text-stone-950">
                  {t("carpart.fits-title")}
                </h3>
                <FitmentTable fitment={info.fitment} />
              </section>
            </>
          ) : (
            <p className="rounded-2xl bg-stone-50 p-4 text-sm text-stone-600" data-no-fitment>
              {t("carpart.no-fitment")}
            </p>
          )}
          <ProductPurchase product={info} />
          <FullDetailsLink productId={info.id} />
        </>
      ) : (
        <ProductModalLoading />
      )}
    </div>
  );
}
