import { STAFF_STOCK_MOST, STAFF_STOCK_MOVEMENTS_PAGE_SIZE, type StaffStockProduct } from "@stoa/contract";
import { data, Form, Link } from "react-router";
import { failed, invalidFields } from "../../platform/api/form-answer.ts";
import { pageProblem } from "../../platform/api/page-answer.server.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import { AdjustForm, type AdjustRefusal, MovementList, StockChip } from "../../staff/stock/StockParts.tsx";
import { adjustAction } from "../../staff/stock/stock-actions.server.ts";
import { stockProductIdOf, thresholdBody } from "../../staff/stock/stock-forms.ts";
import {
  FieldError,
  FormNotice,
  failureIn,
  StaffPageHeader,
  StaffPages,
  StaffPanel,
  staffButton,
  staffInput,
  staffLabel,
} from "../../staff/ui.tsx";
import type { Route } from "./+types/stock-product";

const productIdOf = (param: string | undefined) => {
  const id = stockProductIdOf(param);
  if (id === null) throw pageProblem("not-found", 404);
  return id;
};

/** One product's stock: adjust it (or each variation), its low-stock threshold, its movements. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const productId = productIdOf(params.id);
  const page = Number(new URL(request.url).searchParams.get("page"));
  const detail = await context.storeApi.page("staffStockProduct", {
    query: {
      limit: STAFF_STOCK_MOVEMENTS_PAGE_SIZE,
      page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    },
    body: { productId },
  });
  return { detail };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const productId = productIdOf(params.id);
  const form = await request.formData();
  if (form.get("intent") !== "threshold") return adjustAction(context.storeApi, form);
  const typed = typeof form.get("threshold") === "string" ? String(form.get("threshold")) : "";
  const check = thresholdBody(productId, typed);
  if (!check.ok)
    return data({ ...invalidFields(check.fields), intent: "threshold" as const, typed }, { status: 400 });
  const outcome = await context.storeApi.form("staffStockThreshold", { body: check.data });
  if (!outcome.ok) return failed(outcome);
  return { ok: true as const, intent: "threshold" as const };
}

export const meta: Route.MetaFunction = ({ matches, data: page }) =>
  accountPageMeta(matches, `/staff/stock/${page?.detail.product.id ?? ""}`, (t) =>
    t("staff.stock.product-title", { name: page?.detail.product.name ?? "" }),
  );

type Answer = { ok?: boolean; intent?: string; typed?: unknown; product?: StaffStockProduct["product"] };

export default function StaffStockProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const number = new Intl.NumberFormat(locale);
  const { product, movements } = loaderData.detail;
  const answer = actionData as Answer | undefined;
  const failure = failureIn(actionData);
  const thresholdFailure = answer?.intent === "threshold" && failure ? failure : null;
  const adjustFailure = answer?.intent === "adjust" && failure ? (failure as AdjustRefusal) : null;
  const refusalFor = (variationId: number | null) =>
    adjustFailure &&
    (adjustFailure.typed.variationId || null) === (variationId === null ? null : String(variationId))
      ? adjustFailure
      : null;
  const done =
    answer?.ok && answer.intent === "threshold"
      ? t("staff.stock.threshold-saved")
      : answer?.ok && answer.product
        ? t("staff.stock.saved", { name: answer.product.name, stock: answer.product.stock })
        : null;
  return (
    <div className="max-w-3xl" data-staff-stock-product={product.id} data-stock={product.stock}>
      <p className="mb-2 text-sm">
        <Link to="/staff/stock" className="font-medium text-stone-600 hover:text-stone-950 hover:underline">
          {t("staff.stock.back")}
        </Link>
      </p>
      <StaffPageHeader title={product.name}>
        <StockChip item={product} />
      </StaffPageHeader>
      <p className="-mt-4 mb-6 text-sm text-stone-600">
        <span className="font-mono" dir="ltr">
          {product.sku}
        </span>
        <span> · {t("staff.stock.in-stock")}: </span>
        <span className="font-semibold tabular-nums text-stone-950" data-product-stock>
          {number.format(product.stock)}
        </span>
      </p>
      <FormNotice done={done} />
      <div className="space-y-6">
        <StaffPanel title={t("staff.stock.adjust")}>
          {product.variations.length === 0 ? (
            <AdjustForm
              productId={product.id}
              stock={product.stock}
              label={product.name}
              refusal={refusalFor(null)}
            />
          ) : (
            <ul className="divide-y divide-stone-200">
              {product.variations.map((variation) => (
                <li key={variation.id} className="space-y-2 py-3 first:pt-0 last:pb-0">
                  <p className="flex justify-between gap-4 text-sm">
                    <span className="font-medium text-stone-900">
                      {variation.name}{" "}
                      <span className="font-mono text-xs text-stone-500" dir="ltr">
                        {variation.sku}
                      </span>
                    </span>
                    <span className="font-semibold tabular-nums">{number.format(variation.stock)}</span>
                  </p>
                  <AdjustForm
                    productId={product.id}
                    variationId={variation.id}
                    stock={variation.stock}
                    label={`${product.name}, ${variation.name}`}
                    refusal={refusalFor(variation.id)}
                  />
                </li>
              ))}
            </ul>
          )}
        </StaffPanel>
        <StaffPanel title={t("staff.stock.threshold")}>
          <FormNotice
            failure={
              thresholdFailure && Object.keys(thresholdFailure.fields).length === 0 ? thresholdFailure : null
            }
          />
          <Form method="post" className="flex flex-wrap items-end gap-2" data-threshold-form>
            <input type="hidden" name="intent" value="threshold" />
            <div className="w-full">
              <label htmlFor="threshold" className={staffLabel}>
                {t("staff.stock.low-when")}
              </label>
              <div className="flex items-center gap-2">
                <div className="w-32">
                  <input
                    id="threshold"
                    name="threshold"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={STAFF_STOCK_MOST}
                    defaultValue={
                      thresholdFailure && typeof answer?.typed === "string"
                        ? answer.typed
                        : (product.threshold ?? "")
                    }
                    placeholder={String(product.lowAt)}
                    aria-invalid={thresholdFailure?.fields.threshold ? true : undefined}
                    aria-describedby="threshold-hint threshold-error"
                    className={`${staffInput} py-2 tabular-nums`}
                  />
                </div>
                <button type="submit" className={`${staffButton.secondary} py-2`}>
                  {t("staff.stock.save")}
                </button>
              </div>
            </div>
            <p id="threshold-hint" className="w-full text-sm text-stone-600">
              {t("staff.stock.threshold-hint", { level: product.lowAt })}
            </p>
            <div className="w-full">
              <FieldError id="threshold-error" fields={thresholdFailure?.fields} name="threshold" />
            </div>
          </Form>
        </StaffPanel>
        <StaffPanel title={t("staff.stock.movements")} data-movements-total={String(movements.total)}>
          <MovementList movements={movements.records} />
        </StaffPanel>
        <StaffPages
          current={movements.current_page}
          last={movements.last_page}
          hrefFor={(page) => `/staff/stock/${product.id}?page=${page}`}
        />
      </div>
    </div>
  );
}
