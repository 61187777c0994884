import { data, Link, redirect } from "react-router";
import { invalidFields } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import { CouponForm } from "../../staff/coupons/CouponParts.tsx";
import {
  type CouponFormText,
  couponFormBody,
  couponFormText,
  NEW_COUPON_TEXT,
} from "../../staff/coupons/coupon-form.ts";
import { FormNotice, failureIn, formWideFailure, StaffPageHeader } from "../../staff/ui.tsx";
import type { Route } from "./+types/coupon-new";

/** Asked only so that a role without the catalogue meets the role page rather than a form it cannot send. */
export async function loader({ context }: Route.LoaderArgs) {
  await context.storeApi.page("staffCouponList", {
    query: { limit: 1, page: 1 },
    body: { q: "", status: null },
  });
  return null;
}

/** Makes the coupon and opens its page; a refusal shows the form again as it was typed. */
export async function action({ request, context }: Route.ActionArgs) {
  const text = couponFormText(await request.formData());
  const check = couponFormBody(text);
  if (!check.ok) return data({ ...invalidFields(check.fields), text }, { status: 400 });
  const outcome = await context.storeApi.form("staffCouponCreate", { body: check.data });
  if (!outcome.ok) return data({ ...outcome.failure, text }, { status: outcome.status });
  return redirect(`/staff/coupons/${outcome.data.id}?made=1`);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/staff/coupons/new", (t) => t("staff.coupons.new-title"));

export default function StaffNewCoupon({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store } = useShop();
  const failure = failureIn(actionData);
  const text = (actionData as { text?: CouponFormText } | undefined)?.text ?? NEW_COUPON_TEXT;
  return (
    <div className="max-w-3xl" data-staff-new-coupon>
      <p className="mb-2 text-sm">
        <Link to="/staff/coupons" className="font-medium text-stone-600 hover:text-stone-950 hover:underline">
          {t("staff.coupons.back")}
        </Link>
      </p>
      <StaffPageHeader title={t("staff.coupons.new-title")} />
      <FormNotice failure={formWideFailure(failure)} />
      <CouponForm
        text={text}
        fields={failure?.fields}
        currency={store.settings.currency}
        submitLabel={t("staff.coupons.create")}
      />
    </div>
  );
}
