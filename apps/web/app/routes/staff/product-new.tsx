import { data, Link, redirect } from "react-router";
import { invalidFields } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { ProductForm } from "../../staff/products/ProductParts.tsx";
import {
  NEW_PRODUCT_TEXT,
  type ProductFormText,
  productFormBody,
  productFormText,
} from "../../staff/products/product-form.ts";
import { FormNotice, failureIn, formWideFailure, StaffPageHeader } from "../../staff/ui.tsx";
import type { Route } from "./+types/product-new";

/** What the form picks from; a role without the catalogue meets the role page rather than a form it cannot send. */
export async function loader({ context }: Route.LoaderArgs) {
  return { choices: await context.storeApi.page("staffProductChoices", { body: {} }) };
}

/** Makes the product and opens its page; a refusal shows the form again as it was typed. */
export async function action({ request, context }: Route.ActionArgs) {
  const text = productFormText(await request.formData());
  const check = productFormBody(text);
  if (!check.ok) return data({ ...invalidFields(check.fields), text }, { status: 400 });
  const outcome = await context.storeApi.form("staffProductCreate", { body: check.data });
  if (!outcome.ok) return data({ ...outcome.failure, text }, { status: outcome.status });
  return redirect(`/staff/products/${outcome.data.id}?made=1`);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/staff/products/new", (t) => t("staff.products.new-title"));

export default function StaffNewProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const failure = failureIn(actionData);
  const text = (actionData as { text?: ProductFormText } | undefined)?.text ?? NEW_PRODUCT_TEXT;
  return (
    <div className="max-w-3xl" data-staff-new-product>
      <p className="mb-2 text-sm">
        <Link
          to="/staff/products"
          className="font-medium text-stone-600 hover:text-stone-950 hover:underline"
        >
          {t("staff.products.back")}
        </Link>
      </p>
      <StaffPageHeader title={t("staff.products.new-title")} />
      <FormNotice failure={formWideFailure(failure)} />
      <ProductForm
        text={text}
        fields={failure?.fields}
        choices={loaderData.choices}
        submitLabel={t("staff.products.create")}
      />
    </div>
  );
}
