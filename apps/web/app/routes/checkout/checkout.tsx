import { Link } from "react-router";
import { RequireAuth } from "../../account/AccessGate.tsx";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { InfoIcon } from "../../platform/ui/icons.tsx";
import { buttonClass, containerClass } from "../../platform/ui/ui.ts";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  accountPageMeta(matches, location.pathname, (t) => t("checkout.title"));

/**
 * Checkout itself is a later issue. What exists now is its door: a visitor meets the login view
 * here (with guest checkout where the shop allows it), and a session gets an honest notice.
 */
function CheckoutPlaceholder() {
  const { t } = useTranslation();
  return (
    <div className={`${containerClass} py-16`}>
      <section
        className="mx-auto max-w-lg rounded-3xl border border-stone-200 bg-white px-6 py-10 text-center shadow-sm sm:px-10"
        data-checkout-placeholder
      >
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand/10 text-brand">
          <InfoIcon className="size-7" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-stone-950">{t("checkout.title")}</h1>
        <p className="mt-3 text-sm leading-6 text-stone-600">{t("checkout.coming-soon")}</p>
        <Link to="/products" className={`${buttonClass.primary} mt-8 w-full`}>
          {t("cart.start-shopping")}
        </Link>
      </section>
    </div>
  );
}

export default function Checkout() {
  return (
    <RequireAuth ready allowGuest>
      <CheckoutPlaceholder />
    </RequireAuth>
  );
}
