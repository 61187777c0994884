import { ERRORS, localized, type StaffProductDetail } from "@stoa/contract";
import { data, Link } from "react-router";
import { invalidFields } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import { VariationsForm } from "../../staff/products/ProductParts.tsx";
import {
  textOfVariations,
  type VariationsFormText,
  variationsFormBody,
  variationsFormText,
} from "../../staff/products/product-form.ts";
import { staffProductIdOf } from "../../staff/products/product-id.server.ts";
import { FormNotice, failureIn, formWideFailure, StaffPageHeader } from "../../staff/ui.tsx";
import type { Route } from "./+types/product-variations";

/** A product's variation options, variations and add-on groups. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const productId = staffProductIdOf(params.id);
  return { detail: await context.storeApi.page("staffProductDetail", { body: { productId } }) };
}

/** Saves them all from the product's version, as the product's own form does (conflicts likewise). */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { storeApi } = context;
  const productId = staffProductIdOf(params.id);
  const form = await request.formData();
  const text = variationsFormText(form);
  const version = form.get("version");
  const check = variationsFormBody(text, productId, typeof version === "string" ? version : "");
  if (!check.ok) return data({ ...invalidFields(check.fields), text }, { status: 400 });
  const outcome = await storeApi.form("staffProductVariationsUpdate", { body: check.data });
  if (outcome.ok) return { ok: true as const, detail: null, saved: outcome.data.version };
  if (outcome.failure.code === ERRORS.STAFF_EDIT_CONFLICT.code) {
    const now = await storeApi.form("staffProductDetail", { body: { productId } });
    return data({ ...outcome.failure, detail: now.ok ? now.data : null }, { status: outcome.status });
  }
  return data({ ...outcome.failure, text }, { status: outcome.status });
}

export const meta: Route.MetaFunction = ({ matches, data: page }) =>
  accountPageMeta(matches, `/staff/products/${page?.detail.product.id ?? ""}/variations`, (t) =>
    t("staff.products.variations-title"),
  );

type Answer = { ok?: boolean; text?: VariationsFormText; detail?: StaffProductDetail | null };

export default function StaffProductVariationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const answer = actionData as Answer | undefined;
  const failure = failureIn(actionData);
  const detail = answer?.detail ?? loaderData.detail;
  const { product } = detail;
  const conflict = failure?.code === ERRORS.STAFF_EDIT_CONFLICT.code;
  const text = !conflict && answer?.text ? answer.text : textOfVariations(product);
  const saved = new Map(
    product.variations.map((v) => [String(v.id), { stock: v.stock, ordered: v.ordered }]),
  );
  return (
    <div
      className="max-w-3xl"
      data-staff-product-variations={product.sku}
      data-product-version={product.version}
    >
      <p className="mb-2 text-sm">
        <Link
          to={`/staff/products/${product.id}`}
          className="font-medium text-stone-600 hover:text-stone-950 hover:underline"
        >
          {t("staff.products.back-to", { name: localized(product.names, locale) || product.sku })}
        </Link>
      </p>
      <StaffPageHeader
        title={t("staff.products.variations-title")}
        intro={localized(product.names, locale)}
      />
      <FormNotice
        failure={formWideFailure(failure)}
        done={answer?.ok === true ? t("staff.products.saved") : null}
      />
      <VariationsForm
        key={product.version}
        text={text}
        fields={failure?.fields}
        version={product.version}
        stockOf={(id) => saved.get(id) ?? null}
        currency={product.currency}
      />
    </div>
  );
}
