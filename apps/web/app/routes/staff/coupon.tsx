import { ERRORS, STAFF_COUPON_USES_PAGE_SIZE, type StaffCouponDetail } from "@stoa/contract";
import { data, Link } from "react-router";
import { invalidFields } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import {
  CouponForm,
  CouponStatusChip,
  CouponUses,
  CouponUsesCount,
  useCouponDates,
  useCouponTerms,
} from "../../staff/coupons/CouponParts.tsx";
import {
  type CouponFormText,
  couponFormBody,
  couponFormText,
  pageOf,
  textOfCoupon,
} from "../../staff/coupons/coupon-form.ts";
import { staffCouponIdOf } from "../../staff/coupons/coupon-id.server.ts";
import {
  FormNotice,
  failureIn,
  formWideFailure,
  StaffPageHeader,
  StaffPages,
  StaffPanel,
} from "../../staff/ui.tsx";
import type { Route } from "./+types/coupon";

/** One coupon: its form, and the orders that used it, a page at a time (`?page=`). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const couponId = staffCouponIdOf(params.id);
  const url = new URL(request.url);
  const detail = await context.storeApi.page("staffCouponDetail", {
    query: { limit: STAFF_COUPON_USES_PAGE_SIZE, page: pageOf(url.searchParams) },
    body: { couponId },
  });
  return { detail, made: url.searchParams.get("made") === "1" };
}

/**
 * Saves the coupon from the version the form was read at. When someone else changed it since, the
 * API refuses (STAFF_EDIT_CONFLICT): the page says so and shows the coupon as it stands now, to make
 * the change again on; any other refusal shows the form again as it was typed.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { storeApi } = context;
  const couponId = staffCouponIdOf(params.id);
  const form = await request.formData();
  const text = couponFormText(form);
  const check = couponFormBody(text);
  if (!check.ok) return data({ ...invalidFields(check.fields), text }, { status: 400 });
  const version = form.get("version");
  const outcome = await storeApi.form("staffCouponUpdate", {
    body: { ...check.data, couponId, version: typeof version === "string" ? version : "" },
  });
  if (outcome.ok) return { ok: true as const, saved: outcome.data.version };
  if (outcome.failure.code === ERRORS.STAFF_EDIT_CONFLICT.code) {
    const now = await storeApi.form("staffCouponDetail", {
      query: { limit: STAFF_COUPON_USES_PAGE_SIZE, page: 1 },
      body: { couponId },
    });
    return data({ ...outcome.failure, detail: now.ok ? now.data : null }, { status: outcome.status });
  }
  return data({ ...outcome.failure, text }, { status: outcome.status });
}

export const meta: Route.MetaFunction = ({ matches, data: page }) =>
  accountPageMeta(matches, `/staff/coupons/${page?.detail.coupon.id ?? ""}`, (t) =>
    t("staff.coupons.edit-title", { code: page?.detail.coupon.code ?? "" }),
  );

type Answer = { ok?: boolean; text?: CouponFormText; detail?: StaffCouponDetail | null; saved?: string };

export default function StaffCouponPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = actionData as Answer | undefined;
  const failure = failureIn(actionData);
  // After a conflict the page shows the coupon as it now stands (its loader is not asked again
  // after a refused post when scripts run).
  const detail = answer?.detail ?? loaderData.detail;
  const { coupon, uses } = detail;
  const terms = useCouponTerms()(coupon);
  const dates = useCouponDates()(coupon);
  const conflict = failure?.code === ERRORS.STAFF_EDIT_CONFLICT.code;
  const text = !conflict && answer?.text ? answer.text : textOfCoupon(coupon);
  const done =
    answer?.ok === true
      ? t("staff.coupons.saved")
      : loaderData.made && !actionData
        ? t("staff.coupons.made", { code: coupon.code })
        : null;
  return (
    <div className="max-w-3xl" data-staff-coupon={coupon.code} data-coupon-version={coupon.version}>
      <p className="mb-2 text-sm">
        <Link to="/staff/coupons" className="font-medium text-stone-600 hover:text-stone-950 hover:underline">
          {t("staff.coupons.back")}
        </Link>
      </p>
      <StaffPageHeader
        title={
          <span className="font-mono break-all" dir="ltr">
            {coupon.code}
          </span>
        }
      >
        <CouponStatusChip status={coupon.status} />
      </StaffPageHeader>
      <div className="mb-6 flex flex-wrap gap-x-6 gap-y-1 text-sm text-stone-700" data-staff-coupon-summary>
        <span className="font-medium text-stone-900">{terms.off}</span>
        {terms.minimum ? <span>{terms.minimum}</span> : null}
        <span>{dates}</span>
        <span>
          {t("staff.coupons.uses")}: <CouponUsesCount coupon={coupon} />
        </span>
      </div>
      <FormNotice failure={formWideFailure(failure)} done={done} />
      {/* A new version (saved, or someone else's) draws the form afresh from the coupon. */}
      <CouponForm
        key={coupon.version}
        text={text}
        fields={failure?.fields}
        currency={coupon.currency}
        version={coupon.version}
        submitLabel={t("staff.coupons.save")}
      />
      <div className="mt-6">
        <StaffPanel title={t("staff.coupons.uses-title")} data-staff-coupon-uses={String(uses.total)}>
          <CouponUses uses={uses.records} />
        </StaffPanel>
        <StaffPages
          current={uses.current_page}
          last={uses.last_page}
          hrefFor={(page) => `/staff/coupons/${coupon.id}?page=${page}`}
        />
      </div>
    </div>
  );
}
