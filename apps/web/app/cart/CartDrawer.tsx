import { type CartItem, cartTotal, formatMoney, inStock } from "@stoa/contract";
import { Link } from "react-router";
import { ProductThumbnail } from "../catalogue/product/ProductThumbnail.tsx";
import { QuantityStepper } from "../catalogue/product/QuantityStepper.tsx";
import { TaxNote } from "../catalogue/product/TaxNote.tsx";
import { useCheckout } from "../checkout/CheckoutProvider.tsx";
import { LineProblemNotice } from "../checkout/LineProblemNotice.tsx";
import { checkoutPathFor } from "../checkout/line-problems.ts";
import { leftToRight } from "../platform/i18n/bidi.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { CartIcon, TrashIcon } from "../platform/ui/icons.tsx";
import { buttonClass } from "../platform/ui/ui.ts";
import { WholeWords } from "../platform/ui/WholeWords.tsx";
import { DrawerFrame } from "../shell/drawer/DrawerFrame.tsx";
import { useDrawer } from "../shell/drawer/DrawerProvider.tsx";
import { useShop } from "../shell/root-data.ts";
import { useCart } from "./CartProvider.tsx";

function productHref(item: CartItem): string {
  return `/products/${item.productId}${item.variationId === undefined ? "" : `?variation=${item.variationId}`}`;
}

function CartLine({ item, currency }: { item: CartItem; currency: string }) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { closeDrawer } = useDrawer();
  const { setQuantity, removeItem, stockNotes } = useCart();
  // A line the shop can no longer sell stays in the cart with no stock, so the shopper sees it go.
  const unavailable = item.stock <= 0;
  const lowered = stockNotes.get(item.id);
  // What the last check against the shop found wrong with this line (checkout prices the cart).
  const problems = useCheckout().problems.get(item.id) ?? [];
  const money = (amount: number) => (
    <bdi dir="ltr">{formatMoney(amount, item.currency ?? currency, locale)}</bdi>
  );
  return (
    <li
      className="flex gap-4 py-4"
      data-cart-line={item.id}
      data-quantity={item.quantity}
      data-unavailable={unavailable || undefined}
    >
      <ProductThumbnail
        image={item.image}
        size={96}
        className={`size-20 shrink-0 rounded-xl ${unavailable ? "opacity-50" : ""}`}
        to={productHref(item)}
      />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex items-start justify-between gap-3">
          <Link
            to={productHref(item)}
            onClick={closeDrawer}
            className="line-clamp-2 font-medium text-stone-950 hover:underline"
            data-cart-line-name
          >
            <WholeWords text={item.name} />
          </Link>
          <p
            className={`shrink-0 font-semibold tabular-nums ${unavailable ? "text-stone-400 line-through" : "text-stone-950"}`}
            data-line-total
          >
            {money(item.itemTotal)}
          </p>
        </div>
        {item.options?.length ? (
          <p className="text-sm text-stone-600" data-cart-line-options>
            {item.options.join(" · ")}
          </p>
        ) : null}
        <p className="text-sm tabular-nums text-stone-600" data-unit-price>
          {t("cart.each", { price: leftToRight(formatMoney(item.price, item.currency ?? currency, locale)) })}
          {item.regularPrice !== undefined && item.regularPrice > item.price ? (
            <del className="ms-2 text-stone-500" data-price-was>
              <span className="sr-only">{t("product.price-was")} </span>
              {money(item.regularPrice)}
            </del>
          ) : null}
        </p>
        <div className="flex flex-wrap items-center justify-between gap-2 pt-1">
          {unavailable ? (
            <p className="text-sm font-medium text-red-700" data-line-unavailable>
              {t("cart.line-unavailable")}
            </p>
          ) : (
            <QuantityStepper
              quantity={item.quantity}
              stock={item.stock}
              name={item.name}
              onChange={(quantity) => setQuantity(item.id, quantity)}
            />
          )}
          <button
            type="button"
            onClick={(event) => {
              // Focus stays in the drawer, on the next line's Remove, else the one before, else
              // the drawer itself: the button pressed is about to go.
              const line = event.currentTarget.closest("[data-cart-line]");
              const neighbour = (
                line?.nextElementSibling ?? line?.previousElementSibling
              )?.querySelector<HTMLElement>("[data-remove-line]");
              const drawer = event.currentTarget.closest<HTMLElement>('[role="dialog"]');
              (neighbour ?? drawer)?.focus();
              removeItem(item.id);
            }}
            className="inline-flex items-center gap-1.5 rounded-full px-3 py-2 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-stone-950"
            aria-label={t("cart.remove-item", { name: item.name })}
            data-remove-line
          >
            <TrashIcon className="size-4" />
            {t("cart.remove")}
          </button>
        </div>
        {unavailable || inStock(item) ? null : lowered?.kept === item.quantity ? (
          <p className="text-xs font-medium text-amber-700" data-line-lowered>
            {t("cart.line-lowered", { kept: lowered.kept, asked: lowered.asked })}
          </p>
        ) : (
          <p className="text-xs font-medium text-amber-700" data-stock-limit>
            {t("cart.stock-limit-line", { count: item.stock })}
          </p>
        )}
        {problems.map((problem) => (
          <LineProblemNotice
            key={problem.kind}
            problem={problem}
            item={item}
            currency={item.currency ?? currency}
          />
        ))}
      </div>
    </li>
  );
}

function EmptyCart() {
  const { t } = useTranslation();
  const { closeDrawer } = useDrawer();
  return (
    <div className="flex h-full flex-col items-center justify-center px-8 py-16 text-center">
      <span className="flex size-20 items-center justify-center rounded-full bg-brand/10 text-brand">
        <CartIcon className="size-9" />
      </span>
      <p className="mt-6 text-lg font-semibold text-stone-950">{t("cart.empty-title")}</p>
      <p className="mt-2 max-w-xs text-sm leading-6 text-stone-600">{t("cart.empty-text")}</p>
      <Link to="/products" onClick={closeDrawer} className={`${buttonClass.primary} mt-8`}>
        {t("cart.start-shopping")}
      </Link>
    </div>
  );
}

/** The `cart` drawer: the lines with their options, prices and steppers, the subtotal and checkout. */
export function CartDrawer() {
  const { t } = useTranslation();
  const { closeDrawer } = useDrawer();
  const { locale } = useShop();
  const { cart } = useCart();
  const { calculation, state: checkout } = useCheckout();
  // Every line of one shop's cart is priced in that shop's currency.
  const currency = cart.items[0]?.currency ?? "USD";
  // What can be bought: a line the shop no longer sells is shown, not counted.
  const subtotal = cartTotal(cart.items.filter((item) => item.stock > 0));
  return (
    <DrawerFrame
      title={t("cart.title")}
      footer={
        cart.isEmpty ? undefined : (
          <div className="space-y-4">
            <div className="flex items-center justify-between text-base">
              <span className="text-stone-700">{t("cart.subtotal")}</span>
              <span className="font-semibold tabular-nums text-stone-950" data-cart-subtotal>
                <bdi dir="ltr">{formatMoney(subtotal, currency, locale)}</bdi>
              </span>
            </div>
            {checkout.verified_response && calculation?.referral && calculation.referral.amount > 0 ? (
              // The pricing of this very cart (a change drops it) found a referral code: its reward.
              <div
                className="-mt-2 flex items-center justify-between gap-3 text-sm text-emerald-700"
                data-cart-referral={calculation.referral.code}
              >
                <span>{t("referral.checkout.reward-line", { code: calculation.referral.code })}</span>
                <span className="tabular-nums">
                  <bdi dir="ltr">
                    −{formatMoney(calculation.referral.amount, calculation.currency, locale)}
                  </bdi>
                </span>
              </div>
            ) : null}
            <TaxNote className="-mt-3 text-sm text-stone-600" />
            <Link
              to={checkoutPathFor(cart.items, calculation)}
              onClick={closeDrawer}
              className={`${buttonClass.primary} w-full`}
              data-checkout
            >
              {t("cart.checkout")}
            </Link>
          </div>
        )
      }
    >
      {cart.isEmpty ? (
        <EmptyCart />
      ) : (
        <div className="px-5">
          <p className="sr-only" aria-live="polite">
            {t("cart.count", { count: cart.totalItems })}
          </p>
          <ul className="divide-y divide-stone-200" data-cart-lines>
            {cart.items.map((item) => (
              <CartLine key={item.id} item={item} currency={currency} />
            ))}
          </ul>
        </div>
      )}
    </DrawerFrame>
  );
}
