import { formatMoney, SAVED_CART_MAX_QUANTITY, type SavedCartLine } from "@stoa/contract";
import { Link, redirect } from "react-router";
import { CartNoticeBanner } from "../../cart/CartNoticeBanner.tsx";
import {
  applyCartChange,
  backWithNotice,
  cartChangeOf,
  lineOfChoices,
  postsChoices,
} from "../../cart/cart-form.server.ts";
import { CART_NOTICE_PARAM, cartNoticeOf } from "../../cart/cart-notice.ts";
import { CHECKOUT_PATHS } from "../../checkout/checkout-request.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { signedInCustomer } from "../../platform/session/auth-state.ts";
import { buttonClass, inputClass } from "../../platform/ui/ui.ts";
import { useShop } from "../../shell/root-data.ts";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/cart", (t) => t("cart.title"));

/**
 * The cart as a page (decision 047): the lines of the session's saved cart, priced by the server,
 * with forms to change them and the way to checkout. The header's cart icon links here; once the
 * page's scripts run it opens the drawer instead, over the cart kept on the device.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { storeApi } = context;
  const notice = cartNoticeOf(new URL(request.url).searchParams.get(CART_NOTICE_PARAM));
  const [store, { auth }] = await Promise.all([storeApi.page("storeGetByDomain", {}), storeApi.session()]);
  const saved = auth.status === "signed-out" ? null : await storeApi.pageAnswer("savedCart", {});
  const checkout = signedInCustomer(auth) ? CHECKOUT_PATHS.customer : CHECKOUT_PATHS.guest;
  return {
    notice,
    lines: saved?.ok ? saved.data.items : [],
    currency: store.settings.currency,
    checkout,
  };
}

/** A line's quantity set, a line removed, or a product added from a page without scripts. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  let change = cartChangeOf(form);
  if (!change) return redirect(backWithNotice(form.get("back"), "failed"));
  // A product's options and add-ons chosen on a page without scripts: settled here, by the
  // product as the shop sells it now.
  if (change.kind === "add" && postsChoices(form)) {
    const product = await context.storeApi.pageAnswer("productInfo", {
      params: { id: change.line.productId },
    });
    const line = product.ok ? lineOfChoices(product.data, form, change.line.quantity) : "choose";
    if (line === "choose")
      return redirect(backWithNotice(form.get("back"), product.ok ? "choose" : "failed"));
    change = { kind: "add", line };
  }
  const { notice, sessionCookie, items } = await applyCartChange(context.storeApi, change);
  return redirect(backWithNotice(form.get("back"), notice, items), {
    headers: sessionCookie ? { "Set-Cookie": sessionCookie } : undefined,
  });
}

function CartPageLine({ line, currency }: { line: SavedCartLine; currency: string }) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const inStock = line.isAvailable && line.stock > 0;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 py-4" data-cart-page-line={line.id}>
      <div className="min-w-0 flex-1">
        <Link to={`/products/${line.productId}`} className="font-medium text-stone-950 hover:underline">
          {line.name}
        </Link>
        <p className="text-sm text-stone-600">
          {inStock ? (
            t("cart.each", { price: formatMoney(line.price, currency, locale) })
          ) : (
            <span className="text-red-700">{t("cart.line-unavailable")}</span>
          )}
        </p>
      </div>
      <form method="post" action="/cart" className="flex items-center gap-2">
        <input type="hidden" name="intent" value="set" />
        <input type="hidden" name="line" value={line.id} />
        <input type="hidden" name="back" value="/cart" />
        <label className="sr-only" htmlFor={`quantity-${line.id}`}>
          {t("cart.quantity-of", { name: line.name })}
        </label>
        <input
          id={`quantity-${line.id}`}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={0}
          max={Math.max(1, Math.min(line.stock, SAVED_CART_MAX_QUANTITY))}
          defaultValue={line.quantity}
          className={`${inputClass} w-20 tabular-nums`}
        />
        <button type="submit" className={buttonClass.secondary}>
          {t("cart.update")}
        </button>
      </form>
      <form method="post" action="/cart">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="line" value={line.id} />
        <input type="hidden" name="back" value="/cart" />
        <button
          type="submit"
          className={buttonClass.quiet}
          aria-label={t("cart.remove-item", { name: line.name })}
        >
          {t("cart.remove")}
        </button>
      </form>
      <span className="w-24 text-end font-semibold tabular-nums text-stone-950">
        <bdi dir="ltr">{formatMoney(line.price * line.quantity, currency, locale)}</bdi>
      </span>
    </li>
  );
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { lines, currency, notice, checkout } = loaderData;
  const buyable = lines.filter((line) => line.isAvailable && line.stock > 0);
  const subtotal = buyable.reduce((sum, line) => sum + line.price * line.quantity, 0);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6" data-cart-page>
      <h1 className="text-2xl font-bold text-stone-950">{t("cart.title")}</h1>
      {notice ? <CartNoticeBanner notice={notice} /> : null}
      {lines.length === 0 ? (
        <div className="mt-6 space-y-4">
          <p className="text-stone-700">{t("cart.empty-title")}</p>
          <Link to="/" className={buttonClass.primary}>
            {t("cart.start-shopping")}
          </Link>
        </div>
      ) : (
        <>
          <ul className="mt-6 divide-y divide-stone-200 border-y border-stone-200" data-cart-page-lines>
            {lines.map((line) => (
              <CartPageLine key={line.id} line={line} currency={currency} />
            ))}
          </ul>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
            <p className="text-base">
              <span className="text-stone-700">{t("cart.subtotal")}</span>{" "}
              <span className="font-semibold tabular-nums text-stone-950" data-cart-page-subtotal>
                <bdi dir="ltr">{formatMoney(subtotal, currency, locale)}</bdi>
              </span>
            </p>
            {buyable.length > 0 ? (
              <Link to={checkout} className={buttonClass.primary} data-cart-page-checkout>
                {t("cart.checkout")}
              </Link>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
