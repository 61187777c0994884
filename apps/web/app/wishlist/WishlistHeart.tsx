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
  compact = false,
  className = "",
}: {
  product: Pick<ProductSummary, "id" | "name" | "nameLocalizations">;
  /** On a card: smaller on phones, where a 40 px button over a 130 px picture hides too much of it. */
  compact?: boolean;
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
      // Colour and size follow the pressed state in app.css (`wishlist-heart`): a card repeats this.
      className={`picture-button wishlist-heart${compact ? " wishlist-heart-compact" : ""}${className ? ` ${className}` : ""}`}
    >
      <HeartIcon filled={saved} className={null} />
    </button>
  );
}
