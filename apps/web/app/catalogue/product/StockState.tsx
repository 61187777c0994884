import type { ProductSummary } from "@stoa/contract";
import { useTranslation } from "../../platform/i18n/translation.tsx";

/** Below this many items the shopper is told how few are left. */
export const LOW_STOCK = 5;

export type StockLevel = "in-stock" | "low-stock" | "out-of-stock";

export function stockLevel(product: Pick<ProductSummary, "stock" | "isAvailable">): StockLevel {
  if (!product.isAvailable || product.stock <= 0) return "out-of-stock";
  return product.stock <= LOW_STOCK ? "low-stock" : "in-stock";
}

const DOT: Record<StockLevel, string> = {
  "in-stock": "bg-emerald-500",
  "low-stock": "bg-amber-500",
  "out-of-stock": "bg-stone-400",
};

export function StockState({ product }: { product: Pick<ProductSummary, "stock" | "isAvailable"> }) {
  const { t } = useTranslation();
  const level = stockLevel(product);
  return (
    <p className="flex items-center gap-2 text-sm text-stone-600" data-stock={level}>
      <span aria-hidden="true" className={`size-2 rounded-full ${DOT[level]}`} />
      {t(`product.${level}`, { count: product.stock })}
    </p>
  );
}
