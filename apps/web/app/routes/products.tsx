import { type Category, MAX_COUNTED_RESULTS, PRODUCTS_PER_PAGE } from "@stoa/contract";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useSubmit } from "react-router";
import { useDrawer } from "../components/drawer/DrawerProvider.tsx";
import { CloseIcon, FilterIcon, GridIcon } from "../components/icons.tsx";
import { Pagination } from "../components/Pagination.tsx";
import { ProductGrid } from "../components/product/ProductCard.tsx";
import { buttonClass, containerClass, inputClass } from "../components/ui.ts";
import { requestLocale, storeClientFor } from "../lib/api.server.ts";
import { createI18n } from "../lib/i18n.ts";
import { rootDataOf, shopMeta } from "../lib/meta.ts";
import { productListTitle } from "../lib/product-list-title.ts";
import {
  findCategory,
  PRODUCT_SORTS,
  type ProductListQuery,
  productListHref,
  productListSearch,
  productSearchBody,
  readProductListQuery,
  resolveCategoryIds,
} from "../lib/product-query.ts";
import { pageProblem, storeData } from "../lib/responses.server.ts";
import { useShop } from "../lib/root-data.ts";
import { categoryName, visibleCategories } from "../lib/shop.ts";
import type { Route } from "./+types/products";

export async function loader({ request }: Route.LoaderArgs) {
  const query = readProductListQuery(new URL(request.url).searchParams);
  const locale = requestLocale(request);
  const client = storeClientFor(request, locale);
  let categoryIds: number[] = [];
  if (query.categories.length > 0) {
    const tree = await storeData(
      client.call("categorySearch", { body: { language: locale, isAvailable: 1 } }),
    );
    categoryIds = resolveCategoryIds(visibleCategories(tree), query.categories);
    if (categoryIds.length === 0) throw pageProblem("not-found", 404);
  }
  const result = await storeData(
    client.call("productSearch", {
      query: { limit: PRODUCTS_PER_PAGE, page: query.page },
      body: productSearchBody(query, categoryIds),
    }),
  );
  return { query, result };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataOf(matches);
  if (root?.kind !== "shop" || !loaderData) return shopMeta(root, { path: "/products" });
  const { t } = createI18n(root.locale, root.translations);
  return shopMeta(root, {
    title: productListTitle(t, loaderData.query, root.categories, root.locale),
    path: `/products${productListSearch(loaderData.query)}`,
  });
};

/** Hidden fields that carry the filters a form does not show, so submitting it keeps them. */
function KeepFilters({ query, except }: { query: ProductListQuery; except: (keyof ProductListQuery)[] }) {
  return (
    <>
      {query.keyword && !except.includes("keyword") ? (
        <input type="hidden" name="keyword" value={query.keyword} />
      ) : null}
      {except.includes("categories")
        ? null
        : query.categories.map((category) => (
            <input key={category} type="hidden" name="category" value={category} />
          ))}
      {query.minPrice && !except.includes("minPrice") ? (
        <input type="hidden" name="minPrice" value={query.minPrice} />
      ) : null}
      {query.maxPrice && !except.includes("maxPrice") ? (
        <input type="hidden" name="maxPrice" value={query.maxPrice} />
      ) : null}
      {query.onSale && !except.includes("onSale") ? <input type="hidden" name="onSale" value="1" /> : null}
      {query.sort && !except.includes("sort") ? <input type="hidden" name="sort" value={query.sort} /> : null}
    </>
  );
}

function SortForm({ query }: { query: ProductListQuery }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  return (
    <Form method="get" action="/products" className="flex w-full items-center gap-2">
      <KeepFilters query={query} except={["sort"]} />
      <label htmlFor="sort" className="text-sm text-stone-600 max-sm:sr-only">
        {t("products.sort")}
      </label>
      <select
        id="sort"
        name="sort"
        defaultValue={query.sort}
        key={query.sort}
        onChange={(event) => submit(event.currentTarget.form)}
        className="h-10 w-full rounded-full border border-stone-300 bg-white ps-4 pe-9 text-sm sm:w-auto text-stone-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/25"
      >
        <option value="">{t("products.sort-recommended")}</option>
        {Object.keys(PRODUCT_SORTS).map((sort) => (
          <option key={sort} value={sort}>
            {t(`products.sorts.${sort as keyof typeof PRODUCT_SORTS}`)}
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

function PriceFilter({ query }: { query: ProductListQuery }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Form method="get" action="/products" className="space-y-4">
      <KeepFilters query={query} except={["minPrice", "maxPrice", "onSale"]} />
      <fieldset>
        <legend className="mb-3 text-sm font-semibold text-stone-900">{t("products.price")}</legend>
        <div className="flex items-center gap-2">
          <label className="sr-only" htmlFor={`${id}-min`}>
            {t("products.min-price")}
          </label>
          <input
            id={`${id}-min`}
            name="minPrice"
            type="number"
            min="0"
            step="0.01"
            inputMode="decimal"
            placeholder={t("products.min-price")}
            defaultValue={query.minPrice}
            key={`min-${query.minPrice}`}
            className={`${inputClass} py-2`}
          />
          <span aria-hidden="true" className="text-stone-400">
            –
          </span>
          <label className="sr-only" htmlFor={`${id}-max`}>
            {t("products.max-price")}
          </label>
          <input
            id={`${id}-max`}
            name="maxPrice"
            type="number"
            min="0"
            step="0.01"
            inputMode="decimal"
            placeholder={t("products.max-price")}
            defaultValue={query.maxPrice}
            key={`max-${query.maxPrice}`}
            className={`${inputClass} py-2`}
          />
        </div>
      </fieldset>
      <label className="flex items-center gap-3 text-sm text-stone-800">
        <input
          type="checkbox"
          name="onSale"
          value="1"
          defaultChecked={query.onSale}
          key={`sale-${query.onSale}`}
          className="size-4 rounded border-stone-300 accent-brand"
        />
        {t("products.on-sale-only")}
      </label>
      <button type="submit" className={`${buttonClass.secondary} w-full py-2.5`}>
        {t("products.apply")}
      </button>
    </Form>
  );
}

function CategoryFilter({ query }: { query: ProductListQuery }) {
  const { t } = useTranslation();
  const { categories, locale } = useShop();
  const chosen = new Set(query.categories);
  const link = (category: Category | null, depth = 0) => {
    const active = category
      ? chosen.has(category.slug) || chosen.has(String(category.id))
      : chosen.size === 0;
    return (
      <Link
        to={productListHref({ ...query, categories: category ? [category.slug] : [], page: 1 })}
        aria-current={active ? "page" : undefined}
        className={`block rounded-lg px-3 py-2 text-sm hover:bg-stone-100 aria-[current=page]:bg-brand/10 aria-[current=page]:font-semibold aria-[current=page]:text-brand ${
          depth > 0 ? "ms-3 text-stone-600" : "text-stone-800"
        }`}
      >
        {category ? categoryName(category, locale) : t("products.all-categories")}
      </Link>
    );
  };
  const tree = (list: Category[], depth: number) =>
    list.map((category) => (
      <li key={category.id}>
        {link(category, depth)}
        {category.children.length > 0 ? <ul>{tree(category.children, depth + 1)}</ul> : null}
      </li>
    ));
  return (
    <nav aria-labelledby="filter-categories">
      <h2 id="filter-categories" className="mb-3 text-sm font-semibold text-stone-900">
        {t("nav.categories")}
      </h2>
      <ul className="space-y-0.5">
        <li>{link(null)}</li>
        {tree(categories, 0)}
      </ul>
    </nav>
  );
}

/** Chips for the filters in force, each one a link that drops it. */
function ActiveFilters({ query }: { query: ProductListQuery }) {
  const { t } = useTranslation();
  const { categories, locale } = useShop();
  const base = { ...query, page: 1 };
  const chips: { key: string; label: string; href: string }[] = [];
  if (query.keyword)
    chips.push({
      key: "keyword",
      label: `“${query.keyword}”`,
      href: productListHref({ ...base, keyword: "" }),
    });
  for (const slug of query.categories) {
    const category = findCategory(categories, slug);
    chips.push({
      key: `category-${slug}`,
      label: category ? categoryName(category, locale) : slug,
      href: productListHref({ ...base, categories: query.categories.filter((c) => c !== slug) }),
    });
  }
  if (query.minPrice || query.maxPrice) {
    chips.push({
      key: "price",
      label: t("products.price-range", { min: query.minPrice || "0", max: query.maxPrice || "∞" }),
      href: productListHref({ ...base, minPrice: "", maxPrice: "" }),
    });
  }
  if (query.onSale)
    chips.push({ key: "sale", label: t("nav.on-sale"), href: productListHref({ ...base, onSale: false }) });
  if (chips.length === 0) return null;
  return (
    <ul className="mb-6 flex flex-wrap items-center gap-2" aria-label={t("products.active-filters")}>
      {chips.map((chip) => (
        <li key={chip.key}>
          <Link
            to={chip.href}
            className="flex items-center gap-1.5 rounded-full bg-stone-100 py-1.5 ps-3 pe-2 text-sm text-stone-800 hover:bg-stone-200"
            aria-label={t("products.remove-filter", { filter: chip.label })}
          >
            {chip.label}
            <CloseIcon className="size-4" />
          </Link>
        </li>
      ))}
      <li>
        <Link to="/products" className="px-2 text-sm font-medium text-brand hover:underline">
          {t("products.clear-filters")}
        </Link>
      </li>
    </ul>
  );
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { openDrawer } = useDrawer();
  const { categories, locale } = useShop();
  const { query, result } = loaderData;
  const title = productListTitle(t, query, categories, locale);
  return (
    <div className={`${containerClass} py-8 sm:py-10`}>
      <div className="mb-6 lg:mb-8">
        <h1 className="text-3xl font-bold tracking-tight text-stone-950 sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-stone-600" data-result-count={result.total}>
          {result.total >= MAX_COUNTED_RESULTS
            ? t("products.result-count-at-least", { count: result.total })
            : t("products.result-count", { count: result.total })}
        </p>
      </div>
      <div className="lg:grid lg:grid-cols-[15rem_1fr] lg:gap-10">
        <aside className="hidden space-y-8 lg:block">
          <CategoryFilter query={query} />
          <PriceFilter query={query} />
        </aside>
        <div>
          <div className="relative mb-6 flex flex-wrap items-center gap-2">
            <button
              type="button"
              onClick={() => openDrawer("LEFT_CATEGORY")}
              className={`${buttonClass.secondary} px-4 py-2 lg:hidden`}
              data-open-categories
            >
              <GridIcon className="size-4" />
              {t("nav.categories")}
            </button>
            <details className="lg:hidden">
              <summary
                className={`${buttonClass.secondary} cursor-pointer list-none px-4 py-2 [&::-webkit-details-marker]:hidden`}
              >
                <FilterIcon className="size-4" />
                {t("products.filters")}
              </summary>
              <div className="absolute inset-x-0 top-full z-20 mt-2 rounded-2xl border border-stone-200 bg-white p-4 shadow-xl sm:end-auto sm:w-80">
                <PriceFilter query={query} />
              </div>
            </details>
            <div className="w-full sm:ms-auto sm:w-auto">
              <SortForm query={query} />
            </div>
          </div>
          <ActiveFilters query={query} />
          {result.records.length > 0 ? (
            <ProductGrid products={result.records} priorityCount={2} />
          ) : (
            <div className="rounded-3xl border border-dashed border-stone-300 px-6 py-20 text-center">
              <p className="text-lg font-semibold text-stone-900">{t("products.none-title")}</p>
              <p className="mt-2 text-stone-600">{t("products.none-text")}</p>
              <Link to="/products" className={`${buttonClass.primary} mt-6`}>
                {t("products.clear-filters")}
              </Link>
            </div>
          )}
          <Pagination
            current={result.current_page}
            last={result.last_page}
            hrefFor={(page) => productListHref({ ...query, page })}
          />
        </div>
      </div>
    </div>
  );
}
