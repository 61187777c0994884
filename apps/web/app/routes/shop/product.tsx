import {
  localized,
  type MyReview,
  type ProductInfo,
  type ProductVariation,
  QUESTIONS_PER_PAGE,
  type QuestionPage,
  REVIEWS_PER_PAGE,
  type ReviewPage,
} from "@stoa/contract";
import { useCallback, useEffect, useState } from "react";
import { Link, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { CheckFit, FitmentTable } from "../../catalogue/fitment/Fitment.tsx";
import { productListHref } from "../../catalogue/listing/product-query.ts";
import { categoryTrail } from "../../catalogue/product/category-trail.ts";
import { ProductGallery } from "../../catalogue/product/ProductGallery.tsx";
import { ProductPurchase } from "../../catalogue/product/ProductPurchase.tsx";
import { productJsonLd } from "../../catalogue/product/product-json-ld.ts";
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
import { signedInCustomer } from "../../platform/session/auth-state.ts";
import { containerClass } from "../../platform/ui/ui.ts";
import { WholeWords } from "../../platform/ui/WholeWords.tsx";
import { ProductRatingLine } from "../../reviews/ProductRatingLine.tsx";
import { QuestionsSection } from "../../reviews/QuestionsSection.tsx";
import { ReviewsSection } from "../../reviews/ReviewsSection.tsx";
import { onlyReviewViewChanged, reviewViewOf } from "../../reviews/review-query.ts";
import { useShop } from "../../shell/root-data.ts";
import { categoryName } from "../../shell/shop.ts";
import { WishlistHeart } from "../../wishlist/WishlistHeart.tsx";
import type { Route } from "./+types/product";

/** The search parameter that names the chosen variation, so a choice can be shared as a link. */
const VARIATION_PARAM = "variation";

/**
 * The signed-in customer's review of the product and whether they may write one. Only asked with a
 * session, whose pages no shared cache keeps (root.tsx), so the shared page stays everyone's.
 */
async function mineOf(storeApi: Route.LoaderArgs["context"]["storeApi"], productId: number) {
  if (!storeApi.hasSession) return null;
  if (!signedInCustomer((await storeApi.session()).auth)) return null;
  const answer = await storeApi.pageAnswer("myProductReview", { params: { productId: String(productId) } });
  return answer.ok ? answer.data : null;
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  if (!PRODUCT_ID.test(params.id)) throw pageProblem("product-not-found", 404);
  const { storeApi } = context;
  const productId = Number(params.id);
  const view = reviewViewOf(new URL(request.url).searchParams);
  const productIdText = String(productId);
  // The reviews and questions are the product's own, read beside it; a page of them that cannot be
  // read leaves the section out rather than the product page.
  const [product, reviews, questions, mine] = await Promise.all([
    storeApi.page("productInfo", { params: { id: productId } }, { notFound: "product-not-found" }),
    storeApi.pageAnswer("productReviews", {
      params: { productId: productIdText },
      query: {
        sort: view.sort,
        page: view.page,
        limit: REVIEWS_PER_PAGE,
        ...(view.stars !== null ? { rating: view.stars } : {}),
      },
    }),
    storeApi.pageAnswer("productQuestions", {
      params: { productId: productIdText },
      query: { page: 1, limit: QUESTIONS_PER_PAGE },
    }),
    mineOf(storeApi, productId),
  ]);
  // The related products come when the shopper scrolls near them (RelatedProducts, decision 031):
  // the page says how many there are, and neither its HTML nor its data carries them.
  const relatedCount = product.related.length;
  const page: ProductPageData = { product: { ...product, related: [] }, relatedCount };
  return {
    ...page,
    view,
    reviews: reviews.ok ? (reviews.data as ReviewPage) : null,
    questions: questions.ok ? (questions.data as QuestionPage) : null,
    mine: mine as MyReview | null,
  };
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
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formAction === LOCALE_ACTION) return true;
  // A review's photo sent ahead of the review, a question or a report changes nothing shown yet.
  const intent = (actionResult as { intent?: unknown } | undefined)?.intent;
  if (intent === "photo" || intent === "ask" || intent === "report") return false;
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(VARIATION_PARAM);
    return params.toString();
  };
  if (strip(currentUrl) === strip(nextUrl)) return false;
  // Another page or sort of the reviews: the product is read again with them (one loader).
  if (onlyReviewViewChanged(currentUrl.searchParams, nextUrl.searchParams)) return true;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataOf(matches);
  if (root?.kind !== "shop" || !loaderData) return shopMeta(root, { path: "/" });
  const { product, reviews } = loaderData;
  const description = localized(product.descriptionLocalizations, root.locale) || product.description;
  const name = productName(product, root.locale);
  const path = `/products/${product.id}`;
  const descriptors = shopMeta(root, {
    title: name,
    description: description.slice(0, 160),
    path,
    type: "product",
  });
  const canonical = descriptors.find((descriptor) => "rel" in descriptor && descriptor.rel === "canonical") as
    | { href?: string }
    | undefined;
  return [
    ...descriptors,
    {
      "script:ld+json": productJsonLd({
        product,
        name,
        description,
        url: canonical?.href ?? new URL(path, root.origin).href,
        origin: root.origin,
        summary: reviews?.summary ?? null,
        reviews: reviews?.records ?? [],
      }),
    },
  ];
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
  const { product, relatedCount, reviews, questions, view, mine } = loaderData;
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
            {reviews ? <ProductRatingLine summary={reviews.summary} /> : null}
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

      {reviews ? (
        <ReviewsSection
          page={reviews}
          view={view}
          writing={{ productId: product.id, productName: name, mine }}
        />
      ) : null}
      {questions ? (
        <QuestionsSection
          productId={product.id}
          productName={name}
          page={questions}
          mayAnswer={mine?.mayAnswer ?? false}
        />
      ) : null}

      <RelatedProducts key={`${product.id} ${locale}`} productId={product.id} count={relatedCount} />

      <RecentlyViewedShelf key={product.id} excludeId={product.id} className="mt-20" />
    </div>
  );
}
