import { Link } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { metaTranslator, rootDataOf, shopMeta } from "../../platform/meta.ts";
import { EmptyState } from "../../platform/ui/EmptyState.tsx";
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
    <EmptyState
      className="mt-8"
      icon={<TagIcon className="size-8" />}
      title={t("offers.empty-title")}
      text={t("offers.empty-text")}
      action={
        <Link to="/products" className={buttonClass.primary}>
          {t("offers.browse")}
        </Link>
      }
      data-offers-empty
    />
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
