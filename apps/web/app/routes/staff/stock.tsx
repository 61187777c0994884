import { STAFF_STOCK_FILTERS, STAFF_STOCK_PAGE_SIZE, type StaffStockItem } from "@stoa/contract";
import { Form, Link } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import { AdjustForm, type AdjustRefusal, StockChip } from "../../staff/stock/StockParts.tsx";
import { adjustAction } from "../../staff/stock/stock-actions.server.ts";
import { stockListHref, stockListParams } from "../../staff/stock/stock-forms.ts";
import {
  FormNotice,
  failureIn,
  StaffPageHeader,
  StaffPages,
  staffButton,
  staffInput,
} from "../../staff/ui.tsx";
import type { Route } from "./+types/stock";

/** The shop's products with their stock, 25 a page: by name or code, all, low or sold out. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = stockListParams(new URL(request.url).searchParams);
  const stock = await context.storeApi.page("staffStockList", {
    query: { limit: STAFF_STOCK_PAGE_SIZE, page: params.page },
    body: { q: params.q, filter: params.filter },
  });
  return { params, stock };
}

/** An adjustment from one row's form. */
export async function action({ request, context }: Route.ActionArgs) {
  return adjustAction(context.storeApi, await request.formData());
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  accountPageMeta(matches, `/staff/stock${location.search}`, (t) => t("staff.stock.title"));

type Answer = {
  ok?: boolean;
  product?: StaffStockItem;
  typed?: { productId: string; variationId: string };
};

function StockRow({ item, refusal }: { item: StaffStockItem; refusal: AdjustRefusal | null }) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const number = new Intl.NumberFormat(locale);
  return (
    <li className="space-y-3 px-4 py-4" data-stock-product={item.id} data-stock={item.stock}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <p className="font-semibold text-stone-950">
            <Link to={`/staff/stock/${item.id}`} className="hover:underline" data-stock-product-link>
              {item.name}
            </Link>
          </p>
          <p className="text-xs text-stone-500">
            <span className="font-mono" dir="ltr">
              {item.sku}
            </span>
            <span> · {t("staff.stock.low-at", { level: number.format(item.lowAt) })}</span>
          </p>
        </div>
        <div className="flex items-center gap-2">
          <StockChip item={item} />
          <p className="text-lg font-bold tabular-nums text-stone-950">
            <span className="sr-only">{t("staff.stock.in-stock")}: </span>
            {number.format(item.stock)}
          </p>
        </div>
      </div>
      {item.variations.length > 0 ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-700">
          {item.variations.map((variation) => (
            <span key={variation.id}>
              {variation.name}:{" "}
              <span className="font-semibold tabular-nums">{number.format(variation.stock)}</span>
            </span>
          ))}
          <Link to={`/staff/stock/${item.id}`} className="font-medium text-stone-900 underline">
            {t("staff.stock.adjust-variations")}
          </Link>
        </div>
      ) : (
        <AdjustForm productId={item.id} stock={item.stock} label={item.name} refusal={refusal} />
      )}
    </li>
  );
}

export default function StaffStock({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { params, stock } = loaderData;
  const answer = actionData as Answer | undefined;
  const failure = failureIn(actionData) as AdjustRefusal | null;
  const refusedRow = failure ? Number(failure.typed?.productId) : null;
  const filtered = params.q !== "" || params.filter !== "all";
  return (
    <div data-staff-stock>
      <StaffPageHeader title={t("staff.stock.title")} intro={t("staff.stock.intro")} />
      <FormNotice
        done={
          answer?.ok && answer.product
            ? t("staff.stock.saved", { name: answer.product.name, stock: answer.product.stock })
            : null
        }
      />
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" data-staff-stock-filter>
        <div className="w-full min-w-0 sm:w-72">
          <label htmlFor="stock-q" className="sr-only">
            {t("staff.stock.search")}
          </label>
          <input
            id="stock-q"
            name="q"
            type="search"
            defaultValue={params.q}
            maxLength={100}
            placeholder={t("staff.stock.search")}
            className={`${staffInput} py-2`}
          />
        </div>
        <div className="min-w-0 flex-1 sm:flex-none">
          <label htmlFor="stock-filter" className="sr-only">
            {t("staff.stock.show")}
          </label>
          <select
            id="stock-filter"
            name="filter"
            defaultValue={params.filter}
            className={`${staffInput} py-2 sm:min-w-40`}
          >
            {STAFF_STOCK_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {t(`staff.stock.filters.${filter}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={`${staffButton.secondary} py-2`}>
          {t("staff.stock.apply")}
        </button>
      </Form>
      <div className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
        <div className="border-b border-stone-200 px-4 py-2.5 text-sm text-stone-600">
          <span data-staff-stock-total={stock.total}>
            {stock.total_is_lower_bound
              ? t("staff.stock.total-more", { count: stock.total })
              : t("staff.stock.total", { count: stock.total })}
          </span>
        </div>
        {stock.records.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-stone-600" data-staff-stock-empty>
            {filtered ? t("staff.stock.empty") : t("staff.stock.none-yet")}
          </p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {stock.records.map((item) => (
              <StockRow key={item.id} item={item} refusal={refusedRow === item.id ? failure : null} />
            ))}
          </ul>
        )}
      </div>
      <StaffPages
        current={stock.current_page}
        last={stock.last_page}
        hrefFor={(page) => stockListHref({ ...params, page })}
      />
    </div>
  );
}
