import { STAFF_COUPON_STATUSES, STAFF_COUPONS_PAGE_SIZE, type StaffCoupon } from "@stoa/contract";
import { Form, Link } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import {
  CouponStatusChip,
  CouponUsesCount,
  useCouponDates,
  useCouponTerms,
} from "../../staff/coupons/CouponParts.tsx";
import { couponListHref, couponListParams } from "../../staff/coupons/coupon-form.ts";
import { StaffPageHeader, StaffPages, staffButton, staffInput } from "../../staff/ui.tsx";
import type { Route } from "./+types/coupons";

/** The shop's coupons, newest first, twenty a page: by part of their code and by status. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = couponListParams(new URL(request.url).searchParams);
  const coupons = await context.storeApi.page("staffCouponList", {
    query: { limit: STAFF_COUPONS_PAGE_SIZE, page: params.page },
    body: { q: params.q, status: params.status },
  });
  return { params, coupons };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  accountPageMeta(matches, `/staff/coupons${location.search}`, (t) => t("staff.coupons.title"));

/** A coupon as a card on a phone and a row of columns from the small breakpoint up. */
function CouponRow({ coupon }: { coupon: StaffCoupon }) {
  const { t } = useTranslation();
  const terms = useCouponTerms()(coupon);
  const dates = useCouponDates()(coupon);
  return (
    <li
      className="relative grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 px-4 py-3 focus-within:bg-stone-50 hover:bg-stone-50 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)_minmax(0,11rem)_5rem_6rem] sm:items-center"
      data-staff-coupon={coupon.code}
    >
      <p className="min-w-0 truncate font-mono font-semibold text-stone-950" dir="ltr">
        <Link
          to={`/staff/coupons/${coupon.id}`}
          className="rounded after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          {coupon.code}
        </Link>
      </p>
      <p className="text-end sm:order-5">
        <CouponStatusChip status={coupon.status} />
      </p>
      <p className="min-w-0 text-sm text-stone-800 sm:order-2">
        <span className="sr-only">{t("staff.coupons.terms")}: </span>
        <span className="font-medium">{terms.off}</span>
        {terms.minimum ? <span className="text-stone-600"> · {terms.minimum}</span> : null}
        {coupon.advertised ? (
          <span className="block text-xs text-stone-500">{t("staff.coupons.advertised")}</span>
        ) : null}
      </p>
      <p className="text-end text-sm text-stone-700 sm:order-4">
        <span className="sr-only">{t("staff.coupons.uses")}: </span>
        <CouponUsesCount coupon={coupon} />
      </p>
      <p className="col-span-2 text-sm text-stone-600 sm:order-3 sm:col-span-1">
        <span className="sr-only">{t("staff.coupons.dates")}: </span>
        {dates}
      </p>
    </li>
  );
}

export default function StaffCoupons({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { params, coupons } = loaderData;
  const filtered = params.q !== "" || params.status !== null;
  return (
    <div data-staff-coupons>
      <StaffPageHeader title={t("staff.coupons.title")} intro={t("staff.coupons.intro")}>
        <Link to="/staff/coupons/new" className={staffButton.primary} data-new-coupon>
          {t("staff.coupons.new")}
        </Link>
      </StaffPageHeader>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" data-staff-coupon-filter>
        <div className="w-full min-w-0 sm:w-64">
          <label htmlFor="coupon-q" className="sr-only">
            {t("staff.coupons.search")}
          </label>
          <input
            id="coupon-q"
            name="q"
            type="search"
            defaultValue={params.q}
            maxLength={32}
            placeholder={t("staff.coupons.search")}
            className={`${staffInput} py-2`}
          />
        </div>
        <div className="min-w-0 flex-1 sm:flex-none">
          <label htmlFor="coupon-status" className="sr-only">
            {t("staff.coupons.status")}
          </label>
          <select
            id="coupon-status"
            name="status"
            defaultValue={params.status ?? ""}
            className={`${staffInput} py-2 sm:min-w-40`}
          >
            <option value="">{t("staff.coupons.all")}</option>
            {STAFF_COUPON_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`staff.coupons.statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={`${staffButton.secondary} py-2`}>
          {t("staff.coupons.apply")}
        </button>
      </Form>
      <div className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
        <div className="border-b border-stone-200 px-4 py-2.5 text-sm text-stone-600">
          <span data-staff-coupons-total={coupons.total}>
            {t("staff.coupons.total", { count: coupons.total })}
          </span>
        </div>
        <div
          aria-hidden="true"
          className="hidden grid-cols-[minmax(0,10rem)_minmax(0,1fr)_minmax(0,11rem)_5rem_6rem] gap-x-4 border-b border-stone-200 bg-stone-50 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-stone-500 sm:grid"
        >
          <span>{t("staff.coupons.code")}</span>
          <span>{t("staff.coupons.terms")}</span>
          <span>{t("staff.coupons.dates")}</span>
          <span className="text-end">{t("staff.coupons.uses")}</span>
          <span className="text-end">{t("staff.coupons.status")}</span>
        </div>
        {coupons.records.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-stone-600" data-staff-coupons-empty>
            {filtered ? t("staff.coupons.empty") : t("staff.coupons.none-yet")}
          </p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {coupons.records.map((coupon) => (
              <CouponRow key={coupon.id} coupon={coupon} />
            ))}
          </ul>
        )}
      </div>
      <StaffPages
        current={coupons.current_page}
        last={coupons.last_page}
        hrefFor={(page) => couponListHref({ ...params, page })}
      />
    </div>
  );
}
