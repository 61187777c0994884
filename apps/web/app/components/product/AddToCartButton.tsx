import type { ProductSummary } from "@stoa/contract";
import { useTranslation } from "react-i18next";
import { CartIcon } from "../icons.tsx";
import { useToast } from "../toast/ToastProvider.tsx";
import { buttonClass } from "../ui.ts";
import { stockLevel } from "./StockState.tsx";

/** Ordering comes with the cart API; until then the button tells the shopper so instead of failing silently. */
export function AddToCartButton({
  product,
  className = "",
}: {
  product: Pick<ProductSummary, "stock" | "isAvailable">;
  className?: string;
}) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const soldOut = stockLevel(product) === "out-of-stock";
  return (
    <button
      type="button"
      disabled={soldOut}
      onClick={() => showToast(t("cart.coming-soon"))}
      className={`${buttonClass.primary} ${className}`}
    >
      <CartIcon className="size-5" />
      {soldOut ? t("product.out-of-stock") : t("cart.add")}
    </button>
  );
}
