import type { ProductSummary } from "@stoa/contract";
import { productName } from "../catalogue/product/product-name.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { useShop } from "../shell/root-data.ts";
import { HeartIcon } from "./HeartIcon.tsx";
import { useWishlist } from "./WishlistProvider.tsx";

/**
 * Saves a product to the wishlist or takes it off: a toggle button whose pressed state is whether
 * the product is saved. Every heart of a product on the page shows the same state.
 */
export function WishlistHeart({
  product,
  className = "",
}: {
  product: Pick<ProductSummary, "id" | "name" | "nameLocalizations">;
  className?: string;
}) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const wishlist = useWishlist();
  const saved = wishlist.isSaved(product.id);
  const busy = wishlist.state.pending.has(product.id);
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={t("wishlist.heart", { name: productName(product, locale) })}
      // Pressing again while the first press is on its way would race it; the button says it is busy.
      aria-disabled={busy || undefined}
      onClick={() => wishlist.toggle(product)}
      data-wishlist-heart={product.id}
      className={`relative z-10 flex size-10 items-center justify-center rounded-full bg-white/95 shadow-md transition-colors hover:text-red-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
        saved ? "text-red-600" : "text-stone-700"
      } ${className}`}
    >
      <HeartIcon filled={saved} className={`size-5 transition-transform ${saved ? "scale-110" : ""}`} />
    </button>
  );
}
