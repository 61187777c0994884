import { ERRORS, localized, type StaffProductDetail } from "@stoa/contract";
import { data, Link } from "react-router";
import { invalidFields } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import { ProductForm } from "../../staff/products/ProductParts.tsx";
import {
  type ProductFormText,
  productFormBody,
  productFormText,
  textOfProduct,
} from "../../staff/products/product-form.ts";
import { staffProductIdOf } from "../../staff/products/product-id.server.ts";
import { FormNotice, failureIn, formWideFailure, StaffPageHeader, staffButton } from "../../staff/ui.tsx";
import type { Route } from "./+types/product";

/** One product's edit form, with links to its variations and images. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const productId = staffProductIdOf(params.id);
  const detail = await context.storeApi.page("staffProductDetail", { body: { productId } });
  return { detail, made: new URL(request.url).searchParams.get("made") === "1" };
}

/**
 * Saves the product from the version the form was read at. When someone else changed it since, the
 * API refuses (STAFF_EDIT_CONFLICT): the page says so and shows the product as it stands now, to
 * make the change again on; any other refusal shows the form again as it was typed.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { storeApi } = context;
  const productId = staffProductIdOf(params.id);
  const form = await request.formData();
  const text = productFormText(form);
  const check = productFormBody(text);
  if (!check.ok) return data({ ...invalidFields(check.fields), text }, { status: 400 });
  const version = form.get("version");
  const outcome = await storeApi.form("staffProductUpdate", {
    body: { ...check.data, productId, version: typeof version === "string" ? version : "" },
  });
  if (outcome.ok) return { ok: true as const, saved: outcome.data.version };
  if (outcome.failure.code === ERRORS.STAFF_EDIT_CONFLICT.code) {
    const now = await storeApi.form("staffProductDetail", { body: { productId } });
    return data({ ...outcome.failure, detail: now.ok ? now.data : null }, { status: outcome.status });
  }
  return data({ ...outcome.failure, text }, { status: outcome.status });
}

export const meta: Route.MetaFunction = ({ matches, data: page }) =>
  accountPageMeta(matches, `/staff/products/${page?.detail.product.id ?? ""}`, (t) =>
    t("staff.products.edit-title", { name: page?.detail.product.names.en || page?.detail.product.sku || "" }),
  );

type Answer = { ok?: boolean; text?: ProductFormText; detail?: StaffProductDetail | null; saved?: string };

export default function StaffProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const answer = actionData as Answer | undefined;
  const failure = failureIn(actionData);
  // After a conflict the page shows the product as it now stands.
  const detail = answer?.detail ?? loaderData.detail;
  const { product, choices } = detail;
  const conflict = failure?.code === ERRORS.STAFF_EDIT_CONFLICT.code;
  const text = !conflict && answer?.text ? answer.text : textOfProduct(product);
  const done =
    answer?.ok === true
      ? t("staff.products.saved")
      : loaderData.made && !actionData
        ? t("staff.products.made")
        : null;
  return (
    <div className="max-w-3xl" data-staff-product={product.sku} data-product-version={product.version}>
      <p className="mb-2 text-sm">
        <Link
          to="/staff/products"
          className="font-medium text-stone-600 hover:text-stone-950 hover:underline"
        >
          {t("staff.products.back")}
        </Link>
      </p>
      <StaffPageHeader title={localized(product.names, locale) || product.sku}>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/staff/products/${product.id}/variations`}
            className={staffButton.secondary}
            data-product-variations-link
          >
            {t("staff.products.variations-link", { count: product.variations.length })}
          </Link>
          <Link
            to={`/staff/products/${product.id}/images`}
            className={staffButton.secondary}
            data-product-images-link
          >
            {t("staff.products.images-link")}
          </Link>
        </div>
      </StaffPageHeader>
      <p className="mb-4 text-sm text-stone-600" data-product-stock={product.stock}>
        <span className="font-mono" dir="ltr">
          {product.sku}
        </span>{" "}
        · {t("staff.products.stock", { count: product.stock })} ·{" "}
        <Link to={`/staff/stock/${product.id}`} className="font-medium text-stone-800 underline">
          {t("staff.products.stock-link")}
        </Link>
      </p>
      <FormNotice failure={formWideFailure(failure)} done={done} />
      {/* A new version (saved, or someone else's) draws the form afresh from the product. */}
      <ProductForm
        key={product.version}
        text={text}
        fields={failure?.fields}
        choices={choices}
        version={product.version}
        submitLabel={t("staff.products.save")}
      />
    </div>
  );
}
