import type { ProductSummary } from "@stoa/contract";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { useLaterAnswer } from "../../platform/ui/use-later-answer.ts";
import { BrowseWithoutScripts, CardPlaceholders } from "./CardPlaceholders.tsx";
import { ProductGrid, productGridClass } from "./ProductCard.tsx";
import { relatedProductsPath } from "./product-path.ts";

/**
 * "You may also like", asked for when the shopper scrolls near it (decision 031). The page knows
 * how many there are, so the heading and the room they take are there from the first paint.
 */
export function RelatedProducts({ productId, count }: { productId: number; count: number }) {
  const { t } = useTranslation();
  const { ref, data, failed } = useLaterAnswer<{ products: ProductSummary[] }>(
    relatedProductsPath(productId),
  );
  if (count === 0 || failed || data?.products.length === 0) return null;
  return (
    <section aria-labelledby="related" className="mt-20" data-related-products>
      <h2 id="related" className="mb-6 text-2xl font-bold tracking-tight text-stone-950">
        {t("product.related")}
      </h2>
      {data ? (
        <ProductGrid products={data.products} />
      ) : (
        <>
          <div ref={ref} aria-hidden="true" className={`${productGridClass} noscript:hidden`}>
            <CardPlaceholders count={count} itemClassName="flex" />
          </div>
          <BrowseWithoutScripts />
        </>
      )}
    </section>
  );
}
