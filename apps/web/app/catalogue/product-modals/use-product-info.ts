import type { ProductInfo } from "@stoa/contract";
import { useEffect } from "react";
import { useFetcher } from "react-router";

/**
 * What the product page's loader (`/products/:id`) answers: the product without its related
 * products, which the page asks for later, and how many there are.
 */
export type ProductPageData = { product: ProductInfo; relatedCount: number };

/**
 * The full product (variations, add-ons, fitment) for a modal opened from a card, read through the
 * product page's own loader so the modal and the page always agree.
 */
export function useProductInfo(id: number | string): { info: ProductInfo | null; loading: boolean } {
  const fetcher = useFetcher<ProductPageData>();
  const { load } = fetcher;
  useEffect(() => {
    load(`/products/${encodeURIComponent(String(id))}`);
  }, [load, id]);
  const info = fetcher.data?.product ?? null;
  return { info, loading: info === null || fetcher.state === "loading" };
}
