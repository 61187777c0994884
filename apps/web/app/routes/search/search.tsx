import { HOME_SECTION_SIZE, PRODUCTS_PER_PAGE, type ProductSummary } from "@stoa/contract";
import { Form, Link, useSubmit } from "react-router";
import { productListHref } from "../../catalogue/listing/product-query.ts";
import { ProductGrid } from "../../catalogue/product/ProductCard.tsx";
import { isolated } from "../../platform/i18n/bidi.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { metaTranslator, rootDataOf, shopMeta } from "../../platform/meta.ts";
import { FilterIcon } from "../../platform/ui/icons.tsx";
import { Pagination } from "../../platform/ui/Pagination.tsx";
import { buttonClass, containerClass } from "../../platform/ui/ui.ts";
import { SearchCombobox } from "../../search/SearchCombobox.tsx";
import {
  readSearchPageQuery,
  refineHref,
  SEARCH_SORTS,
  type SearchPageQuery,
  searchBody,
  searchHref,
} from "../../search/search-page.ts";
import { useShop } from "../../shell/root-data.ts";
import { categoryName } from "../../shell/shop.ts";
import type { Route } from "./+types/search";

/**
 * Spec route `/search?text=…`: the results of a search, best match first, shareable by its URL.
 * With nothing found (or nothing asked), best sellers are offered instead of an empty page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readSearchPageQuery(new URL(request.url).searchParams);
  const { storeApi } = context;
  const result = query.text
    ? await storeApi.page("productSearch", {
        query: { limit: PRODUCTS_PER_PAGE, page: query.page },
        body: searchBody(query),
      })
    : null;
  let popular: ProductSummary[] = [];
  if (!result || result.total === 0) {
    // Only a help for an empty page: when it fails, the page simply goes without it.
    const hot = await storeApi.pageAnswer("productHot", {
      query: { limit: HOME_SECTION_SIZE, page: 1 },
      body: {},
    });
    popular = hot.ok ? hot.data.records : [];
  }
  return { query, result, popular };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataOf(matches);
  if (root?.kind !== "shop" || !loaderData) return shopMeta(root, { path: "/search" });
  const { t } = metaTranslator(root);
  const { query } = loaderData;
  return [
    ...shopMeta(root, {
      title: query.text ? t("search-view.results-title", { text: isolated(query.text) }) : t("search.title"),
      path: searchHref(query),
    }),
    // Result pages are endless variations of the catalogue: shared with people, not search engines.
    { name: "robots", content: "noindex, follow" },
  ];
};

function SortForm({ query }: { query: SearchPageQuery }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  return (
    <Form method="get" action="/search" className="flex items-center gap-2">
      <input type="hidden" name="text" value={query.text} />
      <label htmlFor="search-sort" className="text-sm text-stone-600 max-sm:sr-only">
        {t("products.sort")}
      </label>
      <select
        id="search-sort"
        name="sort"
        defaultValue={query.sort}
        key={query.sort}
        onChange={(event) => submit(event.currentTarget.form)}
        className="h-10 rounded-full border border-stone-300 bg-white ps-4 pe-9 text-sm text-stone-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/25"
      >
        {Object.keys(SEARCH_SORTS).map((sort) => (
          <option key={sort} value={sort}>
            {sort === "relevance"
              ? t("search-view.sort-relevance")
              : t(`products.sorts.${sort as Exclude<keyof typeof SEARCH_SORTS, "relevance">}`)}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className={buttonClass.quiet}>
          {t("products.apply")}
        </button>
      </noscript>
    </Form>
  );
}

/** What to do when a search found nothing: other words, a category, or what others buy. */
function NothingFound({ text }: { text: string }) {
  const { t } = useTranslation();
  const { categories, locale } = useShop();
  return (
    <div
      className="rounded-3xl border border-dashed border-stone-300 px-6 py-12 text-center"
      data-search-empty
    >
      <p className="text-lg font-semibold text-stone-950">
        {t("search-view.none-title", { text: isolated(text) })}
      </p>
      <ul className="mx-auto mt-3 max-w-md space-y-1 text-sm leading-6 text-stone-600">
        <li>{t("search-view.none-spelling")}</li>
        <li>{t("search-view.none-fewer-words")}</li>
      </ul>
      {categories.length > 0 ? (
        <nav aria-label={t("search.browse-categories")} className="mt-6">
          <ul className="flex flex-wrap justify-center gap-2">
            {categories.map((category) => (
              <li key={category.id}>
                <Link
                  to={productListHref({ categories: [category.slug] })}
                  className="inline-flex rounded-full bg-stone-100 px-4 py-2 text-sm font-medium text-stone-800 hover:bg-stone-200"
                >
                  {categoryName(category, locale)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, result, popular } = loaderData;
  return (
    <div className={`${containerClass} py-8 sm:py-10`}>
      {/* From tablets up the header's search box is right above; phones get one on the page. */}
      <div className="mx-auto max-w-2xl md:hidden">
        <SearchCombobox variant="popup" size="lg" initialText={query.text} />
      </div>
      {result ? (
        <div className="mt-8 mb-6 flex flex-wrap items-end md:mt-0 justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-stone-950 sm:text-3xl" data-search-title>
              {t("search-view.results-title", { text: isolated(query.text) })}
            </h1>
            <p className="mt-1 text-sm text-stone-600" data-result-count={result.total}>
              {result.total_is_lower_bound
                ? t("products.result-count-at-least", { count: result.total })
                : t("products.result-count", { count: result.total })}
            </p>
            {result.suggestion ? (
              <p className="mt-2 text-base">
                {/* The shop's own words nearest to a search that found nothing as typed. */}
                <Link
                  to={searchHref({ text: result.suggestion, sort: query.sort })}
                  className="font-semibold text-brand hover:underline"
                  data-did-you-mean
                >
                  {t("search-view.did-you-mean", { text: isolated(result.suggestion) })}
                </Link>
              </p>
            ) : null}
          </div>
          {result.total > 0 ? (
            <div className="flex flex-wrap items-center gap-2">
              <Link to={refineHref(query)} className={`${buttonClass.secondary} px-4 py-2`} data-refine>
                <FilterIcon className="size-4" />
                {t("search-view.refine")}
              </Link>
              <SortForm query={query} />
            </div>
          ) : null}
        </div>
      ) : (
        <h1 className="mt-8 mb-6 text-center md:mt-0 text-2xl font-bold tracking-tight text-stone-950 sm:text-3xl">
          {t("search-view.start-title")}
        </h1>
      )}
      {result && result.records.length > 0 ? (
        <>
          <ProductGrid products={result.records} priorityCount={2} />
          <Pagination
            current={result.current_page}
            last={result.last_page}
            hrefFor={(page) => searchHref({ ...query, page })}
          />
        </>
      ) : null}
      {result && result.total === 0 ? <NothingFound text={query.text} /> : null}
      {result && result.total > 0 && result.records.length === 0 ? (
        <p className="text-center text-stone-600">
          <Link to={searchHref({ ...query, page: 1 })} className="font-semibold text-brand hover:underline">
            {t("search-view.back-to-first")}
          </Link>
        </p>
      ) : null}
      {popular.length > 0 ? (
        <section aria-labelledby="search-popular" className="mt-12">
          <h2
            id="search-popular"
            className="mb-6 text-xl font-bold tracking-tight text-stone-950 sm:text-2xl"
          >
            {t("search-view.popular")}
          </h2>
          <ProductGrid products={popular} />
        </section>
      ) : null}
    </div>
  );
}
