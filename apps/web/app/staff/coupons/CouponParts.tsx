import { formatMoney, type StaffCoupon, type StaffCouponStatus, type StaffCouponUse } from "@stoa/contract";
import { Form, Link, useNavigation } from "react-router";
import { OrderTime } from "../../orders/OrderParts.tsx";
import type { FieldErrors } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { useShop } from "../../shell/root-data.ts";
import { StaffField, StaffPanel, staffButton, staffInput } from "../ui.tsx";
import type { CouponFormText } from "./coupon-form.ts";

const STATUS_CLASS: Record<StaffCouponStatus, string> = {
  active: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  scheduled: "bg-sky-50 text-sky-800 ring-sky-200",
  ended: "bg-stone-100 text-stone-600 ring-stone-200",
  usedUp: "bg-amber-50 text-amber-900 ring-amber-200",
  off: "bg-red-50 text-red-700 ring-red-200",
};

export function CouponStatusChip({ status }: { status: StaffCouponStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${STATUS_CLASS[status]}`}
      data-coupon-status={status}
    >
      {t(`staff.coupons.statuses.${status}`)}
    </span>
  );
}

/** "15% off" or "$5.00 off", and the minimum order when there is one. */
export function useCouponTerms() {
  const { t } = useTranslation();
  const { locale } = useShop();
  return (coupon: StaffCoupon) => {
    const off =
      coupon.kind === "percent"
        ? t("staff.coupons.percent-off", { value: coupon.value })
        : t("staff.coupons.amount-off", { amount: formatMoney(coupon.value, coupon.currency, locale) });
    const minimum =
      coupon.minimumOrder > 0
        ? t("staff.coupons.minimum", { amount: formatMoney(coupon.minimumOrder, coupon.currency, locale) })
        : null;
    return { off, minimum };
  };
}

/** The days a coupon works, as the shop's calendar days. */
export function useCouponDates() {
  const { t } = useTranslation();
  const { locale } = useShop();
  const day = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(
      new Date(`${iso}T00:00:00Z`),
    );
  return (coupon: StaffCoupon) => {
    if (coupon.startsOn && coupon.endsOn)
      return t("staff.coupons.between", { from: day(coupon.startsOn), to: day(coupon.endsOn) });
    if (coupon.startsOn) return t("staff.coupons.from", { day: day(coupon.startsOn) });
    if (coupon.endsOn) return t("staff.coupons.until", { day: day(coupon.endsOn) });
    return t("staff.coupons.any-time");
  };
}

/** "3 / 100", or "3" without a total limit. */
export function CouponUsesCount({ coupon }: { coupon: StaffCoupon }) {
  const { t } = useTranslation();
  return (
    <span className="tabular-nums" dir="ltr" data-coupon-uses={coupon.usedCount}>
      {coupon.maxUses === null
        ? coupon.usedCount
        : t("staff.coupons.used-of", { used: coupon.usedCount, limit: coupon.maxUses })}
    </span>
  );
}

function Switch({
  name,
  checked,
  label,
  hint,
}: {
  name: string;
  checked: boolean;
  label: string;
  hint?: string;
}) {
  return (
    <label className="flex items-start gap-3 text-sm text-stone-800">
      <input
        type="checkbox"
        name={name}
        defaultChecked={checked}
        className="mt-0.5 size-4 shrink-0 rounded border-stone-400"
        aria-describedby={hint ? `coupon-${name}-hint` : undefined}
      />
      <span>
        <span className="font-medium">{label}</span>
        {hint ? (
          <span id={`coupon-${name}-hint`} className="block text-xs text-stone-500">
            {hint}
          </span>
        ) : null}
      </span>
    </label>
  );
}

/**
 * The coupon's form, a plain post: the same for a new coupon and an edit (which carries the version
 * it was read at). Each field says its own error under it; hints say what empty means.
 */
export function CouponForm({
  text,
  fields,
  currency,
  version,
  submitLabel,
}: {
  text: CouponFormText;
  fields?: FieldErrors;
  currency: string;
  version?: string;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const input = (name: keyof CouponFormText, hinted = false) => {
    const id = `coupon-${name}`;
    const described = [fields?.[name] ? `${id}-error` : null, hinted ? `${id}-hint` : null].filter(Boolean);
    return {
      id,
      name,
      "aria-invalid": fields?.[name] ? true : undefined,
      "aria-describedby": described.length > 0 ? described.join(" ") : undefined,
    };
  };
  const legend = "mb-3 text-sm font-semibold uppercase tracking-wide text-stone-500";
  return (
    <Form method="post" className="space-y-6" data-staff-coupon-form noValidate>
      {version ? <input type="hidden" name="version" value={version} /> : null}
      <StaffPanel>
        <StaffField
          id="coupon-code"
          name="code"
          label={t("staff.coupons.fields.code")}
          hint={t("staff.coupons.hints.code")}
          fields={fields}
        >
          <input
            {...input("code", true)}
            defaultValue={text.code}
            required
            maxLength={32}
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            className={`${staffInput} max-w-xs font-mono`}
          />
        </StaffField>
      </StaffPanel>
      <StaffPanel>
        <fieldset className="space-y-4">
          <legend className={legend}>{t("staff.coupons.terms-title")}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <StaffField id="coupon-kind" name="kind" label={t("staff.coupons.fields.kind")} fields={fields}>
              <select {...input("kind")} defaultValue={text.kind} className={staffInput}>
                <option value="percent">{t("staff.coupons.kinds.percent")}</option>
                <option value="fixed">{t("staff.coupons.kinds.fixed")}</option>
              </select>
            </StaffField>
            <StaffField
              id="coupon-value"
              name="value"
              label={t("staff.coupons.fields.value")}
              hint={t("staff.coupons.hints.value", { currency })}
              fields={fields}
            >
              <input
                {...input("value", true)}
                defaultValue={text.value}
                required
                inputMode="decimal"
                dir="ltr"
                className={staffInput}
              />
            </StaffField>
          </div>
          <StaffField
            id="coupon-minimumOrder"
            name="minimumOrder"
            label={t("staff.coupons.fields.minimumOrder", { currency })}
            hint={t("staff.coupons.hints.minimumOrder")}
            fields={fields}
          >
            <input
              {...input("minimumOrder", true)}
              defaultValue={text.minimumOrder}
              inputMode="decimal"
              dir="ltr"
              className={`${staffInput} sm:max-w-[calc(50%-0.5rem)]`}
            />
          </StaffField>
        </fieldset>
      </StaffPanel>
      <StaffPanel>
        <fieldset className="space-y-4">
          <legend className={legend}>{t("staff.coupons.dates-title")}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <StaffField
              id="coupon-startsOn"
              name="startsOn"
              label={t("staff.coupons.fields.startsOn")}
              fields={fields}
            >
              <input {...input("startsOn")} type="date" defaultValue={text.startsOn} className={staffInput} />
            </StaffField>
            <StaffField
              id="coupon-endsOn"
              name="endsOn"
              label={t("staff.coupons.fields.endsOn")}
              fields={fields}
            >
              <input {...input("endsOn")} type="date" defaultValue={text.endsOn} className={staffInput} />
            </StaffField>
          </div>
          <p className="text-xs text-stone-500">{t("staff.coupons.hints.dates")}</p>
        </fieldset>
      </StaffPanel>
      <StaffPanel>
        <fieldset className="space-y-4">
          <legend className={legend}>{t("staff.coupons.limits")}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <StaffField
              id="coupon-maxUses"
              name="maxUses"
              label={t("staff.coupons.fields.maxUses")}
              hint={t("staff.coupons.hints.maxUses")}
              fields={fields}
            >
              <input
                {...input("maxUses", true)}
                defaultValue={text.maxUses}
                inputMode="numeric"
                dir="ltr"
                className={staffInput}
              />
            </StaffField>
            <StaffField
              id="coupon-maxUsesPerCustomer"
              name="maxUsesPerCustomer"
              label={t("staff.coupons.fields.maxUsesPerCustomer")}
              hint={t("staff.coupons.hints.maxUsesPerCustomer")}
              fields={fields}
            >
              <input
                {...input("maxUsesPerCustomer", true)}
                defaultValue={text.maxUsesPerCustomer}
                inputMode="numeric"
                dir="ltr"
                className={staffInput}
              />
            </StaffField>
          </div>
          <Switch
            name="firstOrderOnly"
            checked={text.firstOrderOnly}
            label={t("staff.coupons.fields.firstOrderOnly")}
          />
        </fieldset>
      </StaffPanel>
      <StaffPanel>
        <div className="space-y-4">
          <Switch
            name="isActive"
            checked={text.isActive}
            label={t("staff.coupons.fields.isActive")}
            hint={t("staff.coupons.hints.isActive")}
          />
          <Switch
            name="advertised"
            checked={text.advertised}
            label={t("staff.coupons.fields.advertised")}
            hint={t("staff.coupons.hints.advertised")}
          />
        </div>
      </StaffPanel>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={staffButton.primary} disabled={busy}>
          {submitLabel}
        </button>
        <p className="text-xs text-stone-500">{t("staff.coupons.hints.orders")}</p>
      </div>
    </Form>
  );
}

/** The orders that used a coupon, newest first, each linking to its order. */
export function CouponUses({ uses }: { uses: StaffCouponUse[] }) {
  const { t } = useTranslation();
  if (uses.length === 0) return <p className="text-sm text-stone-600">{t("staff.coupons.no-uses")}</p>;
  return (
    <ul className="divide-y divide-stone-100 text-sm" data-coupon-use-list>
      {uses.map((use) => (
        <li
          key={use.orderId}
          className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5"
          data-coupon-use={use.orderNumber}
        >
          <span className="min-w-0">
            <Link
              to={`/staff/orders/${use.orderId}`}
              className="font-semibold text-stone-950 hover:underline"
            >
              {t("staff.coupons.order", { number: use.orderNumber })}
            </Link>
            <span className="block truncate text-stone-600">{use.customerName}</span>
          </span>
          <span className="text-end text-stone-600">
            <OrderTime at={use.at} withTime />
            <span
              className={`block text-xs font-medium ${use.returned ? "text-amber-800" : "text-emerald-800"}`}
              data-coupon-use-returned={use.returned ? "yes" : "no"}
            >
              {use.returned ? t("staff.coupons.returned") : t("staff.coupons.kept")}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
