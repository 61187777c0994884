import { formatMoney, type SalesFigures, type StaffSalesReport } from "@stoa/contract";
import { Form, Link } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import {
  REPORTS_EXPORT_PATH,
  type ReportParams,
  reportBody,
  reportHref,
  reportParams,
} from "../../staff/reports/report-params.ts";
import {
  FieldError,
  StaffPageHeader,
  StaffPanel,
  staffButton,
  staffInput,
  staffLabel,
} from "../../staff/ui.tsx";
import type { Route } from "./+types/reports";

/**
 * The sales report (`staffSalesReport`) of the range in the address: this month unless another
 * named period or a from–to range is asked for, by plain links and a GET form, so it works before
 * scripts. A range the contract refuses is said at its field, with what was typed kept.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = reportParams(new URL(request.url).searchParams);
  const checked = reportBody(params);
  if (!checked.ok) return { params, errors: checked.errors, report: null };
  const report = await context.storeApi.page("staffSalesReport", { body: checked.body });
  return { params, errors: {}, report };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  accountPageMeta(matches, `/staff/reports${location.search}`, (t) => t("staff.reports.title"));

const PERIODS = ["thisMonth", "lastMonth", "last30Days"] as const;
const COLUMNS: (keyof SalesFigures)[] = [
  "orders",
  "goods",
  "discounts",
  "tax",
  "shipping",
  "tips",
  "sales",
  "refunds",
  "net",
];

function useMoney(report: StaffSalesReport) {
  const { locale } = useShop();
  return (amount: number) => formatMoney(amount, report.currency, locale);
}

function RangePicker({
  params,
  errors,
  report,
}: {
  params: ReportParams;
  errors: Record<string, string>;
  report: StaffSalesReport | null;
}) {
  const { t } = useTranslation();
  const from = params.period ? (report?.from ?? "") : params.from;
  const to = params.period ? (report?.to ?? "") : params.to;
  const tab = "rounded-lg px-3 py-2 text-sm font-medium";
  return (
    <div className="mb-6 flex flex-wrap items-end gap-x-6 gap-y-3" data-report-range>
      <nav aria-label={t("staff.reports.periods")} className="flex flex-wrap gap-1">
        {PERIODS.map((period) => (
          <Link
            key={period}
            to={reportHref({ period, from: "", to: "" })}
            aria-current={params.period === period ? "page" : undefined}
            className={`${tab} ${params.period === period ? "bg-stone-900 text-white" : "border border-stone-300 bg-white text-stone-800 hover:bg-stone-50"}`}
            data-report-period={period}
          >
            {t(`staff.reports.period.${period}`)}
          </Link>
        ))}
      </nav>
      <Form method="get" className="flex flex-wrap items-end gap-2" data-report-custom>
        <input type="hidden" name="period" value="custom" />
        <div>
          <label htmlFor="report-from" className={staffLabel}>
            {t("staff.reports.from")}
          </label>
          <input
            id="report-from"
            name="from"
            type="date"
            defaultValue={from}
            required
            className={`${staffInput} w-40`}
            aria-invalid={errors.from ? true : undefined}
            aria-describedby={errors.from ? "report-from-error" : undefined}
          />
          <FieldError id="report-from-error" fields={errors as never} name="from" />
        </div>
        <div>
          <label htmlFor="report-to" className={staffLabel}>
            {t("staff.reports.to")}
          </label>
          <input
            id="report-to"
            name="to"
            type="date"
            defaultValue={to}
            required
            className={`${staffInput} w-40`}
            aria-invalid={errors.to ? true : undefined}
            aria-describedby={errors.to ? "report-to-error" : undefined}
          />
          <FieldError id="report-to-error" fields={errors as never} name="to" />
        </div>
        <button type="submit" className={staffButton.secondary}>
          {t("staff.reports.show")}
        </button>
      </Form>
    </div>
  );
}

function Totals({ report }: { report: StaffSalesReport }) {
  const { t } = useTranslation();
  const money = useMoney(report);
  const { totals } = report;
  const main: { key: keyof SalesFigures; value: string }[] = [
    { key: "sales", value: money(totals.sales) },
    { key: "orders", value: String(totals.orders) },
    { key: "refunds", value: money(totals.refunds) },
    { key: "net", value: money(totals.net) },
  ];
  const parts: { key: keyof SalesFigures; value: string }[] = [
    { key: "goods", value: money(totals.goods) },
    { key: "discounts", value: money(totals.discounts) },
    { key: "coupons", value: money(totals.coupons) },
    { key: "tax", value: money(totals.tax) },
    { key: "shipping", value: money(totals.shipping) },
    { key: "tips", value: money(totals.tips) },
  ];
  return (
    <div className="mb-6 space-y-3" data-report-totals>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {main.map(({ key, value }) => (
          <div
            key={key}
            className="min-w-0 rounded-xl border border-stone-200 bg-white p-3 shadow-sm sm:p-4"
            data-report-total={key}
          >
            <dt className="text-sm font-medium text-stone-600">{t(`staff.reports.column.${key}`)}</dt>
            <dd className="mt-1 text-lg font-bold tabular-nums break-words text-stone-950 sm:text-2xl">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-3 lg:grid-cols-6">
        {parts.map(({ key, value }) => (
          <div key={key} className="min-w-0" data-report-total={key}>
            <dt className="text-xs font-medium text-stone-500">{t(`staff.reports.column.${key}`)}</dt>
            <dd className="truncate text-base font-semibold tabular-nums text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Figures by day or month: a table in its own scrolling box, so a phone scrolls it, not the page. */
function FiguresTable({
  report,
  rows,
  caption,
  name,
}: {
  report: StaffSalesReport;
  rows: { key: string; label: string; figures: SalesFigures }[];
  caption: string;
  name: string;
}) {
  const { t } = useTranslation();
  const money = useMoney(report);
  const cell = (figures: SalesFigures, key: keyof SalesFigures) =>
    key === "orders" ? String(figures.orders) : money(figures[key]);
  return (
    <div className="max-h-[28rem] overflow-auto rounded-lg border border-stone-200" data-report-table={name}>
      <table className="min-w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-stone-50 text-xs text-stone-600">
          <tr>
            <th scope="col" className="whitespace-nowrap px-3 py-2 text-start font-medium">
              {t(name === "months" ? "staff.reports.month" : "staff.reports.day")}
            </th>
            {COLUMNS.map((key) => (
              <th key={key} scope="col" className="whitespace-nowrap px-3 py-2 text-end font-medium">
                {t(`staff.reports.column.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {rows.map((row) => (
            <tr
              key={row.key}
              data-report-row={row.key}
              className={
                row.figures.orders === 0 && row.figures.refunds === 0 ? "text-stone-400" : "text-stone-900"
              }
            >
              <th scope="row" className="whitespace-nowrap px-3 py-1.5 text-start font-normal">
                {row.label}
              </th>
              {COLUMNS.map((key) => (
                <td key={key} className="whitespace-nowrap px-3 py-1.5 text-end tabular-nums">
                  {cell(row.figures, key)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-stone-200 font-semibold">
          <tr>
            <th scope="row" className="whitespace-nowrap px-3 py-2 text-start">
              {t("staff.reports.total")}
            </th>
            {COLUMNS.map((key) => (
              <td key={key} className="whitespace-nowrap px-3 py-2 text-end tabular-nums">
                {cell(report.totals, key)}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function Methods({ report }: { report: StaffSalesReport }) {
  const { t } = useTranslation();
  const money = useMoney(report);
  return (
    <StaffPanel title={t("staff.reports.by-method")} data-report-methods>
      {report.byMethod.length === 0 ? (
        <p className="text-sm text-stone-500">{t("staff.reports.none")}</p>
      ) : (
        <ul className="divide-y divide-stone-100">
          {report.byMethod.map((method) => (
            <li
              key={method.method}
              className="flex items-baseline justify-between gap-3 py-2 text-sm"
              data-report-method={method.method}
            >
              <span className="min-w-0">
                <span className="font-medium text-stone-900">
                  {t(`staff.reports.method.${method.method}`)}
                </span>
                <span className="ms-2 text-stone-500">
                  {t("staff.reports.orders-count", { count: method.orders })}
                </span>
              </span>
              <span className="shrink-0 font-semibold tabular-nums text-stone-950">
                {money(method.amount)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </StaffPanel>
  );
}

function TopProducts({ report, by }: { report: StaffSalesReport; by: "units" | "revenue" }) {
  const { t } = useTranslation();
  const money = useMoney(report);
  const products = by === "units" ? report.topByUnits : report.topByRevenue;
  return (
    <StaffPanel title={t(`staff.reports.top-${by}`)} data-report-top={by}>
      {products.length === 0 ? (
        <p className="text-sm text-stone-500">{t("staff.reports.none")}</p>
      ) : (
        <ol className="divide-y divide-stone-100">
          {products.map((product, index) => (
            <li
              key={product.productId}
              className="flex items-baseline gap-3 py-2 text-sm"
              data-report-product={product.productId}
            >
              <span className="w-5 shrink-0 text-end tabular-nums text-stone-400">{index + 1}</span>
              <span className="min-w-0 flex-1 truncate text-stone-900">{product.name}</span>
              <span className="shrink-0 tabular-nums text-stone-600">
                {by === "units" ? t("staff.reports.units", { count: product.units }) : money(product.revenue)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </StaffPanel>
  );
}

export default function StaffReports({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { params, errors, report } = loaderData;
  const dayName = new Intl.DateTimeFormat(locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  const monthName = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" });
  const dateOf = (iso: string) => dayName.format(new Date(`${iso}T00:00:00Z`));
  return (
    <div data-staff-reports>
      <StaffPageHeader
        title={t("staff.reports.title")}
        intro={report ? t("staff.reports.intro", { timezone: report.timezone }) : undefined}
      >
        {report ? (
          // A plain link with `download`: the browser saves the file, and the page stays.
          <a
            href={reportHref(params, REPORTS_EXPORT_PATH)}
            download
            className={staffButton.primary}
            data-report-download
          >
            {t("staff.reports.download")}
          </a>
        ) : null}
      </StaffPageHeader>
      <RangePicker params={params} errors={errors} report={report} />
      {report ? (
        <>
          <h2 className="mb-3 text-lg font-semibold text-stone-900" data-report-range-text>
            {report.from === report.to
              ? dateOf(report.from)
              : t("staff.reports.range", { from: dateOf(report.from), to: dateOf(report.to) })}
          </h2>
          <Totals report={report} />
          <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
            {report.months.length > 1 ? (
              <StaffPanel title={t("staff.reports.by-month")}>
                <FiguresTable
                  report={report}
                  name="months"
                  caption={t("staff.reports.by-month")}
                  rows={report.months.map((month) => ({
                    key: month.month,
                    label: monthName.format(new Date(`${month.month}-01T00:00:00Z`)),
                    figures: month,
                  }))}
                />
              </StaffPanel>
            ) : null}
            <StaffPanel title={t("staff.reports.by-day")}>
              <FiguresTable
                report={report}
                name="days"
                caption={t("staff.reports.by-day")}
                rows={report.days.map((day) => ({ key: day.date, label: dateOf(day.date), figures: day }))}
              />
            </StaffPanel>
            <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-3">
              <Methods report={report} />
              <TopProducts report={report} by="units" />
              <TopProducts report={report} by="revenue" />
            </div>
          </div>
        </>
      ) : (
        <p className="text-sm text-stone-600" data-report-none>
          {t("staff.reports.fix-range")}
        </p>
      )}
    </div>
  );
}
