import { Link } from "react-router";
import { ReserveInvite } from "../../booking/reservations/ReserveInvite.tsx";
import { CategoryTiles } from "../../catalogue/categories/CategoryTiles.tsx";
import { firstBannerArtReady, HeroCarousel } from "../../catalogue/home/HeroCarousel.tsx";
import { LaterRails, RailSection } from "../../catalogue/home/HomeRails.tsx";
import { firstHomeRails, homeBanners } from "../../catalogue/home/home-sections.server.ts";
import { productListHref } from "../../catalogue/listing/product-query.ts";
import { RecentlyViewedShelf } from "../../catalogue/product/RecentlyViewedShelf.tsx";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { rootDataOf, shopMeta } from "../../platform/meta.ts";
import { ArrowEndIcon } from "../../platform/ui/icons.tsx";
import { StoaImage } from "../../platform/ui/StoaImage.tsx";
import { buttonClass, containerClass } from "../../platform/ui/ui.ts";
import { useShop } from "../../shell/root-data.ts";
import { shopName } from "../../shell/shop.ts";
import type { Route } from "./+types/home";

/**
 * The page as the server renders it: the banners and the first rail (best sellers). The rails
 * below come when the shopper scrolls near them (LaterRails, decision 031).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { storeApi } = context;
  const [banners, rails] = await Promise.all([homeBanners(storeApi), firstHomeRails(storeApi)]);
  return { banners, rails };
}

/**
 * In the browser (a link to home, a language switch on it), the page comes in once its first
 * banner's art is ready too, so words and art change together. The first load needs no wait: the
 * server's page preloads that art.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await firstBannerArtReady(data.banners);
  return data;
}

export const meta: Route.MetaFunction = ({ matches }) => shopMeta(rootDataOf(matches), { path: "/" });

function Hero() {
  const { t } = useTranslation();
  const { store, locale } = useShop();
  const banner = store.settings.seo.ogImage.original;
  return (
    <section className="relative overflow-hidden bg-brand text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,rgb(255_255_255/0.18),transparent_45%),radial-gradient(circle_at_90%_80%,rgb(0_0_0/0.25),transparent_50%)]"
      />
      <div
        className={`${containerClass} relative grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:py-20`}
      >
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-white/75">{t("home.welcome")}</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {shopName(store, locale)}
          </h1>
          <p className="mt-5 max-w-lg text-lg leading-8 text-white/90 text-pretty">
            {store.settings.tagline}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/products" className={buttonClass.inverted}>
              {t("home.shop-now")}
              <ArrowEndIcon className="size-4" />
            </Link>
            <Link
              to={productListHref({ onSale: true })}
              className="inline-flex items-center justify-center rounded-full border border-white/40 px-6 py-3 text-sm font-semibold text-white hover:bg-white/10"
            >
              {t("home.see-offers")}
            </Link>
          </div>
        </div>
        {banner ? (
          <StoaImage
            src={banner}
            alt=""
            width={800}
            height={600}
            sizes="(min-width: 1280px) 36rem, (min-width: 1024px) 45vw, 100vw"
            priority
            className="aspect-[4/3] w-full rounded-3xl object-cover shadow-2xl ring-1 ring-white/20"
          />
        ) : null}
      </div>
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { banners, rails } = loaderData;
  const { locale } = useShop();
  return (
    <>
      {banners.length > 0 ? <HeroCarousel banners={banners} /> : <Hero />}
      <ReserveInvite />
      <CategoryTiles />
      {rails.map((rail) => (
        <RailSection key={rail.key} rail={rail} />
      ))}
      <LaterRails key={locale} />
      <RecentlyViewedShelf className={`${containerClass} mt-14 sm:mt-16`} />
    </>
  );
}
