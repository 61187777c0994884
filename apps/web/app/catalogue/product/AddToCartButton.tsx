import { type CartItemInput, canAddOneMore, cartLineId, type ProductSummary } from "@stoa/contract";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { useCart } from "../../cart/CartProvider.tsx";
import { CHOICES_FIELD } from "../../cart/cart-fields.ts";
import { CART_NOTICE_PARAM } from "../../cart/cart-notice.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { CartIcon } from "../../platform/ui/icons.tsx";
import { useToast } from "../../platform/ui/ToastProvider.tsx";
import { buttonClass } from "../../platform/ui/ui.ts";
import { useHydrated } from "../../platform/ui/use-hydrated.ts";
import { useLineDestination } from "./line-destination.tsx";
import { stockLevel } from "./StockState.tsx";

/** A card's button (app.css `card-action`): one line even in a 360 px phone's two-column grid. */
const SMALL = "card-action card-buy";

/**
 * Adds what the shopper chose. It refuses while an option is unchosen (`missing` says which, on the
 * button itself), while the item is sold out, and for more than the stock (spec §4). The line goes
 * into the cart at once (the cart is local; checkout prices it again) and a toast says so, or says
 * that the cart already holds all there is.
 *
 * It is the button of a form posted to `/cart` (decision 047): before the page's scripts run (or
 * without them) the press adds the line to the session's saved cart and the page comes back with
 * a notice. Once they run, the press is handled here and the form is never sent.
 */
export function AddToCartButton({
  product,
  line,
  quantity = 1,
  missing = null,
  onBeforeAdd,
  total,
  size = "md",
  sticky = false,
  className = "",
  formId,
}: {
  /** The product, or the chosen variation of it. */
  product: Pick<ProductSummary, "stock" | "isAvailable">;
  /** The cart line to add: product, variation and add-ons, built when the shopper clicks. */
  line: () => CartItemInput;
  quantity?: number;
  /** "Choose a size": shown instead of adding while the shopper still has to choose. */
  missing?: string | null;
  /** Last check before adding (required add-ons); returning false keeps the item out of the cart. */
  onBeforeAdd?: () => boolean;
  /** Running total shown on the button, for dishes with paid extras. */
  total?: ReactNode;
  size?: "md" | "sm";
  /** The phone's sticky buy bar's copy of the page's button, marked apart from it. */
  sticky?: boolean;
  className?: string;
  /** The form's id, for choices drawn outside it (variation radios, add-on boxes) to post with it. */
  formId?: string;
}) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const { cart, addItem } = useCart();
  const hydrated = useHydrated();
  const destination = useLineDestination();
  const soldOut = stockLevel(product) === "out-of-stock";
  // Adding `quantity` keeps the line in stock only if quantity − 1 more still fit under the stock.
  const tooMany = !soldOut && !canAddOneMore(quantity - 1, product.stock);
  // Before the scripts run, choices made in the form are settled by the server (decision 047).
  const choosing = missing !== null && (hydrated || !formId);
  const disabled = soldOut || tooMany || choosing;
  const label = soldOut
    ? t("product.out-of-stock")
    : choosing
      ? missing
      : (destination?.label ?? t("cart.add"));
  const location = useLocation();
  const back = new URLSearchParams(location.search);
  back.delete(CART_NOTICE_PARAM);
  const query = back.toString();
  // What a plain post adds: the product and, from the form's own fields, its choices.
  const posted = disabled ? null : line();
  return (
    <form method="post" action="/cart" className="contents" id={formId}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="back" value={`${location.pathname}${query ? `?${query}` : ""}`} />
      {posted ? (
        <>
          <input type="hidden" name="productId" value={posted.productId} />
          {posted.variationId === undefined ? null : (
            <input type="hidden" name="variationId" value={posted.variationId} />
          )}
          <input type="hidden" name="quantity" value={quantity} />
          {formId ? <input type="hidden" name={CHOICES_FIELD} value="1" /> : null}
        </>
      ) : null}
      <button
        type="submit"
        disabled={disabled}
        onClick={(event) => {
          event.preventDefault();
          if (onBeforeAdd && !onBeforeAdd()) return;
          const item = line();
          if (destination) {
            destination.add(item, quantity);
            return;
          }
          const id = cartLineId(item);
          const before = cart.items.find((entry) => entry.id === id)?.quantity ?? 0;
          const after = addItem(item, quantity).items.find((entry) => entry.id === id)?.quantity ?? 0;
          showToast(after > before ? t("cart.added", { name: item.name }) : t("cart.stock-limit"));
        }}
        className={`${size === "sm" ? SMALL : `${buttonClass.primary} whitespace-nowrap`}${className ? ` ${className}` : ""}`}
        {...{
          [sticky ? "data-sticky-add-to-cart" : "data-add-to-cart"]: soldOut
            ? "sold-out"
            : choosing
              ? "choose"
              : "ready",
        }}
      >
        {!choosing && !soldOut ? (
          // A card's button sizes its icon and label in app.css (`card-action`).
          <CartIcon className={size === "sm" ? null : "size-5 shrink-0"} />
        ) : null}
        <span>{label}</span>
        {total && !disabled ? (
          <>
            <span aria-hidden="true" className="opacity-60">
              ·
            </span>
            <span className="tabular-nums">{total}</span>
          </>
        ) : null}
      </button>
    </form>
  );
}
