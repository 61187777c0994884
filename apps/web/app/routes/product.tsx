import { localized, type ProductInfo } from "@stoa/contract";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Await, Link } from "react-router";
import { AddToCartButton } from "../components/product/AddToCartButton.tsx";
import { DiscountBadge, Price } from "../components/product/Price.tsx";
import { ProductGrid, productName } from "../components/product/ProductCard.tsx";
import { StockState } from "../components/product/StockState.tsx";
import { StoaImage } from "../components/StoaImage.tsx";
import { containerClass } from "../components/ui.ts";
import { requestLocale, storeClientFor } from "../lib/api.server.ts";
import { rootDataOf, shopMeta } from "../lib/meta.ts";
import { productListHref } from "../lib/product-query.ts";
import { pageProblem, storeData } from "../lib/responses.server.ts";
import { useShop } from "../lib/root-data.ts";
import type { Route } from "./+types/product";

const RELATED_COUNT = 4;
const PRODUCT_ID = /^[1-9]\d{0,9}$/;

export async function loader({ request, params }: Route.LoaderArgs) {
  if (!PRODUCT_ID.test(params.id)) throw pageProblem("product-not-found", 404);
  const client = storeClientFor(request, requestLocale(request));
  const product = await storeData(
    client.call("productInfo", { params: { id: Number(params.id) } }),
    "product-not-found",
  );
  // Streamed after the page: nice to have, never worth holding the product back for.
  const related = client
    .call("productRecommend", { query: { limit: RELATED_COUNT, page: 1 }, body: { productId: product.id } })
    .then((answer) => answer.data?.records ?? [])
    .catch(() => []);
  return { product, related };
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

function Gallery({ product, name }: { product: ProductInfo; name: string }) {
  const { t } = useTranslation();
  const images = product.images.length > 0 ? product.images : product.image ? [product.image] : [];
  const [current, setCurrent] = useState(0);
  const shown = images[current] ?? images[0];
  return (
    <div className="space-y-4">
      <div className="relative aspect-square overflow-hidden rounded-3xl bg-stone-100">
        {shown ? (
          <StoaImage
            key={shown.url}
            src={shown.url}
            alt={shown.alt || name}
            width={800}
            height={800}
            sizes="(min-width: 1280px) 38rem, (min-width: 1024px) 50vw, 100vw"
            priority={current === 0}
            className="size-full object-cover"
          />
        ) : null}
        <DiscountBadge product={product} className="absolute start-4 top-4 px-3 text-sm" />
      </div>
      {images.length > 1 ? (
        <ul className="grid grid-cols-5 gap-3">
          {images.map((image, index) => (
            <li key={image.url}>
              <button
                type="button"
                onClick={() => setCurrent(index)}
                aria-pressed={index === current}
                aria-label={t("product.show-image", { index: index + 1, name })}
                className="block aspect-square w-full overflow-hidden rounded-xl border-2 border-transparent bg-stone-100 aria-pressed:border-brand"
              >
                <StoaImage src={image.url} alt="" width={96} height={96} className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export default function Product({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { product, related } = loaderData;
  const name = productName(product, locale);
  const description = localized(product.descriptionLocalizations, locale) || product.description;
  const brand = localized(product.brandLocalizations, locale) || product.brand;
  const mainCategory = product.categories[0];
  const facts = [
    { label: t("product.brand"), value: brand },
    { label: t("product.unit"), value: product.unit, ltr: true },
    { label: t("product.sku"), value: product.sku, ltr: true },
    { label: t("product.barcode"), value: product.barcode, ltr: true },
  ].filter((fact) => fact.value);

  return (
    <div className={`${containerClass} py-8 sm:py-10`}>
      <nav aria-label={t("product.breadcrumb")} className="mb-6 text-sm text-stone-500">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <Link to="/" className="hover:text-stone-900">
              {t("nav.home")}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          {mainCategory ? (
            <>
              <li>
                <Link
                  to={productListHref({ categories: [mainCategory.slug] })}
                  className="hover:text-stone-900"
                >
                  {mainCategory.name}
                </Link>
              </li>
              <li aria-hidden="true">/</li>
            </>
          ) : null}
          <li aria-current="page" className="line-clamp-1 text-stone-900">
            {name}
          </li>
        </ol>
      </nav>

      <div className="grid gap-10 lg:grid-cols-2 lg:gap-16">
        <Gallery product={product} name={name} />
        <div className="space-y-6">
          <div className="space-y-3">
            {brand ? (
              <p className="text-sm font-semibold uppercase tracking-wide text-brand">{brand}</p>
            ) : null}
            <h1 className="text-3xl font-bold tracking-tight text-balance text-stone-950 sm:text-4xl">
              {name}
            </h1>
            {product.unit ? (
              <p className="text-stone-500">
                <bdi dir="ltr">{product.unit}</bdi>
              </p>
            ) : null}
          </div>
          <Price product={product} size="lg" />
          <StockState product={product} />
          <AddToCartButton product={product} className="w-full sm:w-auto sm:px-10" />

          {description ? (
            <section aria-labelledby="product-description" className="border-t border-stone-200 pt-6">
              <h2 id="product-description" className="mb-3 text-lg font-semibold text-stone-950">
                {t("product.description")}
              </h2>
              <p className="whitespace-pre-line leading-7 text-stone-700">{description}</p>
            </section>
          ) : null}

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

          {product.categories.length > 0 ? (
            <section aria-labelledby="product-categories">
              <h2 id="product-categories" className="mb-3 text-sm font-semibold text-stone-950">
                {t("product.categories")}
              </h2>
              <ul className="flex flex-wrap gap-2">
                {product.categories.map((category) => (
                  <li key={category.id}>
                    <Link
                      to={productListHref({ categories: [category.slug] })}
                      className="block rounded-full border border-stone-300 px-3 py-1.5 text-sm text-stone-700 hover:border-brand hover:text-brand"
                    >
                      {category.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>

      <Suspense fallback={null}>
        <Await resolve={related}>
          {(products) =>
            products.length > 0 ? (
              <section aria-labelledby="related" className="mt-20">
                <h2 id="related" className="mb-6 text-2xl font-bold tracking-tight text-stone-950">
                  {t("product.related")}
                </h2>
                <ProductGrid products={products} />
              </section>
            ) : null
          }
        </Await>
      </Suspense>
    </div>
  );
}
