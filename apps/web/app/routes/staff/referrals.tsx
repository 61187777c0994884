import {
  COMMISSION_STATES,
  formatMoney,
  STAFF_COMMISSIONS_PAY_MAX,
  type StaffCommission,
} from "@stoa/contract";
import { useEffect, useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { formatDay } from "../../orders/dates.ts";
import { Money } from "../../orders/OrderParts.tsx";
import { failed } from "../../platform/api/form-answer.ts";
import { leftToRight } from "../../platform/i18n/bidi.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import {
  commissionIdsOf,
  commissionListHref,
  commissionListParams,
  selectedSum,
} from "../../staff/referrals/commission-list.ts";
import { ReferralTabs, STAFF_COMMISSIONS_PATH } from "../../staff/referrals/ReferralTabs.tsx";
import {
  FormNotice,
  failureIn,
  StaffPageHeader,
  StaffPages,
  staffButton,
  staffInput,
} from "../../staff/ui.tsx";
import type { Route } from "./+types/referrals";

/** Commissions in one state, payable (the ones to pay) by default, with the sum of that state. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = commissionListParams(new URL(request.url).searchParams);
  const commissions = await context.storeApi.page("staffCommissions", {
    body: { state: params.state, page: params.page },
  });
  return { params, commissions };
}

/** "Mark paid": the ticked entries, in bulk; those no longer payable come back untouched. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const ids = commissionIdsOf(form.getAll("id"), STAFF_COMMISSIONS_PAY_MAX);
  if (ids.length === 0)
    return data({ ok: false as const, code: "400", key: "", message: "", fields: {}, none: true }, 400);
  const outcome = await context.storeApi.form("staffCommissionsPay", { body: { ids } });
  if (!outcome.ok) return failed(outcome);
  return { ok: true as const, ...outcome.data };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  accountPageMeta(matches, `${STAFF_COMMISSIONS_PATH}${location.search}`, (t) =>
    t("staffReferrals.commissions.title"),
  );

const ZONE = "UTC";

function CommissionRow({
  entry,
  currency,
  payable,
  checked,
  onToggle,
}: {
  entry: StaffCommission;
  currency: string;
  payable: boolean;
  checked: boolean;
  onToggle: (id: number, on: boolean) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const boxId = `commission-${entry.id}`;
  const when =
    entry.state === "paid" && entry.paidAt
      ? t("staffReferrals.commissions.paid-at", { date: formatDay(entry.paidAt, locale, ZONE) })
      : entry.payableAt
        ? t("staffReferrals.commissions.payable-at", { date: formatDay(entry.payableAt, locale, ZONE) })
        : null;
  const paidBy =
    entry.state === "paid" && entry.paidTo
      ? t(
          entry.paidTo === "wallet"
            ? "staffReferrals.commissions.paid-to-wallet"
            : "staffReferrals.commissions.paid-by-staff",
        )
      : null;
  return (
    <li
      className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-start gap-x-3 gap-y-1 px-4 py-3 sm:grid-cols-[auto_minmax(0,1.4fr)_minmax(0,1fr)_8rem_7rem] sm:items-center"
      data-staff-commission={entry.id}
      data-state={entry.state}
    >
      <span className="pt-0.5 sm:pt-0">
        {payable ? (
          <input
            id={boxId}
            type="checkbox"
            name="id"
            value={entry.id}
            checked={checked}
            onChange={(event) => onToggle(entry.id, event.target.checked)}
            className="size-5 rounded border-stone-400"
            aria-label={t("staffReferrals.commissions.select", { number: entry.orderNumber })}
          />
        ) : (
          <span className="block size-5" />
        )}
      </span>
      <div className="min-w-0">
        <p className="truncate font-medium text-stone-950">{entry.referrer.name}</p>
        <p className="truncate text-xs text-stone-500">
          {entry.referrer.email ? <bdi dir="ltr">{entry.referrer.email}</bdi> : null}
          {entry.referrer.email ? " · " : null}
          <bdi dir="ltr" className="font-mono">
            {entry.code}
          </bdi>
        </p>
      </div>
      <p
        className="text-end text-sm font-semibold tabular-nums text-stone-950 sm:order-4"
        data-amount={entry.amount}
      >
        <span className="sr-only">{t("staffReferrals.commissions.amount")}: </span>
        <Money amount={entry.amount} currency={currency} />
      </p>
      <div className="col-span-2 col-start-2 min-w-0 text-sm text-stone-700 sm:order-3 sm:col-span-1 sm:col-start-auto">
        <p>
          <span className="sr-only">{t("staffReferrals.commissions.order")}: </span>
          {t("staffReferrals.commissions.order-number", { number: entry.orderNumber })}{" "}
          <span className="text-stone-500">
            {t("staffReferrals.commissions.order-amount", {
              amount: leftToRight(formatMoney(entry.orderAmount, currency, locale)),
            })}
          </span>
        </p>
        <p className="text-xs text-stone-500">{formatDay(entry.orderDate, locale, ZONE)}</p>
      </div>
      <div className="col-start-3 row-start-2 text-end text-xs sm:order-5 sm:col-start-auto sm:row-start-auto">
        <span className="inline-block rounded-full bg-stone-100 px-2 py-0.5 font-semibold text-stone-700">
          {entry.kind === "clawback"
            ? t("staffReferrals.commissions.clawback")
            : t(`referral.states.${entry.state}`)}
        </span>
        {entry.underReview ? (
          <span className="mt-1 block text-amber-800">{t("staffReferrals.commissions.under-review")}</span>
        ) : null}
        {when ? <span className="mt-1 block text-stone-500">{when}</span> : null}
        {paidBy ? <span className="block text-stone-500">{paidBy}</span> : null}
      </div>
    </li>
  );
}

export default function StaffCommissions({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { params, commissions } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failure = failureIn(actionData);
  const none = failure && "none" in failure;
  const done =
    actionData && !failure ? (actionData as { paid: number[]; skipped: number[]; amount: number }) : null;
  const payable = commissions.records.filter(
    (entry) => entry.state === "payable" && entry.kind === "commission",
  );
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  // A new list (another filter or page, or after paying) starts with nothing ticked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the records are what changed.
  useEffect(() => setSelected(new Set()), [commissions.records]);
  const toggle = (id: number, on: boolean) =>
    setSelected((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allOn = payable.length > 0 && payable.every((entry) => selected.has(entry.id));
  const money = (amount: number) => leftToRight(formatMoney(amount, commissions.currency, locale));
  const doneText = done
    ? [
        t("staffReferrals.commissions.marked", { count: done.paid.length, amount: money(done.amount) }),
        done.skipped.length > 0
          ? t("staffReferrals.commissions.skipped", { count: done.skipped.length })
          : "",
      ]
        .filter(Boolean)
        .join(" ")
    : null;

  return (
    <div data-staff-commissions>
      <StaffPageHeader
        title={t("staffReferrals.commissions.title")}
        intro={t("staffReferrals.commissions.intro")}
      />
      <ReferralTabs />
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" data-staff-commission-filter>
        <div className="min-w-0 flex-1 sm:flex-none">
          <label htmlFor="commission-state" className="sr-only">
            {t("staffReferrals.commissions.state")}
          </label>
          <select
            id="commission-state"
            name="state"
            defaultValue={params.state ?? "all"}
            className={`${staffInput} py-2 sm:min-w-44`}
          >
            {COMMISSION_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`referral.states.${state}`)}
              </option>
            ))}
            <option value="all">{t("staffReferrals.commissions.all")}</option>
          </select>
        </div>
        <button type="submit" className={`${staffButton.secondary} py-2`}>
          {t("staffReferrals.commissions.show")}
        </button>
      </Form>
      <FormNotice
        failure={none ? null : failure}
        done={none ? t("staffReferrals.commissions.pick-some") : doneText}
      />
      <Form method="post" data-staff-commission-pay>
        <div className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-200 px-4 py-2.5 text-sm text-stone-600">
            <span className="flex items-center gap-3">
              {scripted && payable.length > 0 ? (
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={allOn}
                    onChange={(event) =>
                      setSelected(
                        event.target.checked ? new Set(payable.map((entry) => entry.id)) : new Set(),
                      )
                    }
                    className="size-5 rounded border-stone-400"
                    data-select-all-commissions
                  />
                  <span className="sr-only sm:not-sr-only">{t("staffReferrals.commissions.select-all")}</span>
                </label>
              ) : null}
              <span data-staff-commissions-total={commissions.total}>
                {t("staffReferrals.commissions.count", { count: commissions.total })}
              </span>
            </span>
            <span
              className="font-semibold tabular-nums text-stone-950"
              data-commissions-sum={commissions.sum}
            >
              {t("staffReferrals.commissions.sum", { amount: money(commissions.sum) })}
            </span>
          </div>
          {commissions.records.length === 0 ? (
            <p className="px-4 py-10 text-center text-sm text-stone-600" data-staff-commissions-empty>
              {t("staffReferrals.commissions.empty")}
            </p>
          ) : (
            <ul className="divide-y divide-stone-200">
              {commissions.records.map((entry) => (
                <CommissionRow
                  key={entry.id}
                  entry={entry}
                  currency={commissions.currency}
                  payable={entry.state === "payable" && entry.kind === "commission"}
                  checked={selected.has(entry.id)}
                  onToggle={toggle}
                />
              ))}
            </ul>
          )}
        </div>
        {payable.length > 0 ? (
          <div className="sticky bottom-0 mt-3 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-stone-200 bg-white/95 px-4 py-3 shadow-sm backdrop-blur">
            <span
              className="text-sm tabular-nums text-stone-700"
              aria-live="polite"
              data-commissions-selected
            >
              {scripted
                ? t("staffReferrals.commissions.selected", {
                    count: selected.size,
                    amount: money(selectedSum(payable, selected)),
                  })
                : null}
            </span>
            <button
              type="submit"
              className={staffButton.primary}
              disabled={busy || (scripted && selected.size === 0)}
              data-mark-paid
            >
              {t("staffReferrals.commissions.mark-paid")}
            </button>
          </div>
        ) : null}
      </Form>
      <StaffPages
        current={commissions.current_page}
        last={commissions.last_page}
        hrefFor={(page) => commissionListHref(STAFF_COMMISSIONS_PATH, { ...params, page })}
      />
    </div>
  );
}
