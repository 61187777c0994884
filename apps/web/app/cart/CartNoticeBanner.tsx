import { Link, useLocation } from "react-router";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { containerClass } from "../platform/ui/ui.ts";
import { CART_NOTICE_PARAM, type CartNotice, cartNoticeOf } from "./cart-notice.ts";

/** What a cart form did, on the page the post returned to (decision 047); read out when it shows. */
export function CartNoticeBanner({ notice }: { notice: CartNotice }) {
  const { t } = useTranslation();
  const trouble = notice !== "added" && notice !== "changed";
  return (
    <p
      role="status"
      className={`mt-4 rounded-lg px-4 py-3 text-sm ${trouble ? "bg-amber-50 text-amber-900" : "bg-emerald-50 text-emerald-900"}`}
      data-cart-notice={notice}
    >
      {t(`cart.notice-${notice}`)}{" "}
      {notice === "added" ? (
        <Link to="/cart" className="font-semibold underline">
          {t("cart.view")}
        </Link>
      ) : null}
    </p>
  );
}

/** The notice of a cart form posted from any page but the cart's own, under the header. */
export function ShellCartNotice() {
  const { pathname, search } = useLocation();
  const notice = cartNoticeOf(new URLSearchParams(search).get(CART_NOTICE_PARAM));
  if (!notice || pathname === "/cart") return null;
  return (
    <div className={containerClass}>
      <CartNoticeBanner notice={notice} />
    </div>
  );
}
