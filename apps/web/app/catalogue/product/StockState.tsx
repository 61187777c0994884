import type { ProductSummary } from "@stoa/contract";
import { useTranslation } from "../../platform/i18n/translation.tsx";

/** Below this many items the shopper is told how few are left. */
export const LOW_STOCK = 5;

export type StockLevel = "in-stock" | "low-stock" | "out-of-stock";

export function stockLevel(product: Pick<ProductSummary, "stock" | "isAvailable">): StockLevel {
  if (!product.isAvailable || product.stock <= 0) return "out-of-stock";
  return product.stock <= LOW_STOCK ? "low-stock" : "in-stock";
}

export function StockState({ product }: { product: Pick<ProductSummary, "stock" | "isAvailable"> }) {
  const { t } = useTranslation();
  const level = stockLevel(product);
  return (
    // The dot's colour follows data-stock in app.css (`stock-state`).
    <p className="stock-state" data-stock={level}>
      <span aria-hidden="true" />
      {t(`product.${level}`, { count: product.stock })}
    </p>
  );
}
