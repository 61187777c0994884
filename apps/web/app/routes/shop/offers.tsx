import { Link } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { metaTranslator, rootDataOf, shopMeta } from "../../platform/meta.ts";
import { TagIcon } from "../../platform/ui/icons.tsx";
import { buttonClass, containerClass } from "../../platform/ui/ui.ts";
import { OfferCard } from "../../promotions/OfferCard.tsx";
import type { Route } from "./+types/offers";

/**
 * The coupons the shop advertises (spec §2 `/offers`): the same for every shopper, so the page is
 * shared (server/shared-pages.ts); whether a coupon needs signing in is said on its card. The
 * shopper types the code at checkout, where coupons are entered.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { records } = await context.storeApi.page("couponOffers", {});
  return { offers: records };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataOf(matches);
  if (root?.kind !== "shop") return shopMeta(root, { path: "/offers" });
  const { t } = metaTranslator(root);
  return shopMeta(root, { title: t("offers.title"), description: t("offers.lead"), path: "/offers" });
};

function NoOffers() {
  const { t } = useTranslation();
  return (
    <div
      className="mt-8 rounded-3xl border border-dashed border-stone-300 px-6 py-16 text-center"
      data-offers-empty
    >
      <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand/10 text-brand">
        <TagIcon className="size-8" />
      </span>
      <p className="mt-5 text-lg font-semibold text-stone-950">{t("offers.empty-title")}</p>
      <p className="mx-auto mt-2 max-w-sm text-sm leading-6 text-stone-600">{t("offers.empty-text")}</p>
      <Link to="/products" className={`${buttonClass.primary} mt-6`}>
        {t("offers.browse")}
      </Link>
    </div>
  );
}

export default function Offers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { offers } = loaderData;
  return (
    <div className={`${containerClass} py-8 sm:py-12`} data-offers-page>
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-stone-950 sm:text-4xl">
          {t("offers.title")}
        </h1>
        <p className="mt-3 text-lg leading-8 text-pretty text-stone-600">{t("offers.lead")}</p>
      </header>
      {offers.length === 0 ? (
        <NoOffers />
      ) : (
        <ul className="mt-8 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
          {offers.map((offer) => (
            <OfferCard key={offer.code} offer={offer} />
          ))}
        </ul>
      )}
    </div>
  );
}
