import { Link } from "react-router";
import { RequireAuth } from "../../account/AccessGate.tsx";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { UserIcon } from "../../platform/ui/icons.tsx";
import { buttonClass, containerClass } from "../../platform/ui/ui.ts";
import { useAuth } from "../../shell/root-data.ts";
import type { Route } from "./+types/checkout-guest";

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/checkout/guest", (t) => t("checkout.guest-title"));

/** Where guest checkout lands. The guest session is real; the checkout form is a later issue, and the page says so. */
function GuestCheckoutPlaceholder() {
  const { t } = useTranslation();
  const auth = useAuth();
  const guest = auth.status === "signed-in" && auth.user.isGuest;
  return (
    <div className={`${containerClass} py-16`}>
      <section
        className="mx-auto max-w-lg rounded-3xl border border-stone-200 bg-white px-6 py-10 text-center shadow-sm sm:px-10"
        data-guest-checkout
      >
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand/10 text-brand">
          <UserIcon className="size-7" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-stone-950">{t("checkout.guest-title")}</h1>
        <p className="mt-3 text-sm leading-6 text-stone-600">
          {t(guest ? "checkout.guest-session" : "checkout.signed-in-session")}
        </p>
        <p className="mt-2 text-sm leading-6 text-stone-600">{t("checkout.coming-soon")}</p>
        <Link to="/products" className={`${buttonClass.primary} mt-8 w-full`}>
          {t("cart.start-shopping")}
        </Link>
      </section>
    </div>
  );
}

export default function GuestCheckout() {
  return (
    <RequireAuth ready allowGuest>
      <GuestCheckoutPlaceholder />
    </RequireAuth>
  );
}
