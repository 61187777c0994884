import { localized, type ProductInfo, type ProductVariation } from "@stoa/contract";
import { useCallback, useEffect, useState } from "react";
import { Link, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { CheckFit, FitmentTable } from "../../catalogue/fitment/Fitment.tsx";
import { productListHref } from "../../catalogue/listing/product-query.ts";
import { categoryTrail } from "../../catalogue/product/category-trail.ts";
import { ProductGallery } from "../../catalogue/product/ProductGallery.tsx";
import { ProductPurchase } from "../../catalogue/product/ProductPurchase.tsx";
import { productName } from "../../catalogue/product/product-name.ts";
import { PRODUCT_ID } from "../../catalogue/product/product-path.ts";
import { RecentlyViewedShelf } from "../../catalogue/product/RecentlyViewedShelf.tsx";
import { RelatedProducts } from "../../catalogue/product/RelatedProducts.tsx";
import { rememberViewed } from "../../catalogue/product/recently-viewed.ts";
import { UnitText } from "../../catalogue/product/UnitText.tsx";
import { unitText } from "../../catalogue/product/unit-text.ts";
import type { ProductPageData } from "../../catalogue/product-modals/use-product-info.ts";
import { pageProblem } from "../../platform/api/page-answer.server.ts";
import { LOCALE_ACTION } from "../../platform/i18n/locale.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { rootDataOf, shopMeta } from "../../platform/meta.ts";
import { containerClass } from "../../platform/ui/ui.ts";
import { WholeWords } from "../../platform/ui/WholeWords.tsx";
import { useShop } from "../../shell/root-data.ts";
import { categoryName } from "../../shell/shop.ts";
import { WishlistHeart } from "../../wishlist/WishlistHeart.tsx";
import type { Route } from "./+types/product";

/** The search parameter that names the chosen variation, so a choice can be shared as a link. */
const VARIATION_PARAM = "variation";

export async function loader({ context, params }: Route.LoaderArgs) {
  if (!PRODUCT_ID.test(params.id)) throw pageProblem("product-not-found", 404);
  const { storeApi } = context;
  const product = await storeApi.page(
    "productInfo",
    { params: { id: Number(params.id) } },
    { notFound: "product-not-found" },
  );
  // The related products come when the shopper scrolls near them (RelatedProducts, decision 031):
  // the page says how many there are, and neither its HTML nor its data carries them.
  const relatedCount = product.related.length;
  return { product: { ...product, related: [] }, relatedCount } satisfies ProductPageData;
}

/**
 * Choosing a variation only rewrites `?variation=`; the product itself has not changed. A language
 * switch posts and comes back to the same address, and the product must then be read in the new
 * language (its name, options, breadcrumb).
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formAction === LOCALE_ACTION) return true;
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(VARIATION_PARAM);
    return params.toString();
  };
  return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataOf(matches);
  if (root?.kind !== "shop" || !loaderData) return shopMeta(root, { path: "/" });
  const { product } = loaderData;
  const description = localized(product.descriptionLocalizations, root.locale) || product.description;
  return shopMeta(root, {
    title: productName(product, root.locale),
    description: description.slice(0, 160),
    path: `/products/${product.id}`,
    type: "product",
  });
};

function Breadcrumb({ product, name }: { product: ProductInfo; name: string }) {
  const { t } = useTranslation();
  const { categories, locale } = useShop();
  const trail = categoryTrail(
    categories,
    product.categories.map((category) => category.id),
  );
  return (
    <nav aria-label={t("product.breadcrumb")} className="mb-6 text-sm text-stone-500">
      <ol className="flex flex-wrap items-center gap-2">
        <li>
          <Link to="/" className="hover:text-stone-900">
            {t("nav.home")}
          </Link>
        </li>
        {trail.map((category) => (
          <li key={category.id} className="flex items-center gap-2">
            <span aria-hidden="true">/</span>
            <Link to={productListHref({ categories: [category.slug] })} className="hover:text-stone-900">
              {categoryName(category, locale)}
            </Link>
          </li>
        ))}
        <li className="flex min-w-0 items-center gap-2">
          <span aria-hidden="true">/</span>
          <span aria-current="page" className="line-clamp-1 text-stone-900">
            <WholeWords text={name} />
          </span>
        </li>
      </ol>
    </nav>
  );
}

function Tags({ product }: { product: ProductInfo }) {
  const { t } = useTranslation();
  if (product.tags.length === 0) return null;
  return (
    <section aria-labelledby="product-tags">
      <h2 id="product-tags" className="mb-3 text-sm font-semibold text-stone-950">
        {t("product.tags")}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {product.tags.map((tag) => (
          <li key={tag.id}>
            <Link
              to={`/products?tags=${encodeURIComponent(tag.slug)}`}
              className="block rounded-full bg-stone-100 px-3 py-1.5 text-sm text-stone-700 hover:bg-brand/10 hover:text-brand"
              data-tag={tag.slug}
            >
              #{tag.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Product({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { product, relatedCount } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  const [variation, setVariation] = useState<ProductVariation | null>(null);
  const name = productName(product, locale);
  // What the chosen variation says of itself (its size, its description) the page says instead.
  const chosen = variation && product.variations.includes(variation) ? variation : null;
  const description =
    chosen?.description ?? (localized(product.descriptionLocalizations, locale) || product.description);
  const unit = chosen?.unit ?? product.unit;
  const brand = localized(product.brandLocalizations, locale) || product.brand;
  const facts = [
    { label: t("product.brand"), value: brand },
    { label: t("product.unit"), value: unit && unitText(unit, t) },
    { label: t("product.barcode"), value: product.barcode, ltr: true },
  ].filter((fact) => fact.value);

  useEffect(() => {
    rememberViewed(product);
  }, [product]);

  const onVariationChange = useCallback(
    (chosen: ProductVariation | null) => {
      setVariation(chosen);
      const wanted = chosen ? String(chosen.id) : null;
      // The address already names it (the page's first render, always): no navigation, which
      // would fetch the shop's data again and close a drawer the shopper has just opened.
      if (searchParams.get(VARIATION_PARAM) === wanted) return;
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          if (wanted) next.set(VARIATION_PARAM, wanted);
          else next.delete(VARIATION_PARAM);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [searchParams, setSearchParams],
  );

  return (
    <div className={`${containerClass} py-8 sm:py-10`} data-product-page={product.id}>
      <Breadcrumb product={product} name={name} />

      <div className="grid gap-10 lg:grid-cols-2 lg:gap-16">
        <ProductGallery product={product} name={name} priced={chosen ?? product} />
        <div className="space-y-6">
          <div className="space-y-3">
            {brand ? (
              <p className="text-sm font-semibold uppercase tracking-wide text-brand">{brand}</p>
            ) : null}
            <div className="flex items-start justify-between gap-4">
              <h1 className="text-3xl font-bold tracking-tight text-balance text-stone-950 sm:text-4xl">
                {name}
              </h1>
              <WishlistHeart product={product} />
            </div>
            {unit ? <UnitText unit={unit} className="block text-stone-500" /> : null}
            {product.remarks ? (
              <p
                className="inline-flex rounded-full bg-brand/10 px-3 py-1 text-sm font-medium text-brand"
                data-remarks
              >
                {product.remarks}
              </p>
            ) : null}
          </div>

          <ProductPurchase
            key={product.id}
            product={product}
            initialVariation={searchParams.get(VARIATION_PARAM)}
            onVariationChange={onVariationChange}
            buyBar
          />

          {product.fitment.length > 0 ? <CheckFit fitment={product.fitment} /> : null}

          {description ? (
            <section aria-labelledby="product-description" className="border-t border-stone-200 pt-6">
              <h2 id="product-description" className="mb-3 text-lg font-semibold text-stone-950">
                {t("product.description")}
              </h2>
              <p className="whitespace-pre-line leading-7 text-stone-700" data-product-description>
                {description}
              </p>
            </section>
          ) : null}

          {product.fitment.length > 0 ? (
            <section aria-labelledby="product-fitment" className="border-t border-stone-200 pt-6">
              <h2 id="product-fitment" className="mb-3 text-lg font-semibold text-stone-950">
                {t("carpart.fits-title")}
              </h2>
              <FitmentTable fitment={product.fitment} />
            </section>
          ) : null}

          {facts.length > 0 ? (
            <section aria-labelledby="product-details" className="border-t border-stone-200 pt-6">
              <h2 id="product-details" className="mb-3 text-lg font-semibold text-stone-950">
                {t("product.details")}
              </h2>
              <dl className="divide-y divide-stone-100 text-sm">
                {facts.map((fact) => (
                  <div key={fact.label} className="flex justify-between gap-4 py-2.5">
                    <dt className="text-stone-500">{fact.label}</dt>
                    <dd className="font-medium text-stone-900" dir={fact.ltr ? "ltr" : undefined}>
                      {fact.value}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}

          <Tags product={product} />
        </div>
      </div>

      <RelatedProducts key={`${product.id} ${locale}`} productId={product.id} count={relatedCount} />

      <RecentlyViewedShelf key={product.id} excludeId={product.id} className="mt-20" />
    </div>
  );
}
