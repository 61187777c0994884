import { ERRORS, stockAlertBodySchema } from "@stoa/contract";
import { redirect } from "react-router";
import {
  STOCK_ALERT_ANCHOR,
  STOCK_ALERT_PARAM,
  type StockAlertOutcome,
  stockAlertParamOf,
} from "../../catalogue/product/stock-alert.ts";
import { failed, invalid } from "../../platform/api/form-answer.ts";
import { formValues, validateWith } from "../../platform/form-values.ts";
import type { Route } from "./+types/product.stock-alert";

/** Back to the product page (with the variation that was chosen), at the form, saying how it went. */
function backTo(productId: string, variationId: string | null, outcome: StockAlertOutcome) {
  const search = new URLSearchParams();
  if (variationId && /^\d+$/.test(variationId)) search.set("variation", variationId);
  search.set(STOCK_ALERT_PARAM, stockAlertParamOf(outcome));
  return redirect(`/products/${encodeURIComponent(productId)}?${search}#${STOCK_ALERT_ANCHOR}`);
}

/**
 * "Email me when it's back" (store API storeProduct/stockAlert). From the form's fetcher it answers
 * data; as a plain form post (no script yet) it redirects back to the product page.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  const byScript = form.get("js") === "1";
  const variationId = form.get("variationId")?.toString() || null;
  const check = validateWith(stockAlertBodySchema, {
    ...formValues(form, ["email"]),
    productId: params.id,
    ...(variationId ? { variationId } : {}),
  });
  if (!check.ok) {
    const key = check.fields.email ?? ERRORS.INVALID_INPUT.key;
    return byScript ? invalid(check.fields) : backTo(params.id, variationId, { ok: false, key });
  }
  const outcome = await context.storeApi.form("stockAlertCreate", { body: check.data });
  if (!outcome.ok) {
    const { fields, key } = outcome.failure;
    return byScript
      ? failed(outcome)
      : backTo(params.id, variationId, { ok: false, key: fields.email ?? key ?? ERRORS.INTERNAL.key });
  }
  return byScript
    ? { ok: true as const, intent: "stock-alert", email: outcome.data.email }
    : backTo(params.id, variationId, { ok: true, email: outcome.data.email });
}

/** Nothing to show here: a bookmarked address goes to the product. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/products/${encodeURIComponent(params.id)}`);
}
