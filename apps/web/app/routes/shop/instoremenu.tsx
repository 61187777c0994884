import { effectivePrice, formatMoney, MAX_PAGE_SIZE, type ProductSummary } from "@stoa/contract";
import { menuSections } from "../../catalogue/menu/menu-sections.ts";
import { productName } from "../../catalogue/product/product-name.ts";
import { stockLevel } from "../../catalogue/product/StockState.tsx";
import { TaxNote } from "../../catalogue/product/TaxNote.tsx";
import { UnitText } from "../../catalogue/product/UnitText.tsx";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { metaTranslator, rootDataOf, shopMeta } from "../../platform/meta.ts";
import type { ScreenHandle } from "../../platform/screen-route.ts";
import { StoaImage } from "../../platform/ui/StoaImage.tsx";
import { useShop } from "../../shell/root-data.ts";
import { categoryName, shopLogo, shopName } from "../../shell/shop.ts";
import type { Route } from "./+types/instoremenu";

export const handle: ScreenHandle = { screen: true };

/** The whole menu, in the shop's category order, for a screen on the wall or a tablet on the table. */
export async function loader({ context }: Route.LoaderArgs) {
  const { storeApi } = context;
  const result = await storeApi.page("productSearch", {
    query: { limit: MAX_PAGE_SIZE, page: 1 },
    body: { sortField: "name", sortType: "asc" },
  });
  return { products: result.records };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataOf(matches);
  if (root?.kind !== "shop") return shopMeta(root, { path: "/instoremenu" });
  const { t } = metaTranslator(root);
  return [
    ...shopMeta(root, { title: t("instore-menu.title"), path: "/instoremenu" }),
    // A screen in a shop is not a page to find through a search engine.
    { name: "robots", content: "noindex" },
  ];
};

function MenuLine({ product }: { product: ProductSummary }) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const soldOut = stockLevel(product) === "out-of-stock";
  const now = effectivePrice(product.price, product.salePrice);
  const money = (amount: number) => formatMoney(amount, product.currency, locale);
  return (
    <li className={`py-3 ${soldOut ? "opacity-50" : ""}`} data-menu-item={product.id}>
      <div className="flex items-baseline gap-3">
        <span className={`text-xl font-semibold text-white sm:text-2xl ${soldOut ? "line-through" : ""}`}>
          {productName(product, locale)}
        </span>
        <span aria-hidden="true" className="min-w-6 flex-1 border-b-2 border-dotted border-white/25" />
        <span className="shrink-0 text-xl font-bold tabular-nums text-amber-300 sm:text-2xl" data-price>
          {product.priceFrom !== null ? (
            <>
              <span className="me-2 text-base font-medium text-white/70">{t("variations.price-from")}</span>
              {product.regularPriceFrom !== null ? (
                <del className="me-2 text-base font-normal text-white/50">
                  <span className="sr-only">{t("product.price-was")} </span>
                  <bdi dir="ltr">{money(product.regularPriceFrom)}</bdi>
                </del>
              ) : null}
              <bdi dir="ltr">{money(product.priceFrom)}</bdi>
            </>
          ) : (
            <>
              {now < product.price ? (
                <del className="me-2 text-base font-normal text-white/50">
                  <span className="sr-only">{t("product.price-was")} </span>
                  <bdi dir="ltr">{money(product.price)}</bdi>
                </del>
              ) : null}
              <bdi dir="ltr">{money(now)}</bdi>
            </>
          )}
        </span>
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-base text-white/70">
        {product.remarks ? (
          <span
            className="rounded-full bg-amber-300/15 px-2.5 py-0.5 text-sm font-semibold text-amber-200"
            data-remarks
          >
            {product.remarks}
          </span>
        ) : null}
        {product.unit ? <UnitText unit={product.unit} /> : null}
        {soldOut ? <span className="font-semibold text-red-300">{t("instore-menu.sold-out")}</span> : null}
      </p>
    </li>
  );
}

export default function InStoreMenu({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store, categories, locale } = useShop();
  const sections = menuSections(categories, loaderData.products);
  const logo = shopLogo(store);
  return (
    <div
      className="surface-dark min-h-dvh bg-stone-950 px-6 py-8 text-white sm:px-10 lg:px-14 lg:py-12"
      data-instore-menu
    >
      <header className="mb-10 flex flex-wrap items-center gap-5 border-b border-white/15 pb-8">
        {logo ? (
          <StoaImage src={logo} alt="" width={64} height={64} className="size-14 rounded-2xl sm:size-16" />
        ) : null}
        <div className="min-w-0">
          <p className="text-lg text-white/70">{shopName(store, locale)}</p>
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">{t("instore-menu.title")}</h1>
        </div>
        <div className="ms-auto text-end text-white/70">
          <p className="text-lg">{t("instore-menu.subtitle")}</p>
          <TaxNote className="text-sm" />
        </div>
      </header>
      {sections.length === 0 ? (
        <p className="py-24 text-center text-3xl text-white/80">{t("instore-menu.empty")}</p>
      ) : (
        <div className="gap-14 md:columns-2 2xl:columns-3">
          {sections.map(({ category, products }) => (
            <section
              key={category?.id ?? "more"}
              aria-labelledby={`instore-${category?.slug ?? "more"}`}
              className="mb-12 break-inside-avoid"
            >
              <h2
                id={`instore-${category?.slug ?? "more"}`}
                className="mb-2 text-sm font-bold uppercase ltr:tracking-[0.25em] text-amber-300"
              >
                {category ? categoryName(category, locale) : t("listing.other-products")}
              </h2>
              <ul className="divide-y divide-white/10">
                {products.map((product) => (
                  <MenuLine key={product.id} product={product} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
