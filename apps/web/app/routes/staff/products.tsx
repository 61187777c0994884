import {
  formatMoney,
  STAFF_PRODUCT_AVAILABILITY,
  STAFF_PRODUCT_STOCK_FILTERS,
  STAFF_PRODUCTS_PAGE_SIZE,
  type StaffProductItem,
} from "@stoa/contract";
import { Form, Link, useRouteLoaderData } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import { productListHref, productListParams } from "../../staff/products/product-form.ts";
import { StaffPageHeader, StaffPages, staffButton, staffInput } from "../../staff/ui.tsx";
import type { Route } from "./+types/products";
import type { loader as layoutLoader } from "./layout.tsx";

/**
 * The shop's products, twenty a page: by name words, SKU or barcode, category, stock and
 * availability. Every member who keeps stock reads it; managers and owners open a product to edit.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = productListParams(new URL(request.url).searchParams);
  const products = await context.storeApi.page("staffProductList", {
    query: { limit: STAFF_PRODUCTS_PAGE_SIZE, page: params.page },
    body: {
      q: params.q,
      categoryId: params.categoryId,
      stock: params.stock,
      availability: params.availability,
    },
  });
  return { params, products };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  accountPageMeta(matches, `/staff/products${location.search}`, (t) => t("staff.products.title"));

/** A product as a card on a phone and a row of columns from the small breakpoint up. */
function ProductRow({
  product,
  currency,
  editable,
}: {
  product: StaffProductItem;
  currency: string;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const onSale = product.salePrice !== null && product.salePrice < product.price;
  return (
    <li
      className="relative grid grid-cols-[3rem_minmax(0,1fr)_auto] gap-x-3 gap-y-1 px-4 py-3 focus-within:bg-stone-50 hover:bg-stone-50 sm:grid-cols-[3rem_minmax(0,1fr)_8rem_7rem_6rem] sm:items-center"
      data-staff-product={product.sku}
    >
      {product.image ? (
        <img
          src={product.image}
          alt=""
          className="row-span-2 size-12 rounded-lg bg-stone-100 object-cover sm:row-span-1"
        />
      ) : (
        <span className="row-span-2 size-12 rounded-lg bg-stone-100 sm:row-span-1" />
      )}
      <p className="min-w-0">
        {editable ? (
          <Link
            to={`/staff/products/${product.id}`}
            className="line-clamp-2 font-semibold break-words text-stone-950 after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            {product.name}
          </Link>
        ) : (
          <span className="line-clamp-2 font-semibold break-words text-stone-950">{product.name}</span>
        )}
        <span className="block truncate font-mono text-xs text-stone-500" dir="ltr">
          {product.sku}
          {product.variationCount > 0
            ? ` · ${t("staff.products.variation-count", { count: product.variationCount })}`
            : ""}
        </span>
      </p>
      <p className="text-end text-sm tabular-nums sm:order-3" data-product-price={product.price}>
        {onSale ? (
          <>
            <span className="font-medium text-red-700">
              {formatMoney(product.salePrice ?? 0, currency, locale)}
            </span>{" "}
            <s className="text-xs text-stone-500">{formatMoney(product.price, currency, locale)}</s>
          </>
        ) : (
          <span className="font-medium">{formatMoney(product.price, currency, locale)}</span>
        )}
      </p>
      <p
        className={`col-start-2 text-sm sm:order-4 sm:col-start-auto sm:text-end ${product.low ? "font-medium text-amber-800" : "text-stone-600"}`}
      >
        {t("staff.products.stock", { count: product.stock })}
      </p>
      <p className="col-start-3 row-start-2 text-end text-xs sm:order-5 sm:col-start-auto sm:row-start-auto">
        <span
          className={`inline-flex rounded-full px-2 py-0.5 font-semibold ring-1 ring-inset ${product.isAvailable ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-stone-100 text-stone-600 ring-stone-200"}`}
        >
          {product.isAvailable ? t("staff.products.for-sale") : t("staff.products.not-for-sale")}
        </span>
      </p>
    </li>
  );
}

export default function StaffProducts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { params, products } = loaderData;
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/staff/layout");
  const editable = layout?.me.permissions.includes("catalogue") ?? false;
  const filtered =
    params.q !== "" || params.categoryId !== null || params.stock !== "all" || params.availability !== "all";
  return (
    <div data-staff-products>
      <StaffPageHeader title={t("staff.products.title")} intro={t("staff.products.intro")}>
        {editable ? (
          <div className="flex flex-wrap gap-2">
            <Link to="/staff/products/import" className={staffButton.secondary} data-products-import>
              {t("staff.products.import")}
            </Link>
            <Link to="/staff/products/new" className={staffButton.primary} data-new-product>
              {t("staff.products.new")}
            </Link>
          </div>
        ) : null}
      </StaffPageHeader>
      <Form
        method="get"
        className="mb-4 grid gap-2 sm:flex sm:flex-wrap sm:items-end"
        data-staff-product-filter
      >
        <div className="min-w-0 sm:w-64">
          <label htmlFor="product-q" className="sr-only">
            {t("staff.products.search")}
          </label>
          <input
            id="product-q"
            name="q"
            type="search"
            defaultValue={params.q}
            maxLength={200}
            placeholder={t("staff.products.search")}
            className={`${staffInput} py-2`}
          />
        </div>
        <div className="grid grid-cols-3 gap-2 sm:flex">
          <label htmlFor="product-category" className="sr-only">
            {t("staff.products.category")}
          </label>
          <select
            id="product-category"
            name="category"
            defaultValue={params.categoryId ?? ""}
            className={`${staffInput} min-w-0 py-2`}
          >
            <option value="">{t("staff.products.all-categories")}</option>
            {products.categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
          <label htmlFor="product-stock" className="sr-only">
            {t("staff.products.stock-filter")}
          </label>
          <select
            id="product-stock"
            name="stock"
            defaultValue={params.stock}
            className={`${staffInput} min-w-0 py-2`}
          >
            {STAFF_PRODUCT_STOCK_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {t(`staff.products.stock-filters.${filter}`)}
              </option>
            ))}
          </select>
          <label htmlFor="product-availability" className="sr-only">
            {t("staff.products.availability")}
          </label>
          <select
            id="product-availability"
            name="availability"
            defaultValue={params.availability}
            className={`${staffInput} min-w-0 py-2`}
          >
            {STAFF_PRODUCT_AVAILABILITY.map((availability) => (
              <option key={availability} value={availability}>
                {t(`staff.products.availabilities.${availability}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={`${staffButton.secondary} py-2`}>
          {t("staff.products.apply")}
        </button>
      </Form>
      <div className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
        <div className="border-b border-stone-200 px-4 py-2.5 text-sm text-stone-600">
          <span data-staff-products-total={products.total}>
            {products.total_is_lower_bound
              ? t("staff.products.total-more", { count: products.total })
              : t("staff.products.total", { count: products.total })}
          </span>
        </div>
        {products.records.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-stone-600" data-staff-products-empty>
            {filtered ? t("staff.products.empty") : t("staff.products.none-yet")}
          </p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {products.records.map((product) => (
              <ProductRow
                key={product.id}
                product={product}
                currency={products.currency}
                editable={editable}
              />
            ))}
          </ul>
        )}
      </div>
      <StaffPages
        current={products.current_page}
        last={products.last_page}
        hrefFor={(page) => productListHref({ ...params, page })}
      />
    </div>
  );
}
