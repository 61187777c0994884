import {
  FIELD_ERROR_KEYS,
  formatMoney,
  staffCloseTabBodySchema,
  TIP_PERCENT_CHOICES,
  VOID_REASON_MAX,
} from "@stoa/contract";
import { data, Form, Link } from "react-router";
import { invalidFields } from "../../platform/api/form-answer.ts";
import { pageProblem } from "../../platform/api/page-answer.server.ts";
import { validateWith } from "../../platform/form-values.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import {
  FormNotice,
  failureIn,
  StaffPageHeader,
  StaffPanel,
  staffButton,
  staffInput,
  staffLabel,
} from "../../staff/ui.tsx";
import type { Route } from "./+types/tab-settle";

/*
 * The counter's page for one tab (decision 065 "The bill"): what is left to pay, the tip the
 * diners left, "Settle in cash"; and, for a tab with nothing on it, "Close without payment" with a
 * reason. Plain forms; the tab's own page links here.
 */

const tabIdOf = (raw: string) => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw pageProblem("not-found", 404);
  return id;
};

export async function loader({ params, context }: Route.LoaderArgs) {
  return { tab: await context.storeApi.page("staffTabDetail", { body: { tabId: tabIdOf(params.id) } }) };
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  accountPageMeta(matches, `/staff/tabs/${params.id}/settle`, (t) => t("staff.tabs.settle"));

/** A tip typed in major units ("2.50"), in minor units; null when none, "bad" when not money. */
function tipOf(form: FormData) {
  const choice = String(form.get("tip") ?? "0");
  if (choice === "amount") {
    const typed = String(form.get("tipAmount") ?? "")
      .trim()
      .replace(",", ".");
    if (!/^\d+(\.\d{1,2})?$/.test(typed)) return "bad" as const;
    return { type: "amount" as const, value: Math.round(Number(typed) * 100) };
  }
  const percent = Number(choice);
  return Number.isInteger(percent) && percent > 0 ? { type: "percent" as const, value: percent } : null;
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const tabId = tabIdOf(params.id);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "close") {
    const check = validateWith(staffCloseTabBodySchema, { tabId, reason: String(form.get("reason") ?? "") });
    if (!check.ok) return data({ ...invalidFields(check.fields), intent }, { status: 400 });
    const outcome = await context.storeApi.form("staffCloseTab", { body: check.data });
    return outcome.ok
      ? { ok: true as const, intent }
      : data({ ...outcome.failure, intent }, { status: outcome.status });
  }
  const tip = tipOf(form);
  if (tip === "bad")
    return data(
      { ...invalidFields({ tipAmount: FIELD_ERROR_KEYS.invalid }), intent: "settle" },
      { status: 400 },
    );
  const outcome = await context.storeApi.form("staffSettleTab", { body: { tabId, tip_option: tip } });
  return outcome.ok
    ? { ok: true as const, intent: "settle" }
    : data({ ...outcome.failure, intent: "settle" }, { status: outcome.status });
}

export default function StaffTabSettle({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { tab } = loaderData;
  const failure = failureIn(actionData);
  const answer = actionData as { ok?: boolean; intent?: string } | undefined;
  const intent = answer?.intent;
  const money = (amount: number) => <bdi dir="ltr">{formatMoney(amount, tab.currency, locale)}</bdi>;
  const live = tab.status === "open" || tab.status === "billing";
  return (
    <div className="space-y-6" data-staff-settle={tab.id} data-tab-status={tab.status}>
      <StaffPageHeader
        title={t("staff.tabs.settle-title", { name: tab.table.name })}
        intro={t(`staff.tabs.tab-status.${tab.status}`)}
      >
        <Link to={`/staff/tabs/${tab.id}`} className={staffButton.secondary}>
          {t("staff.tabs.tab-title")}
        </Link>
      </StaffPageHeader>
      {answer?.ok ? (
        <FormNotice done={intent === "close" ? t("staff.tabs.closed") : t("staff.tabs.settled")} />
      ) : null}
      <StaffPanel>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt>{t("table-bill.total")}</dt>
          <dd className="text-end tabular-nums">{money(tab.total)}</dd>
          <dt>{t("table-bill.paid")}</dt>
          <dd className="text-end tabular-nums">{money(tab.paid)}</dd>
          <dt className="text-base font-bold">{t("staff.tabs.settle-balance")}</dt>
          <dd className="text-end text-base font-bold tabular-nums" data-settle-balance>
            {money(tab.balance)}
          </dd>
        </dl>
      </StaffPanel>
      {live && tab.goods > 0 ? (
        <StaffPanel title={t("staff.tabs.settle-cash")}>
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="settle" />
            {intent === "settle" ? <FormNotice failure={failure} /> : null}
            <fieldset>
              <legend className={staffLabel}>{t("staff.tabs.settle-tip")}</legend>
              <div className="flex flex-wrap gap-2">
                {TIP_PERCENT_CHOICES.map((percent) => (
                  <label
                    key={percent}
                    className="flex min-h-11 items-center gap-2 rounded-lg border border-stone-300 px-3"
                  >
                    <input type="radio" name="tip" value={percent} defaultChecked={percent === 0} />
                    <span>{percent === 0 ? t("table-bill.no-tip") : `${percent}%`}</span>
                  </label>
                ))}
                <label className="flex min-h-11 items-center gap-2 rounded-lg border border-stone-300 px-3">
                  <input type="radio" name="tip" value="amount" data-settle-tip-amount />
                  <span>{t("table-bill.tip-amount")}</span>
                </label>
              </div>
              <input
                name="tipAmount"
                inputMode="decimal"
                dir="ltr"
                placeholder="0.00"
                aria-label={t("table-bill.tip-amount")}
                className={`${staffInput} mt-2 w-32`}
              />
              {failure?.fields.tipAmount || failure?.fields.tip_option ? (
                <p className="mt-1 text-sm text-red-700">
                  {t(failure.fields.tipAmount ?? failure.fields.tip_option ?? "error-field-invalid")}
                </p>
              ) : null}
            </fieldset>
            <button
              type="submit"
              className={`${staffButton.primary} min-h-11 w-full sm:w-auto`}
              data-settle-cash
            >
              {t("staff.tabs.settle-cash")} · {money(tab.balance)}
            </button>
          </Form>
        </StaffPanel>
      ) : null}
      {live && tab.goods === 0 ? (
        <StaffPanel title={t("staff.tabs.close-title")}>
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="close" />
            {intent === "close" ? <FormNotice failure={failure} /> : null}
            <p className="text-sm text-stone-600">{t("staff.tabs.close-hint")}</p>
            <label htmlFor="close-reason" className={staffLabel}>
              {t("staff.tabs.close-reason")}
            </label>
            <input
              id="close-reason"
              name="reason"
              required
              maxLength={VOID_REASON_MAX}
              className={staffInput}
            />
            <button type="submit" className={`${staffButton.danger} min-h-11`} data-close-tab>
              {t("staff.tabs.close")}
            </button>
          </Form>
        </StaffPanel>
      ) : null}
    </div>
  );
}
