import { HOME_SECTION_SIZE, type ProductSearchBody, SORT_DEFAULTS } from "@stoa/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CategoryTiles } from "../components/CategoryTiles.tsx";
import { ArrowEndIcon } from "../components/icons.tsx";
import { ProductGrid } from "../components/product/ProductCard.tsx";
import { StoaImage } from "../components/StoaImage.tsx";
import { buttonClass, containerClass } from "../components/ui.ts";
import { requestLocale, storeClientFor } from "../lib/api.server.ts";
import { rootDataOf, shopMeta } from "../lib/meta.ts";
import { productListHref } from "../lib/product-query.ts";
import { storeData } from "../lib/responses.server.ts";
import { useShop } from "../lib/root-data.ts";
import { shopName } from "../lib/shop.ts";
import type { Route } from "./+types/home";

/** The home page's product rows: what each asks the search for and where its "see all" leads. */
const SECTIONS = [
  { key: "new-arrivals", body: SORT_DEFAULTS.weeklyDeals, seeAll: productListHref({ sort: "newest" }) },
  { key: "on-sale", body: { isOnSale: 1 }, seeAll: productListHref({ onSale: true }) },
  { key: "best-sellers", body: SORT_DEFAULTS.bestSellers, seeAll: productListHref({ sort: "best-selling" }) },
] as const satisfies readonly { key: string; body: ProductSearchBody; seeAll: string }[];

export async function loader({ request }: Route.LoaderArgs) {
  const client = storeClientFor(request, requestLocale(request));
  const sections = await Promise.all(
    SECTIONS.map(async ({ key, body, seeAll }) => {
      const result = await storeData(
        client.call("productSearch", { query: { limit: HOME_SECTION_SIZE, page: 1 }, body: { ...body } }),
      );
      return { key, seeAll, products: result.records };
    }),
  );
  return { sections };
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
  const { t } = useTranslation();
  return (
    <>
      <Hero />
      <CategoryTiles />
      {loaderData.sections.map((section) =>
        section.products.length === 0 ? null : (
          <section
            key={section.key}
            aria-labelledby={`home-${section.key}`}
            className={`${containerClass} mt-16`}
          >
            <div className="mb-6 flex items-end justify-between gap-4">
              <h2
                id={`home-${section.key}`}
                className="text-2xl font-bold tracking-tight text-stone-950 sm:text-3xl"
              >
                {t(`home.${section.key}`)}
              </h2>
              <Link
                to={section.seeAll}
                className="flex shrink-0 items-center gap-1 text-sm font-semibold text-brand hover:underline"
              >
                {t("home.see-all")}
                <ArrowEndIcon className="size-4" />
              </Link>
            </div>
            <ProductGrid products={section.products} />
          </section>
        ),
      )}
    </>
  );
}
