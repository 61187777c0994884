import { formatMoney, type OrderStatus, type StaffToday } from "@stoa/contract";
import { Link, redirect } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { ArrowEndIcon } from "../../platform/ui/icons.tsx";
import { useShop } from "../../shell/root-data.ts";
import { STAFF_HOME_PATH, staffStartOf } from "../../staff/staff-paths.ts";
import { chartBars } from "../../staff/today/sales-chart.ts";
import { StaffPageHeader, StaffPanel } from "../../staff/ui.tsx";
import type { Route } from "./+types/today";

/**
 * The day at a glance, in one call (`staffToday`): what waits, low stock, and sales. A member whose
 * role sees no orders (the kitchen's) is sent to where their work is.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const member = context.storeApi.staffMember;
  if (member && staffStartOf(member.role) !== STAFF_HOME_PATH) throw redirect(staffStartOf(member.role));
  return { today: await context.storeApi.page("staffToday", {}) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/staff/today", (t) => t("staff.today.title"));

type Waiting = keyof StaffToday["waiting"];

/** Each waiting count, its words, and the list it opens (an order status, or the refunds waiting). */
const TILES: { key: Waiting; text: string; status?: OrderStatus }[] = [
  { key: "toConfirm", text: "to-confirm", status: "placed" },
  { key: "toPrepare", text: "to-prepare", status: "confirmed" },
  { key: "toSend", text: "to-send", status: "preparing" },
  { key: "toHandOver", text: "to-hand-over", status: "ready_for_pickup" },
  { key: "refunds", text: "refunds" },
];

function Tile({ label, count, to, name }: { label: string; count: number; to: string; name: string }) {
  const { t } = useTranslation();
  return (
    <li>
      <Link
        to={to}
        className="group flex h-full flex-col justify-between gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm hover:border-stone-400 sm:p-5"
        data-today={name}
        data-count={count}
      >
        <span className="text-sm font-medium text-stone-600">{label}</span>
        <span className="flex items-end justify-between gap-2">
          <span
            className={`text-3xl font-bold tabular-nums ${count > 0 ? "text-stone-950" : "text-stone-400"}`}
          >
            {count}
          </span>
          <span className="inline-flex items-center gap-1 text-sm font-medium text-stone-600 group-hover:text-stone-950">
            {t("staff.today.open")}
            <ArrowEndIcon className="size-4" />
          </span>
        </span>
      </Link>
    </li>
  );
}

function Figure({ label, value, name }: { label: string; value: string; name: string }) {
  return (
    <div className="min-w-0" data-sales={name}>
      <dt className="text-xs font-medium text-stone-500">{label}</dt>
      <dd className="mt-0.5 truncate text-lg font-bold tabular-nums text-stone-950">{value}</dd>
    </div>
  );
}

const CHART_HEIGHT = 120;

/**
 * The last 30 days' revenue as bars, oldest at the start of the reading direction (the SVG is
 * mirrored in right-to-left pages). The figures are a table too, for screen readers and for
 * anyone who wants the numbers; the picture itself is hidden from assistive technology.
 */
function SalesChart({ today }: { today: StaffToday }) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const days = today.sales.byDay;
  const { top, bars } = chartBars(
    days.map((day) => day.revenue),
    CHART_HEIGHT,
  );
  const money = (amount: number) => formatMoney(amount, today.currency, locale);
  const dayName = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" });
  const dateOf = (iso: string) => dayName.format(new Date(`${iso}T00:00:00Z`));
  const width = Math.max(1, bars.length) * 10;
  return (
    <figure data-sales-chart>
      <div className="flex items-stretch gap-2">
        <div
          className="flex flex-col justify-between text-end text-[0.7rem] tabular-nums text-stone-500"
          aria-hidden="true"
        >
          <span>{money(top)}</span>
          <span>{money(0)}</span>
        </div>
        <svg
          viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
          preserveAspectRatio="none"
          width="100%"
          height="128"
          className="h-32 w-0 min-w-0 flex-1 rtl:-scale-x-100"
          aria-hidden="true"
          focusable="false"
        >
          <line
            x1="0"
            x2={width}
            y1={CHART_HEIGHT}
            y2={CHART_HEIGHT}
            className="stroke-stone-300"
            strokeWidth="0.5"
          />
          {bars.map((bar, index) => (
            <rect
              // The days are in order and never move.
              // biome-ignore lint/suspicious/noArrayIndexKey: one bar per day of a fixed list
              key={index}
              x={index * 10 + 1.5}
              width="7"
              y={CHART_HEIGHT - bar.height}
              height={bar.height}
              rx="1"
              className={index === bars.length - 1 ? "fill-brand" : "fill-stone-400"}
            >
              <title>{`${dateOf(days[index]?.date ?? "")}: ${money(bar.value)}`}</title>
            </rect>
          ))}
        </svg>
      </div>
      <div className="mt-1 flex justify-between ps-14 text-[0.7rem] text-stone-500" aria-hidden="true">
        <span>{days[0] ? dateOf(days[0].date) : ""}</span>
        <span>{days.at(-1) ? dateOf(days.at(-1)?.date ?? "") : ""}</span>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-stone-700">{t("staff.today.figures")}</summary>
        <div className="mt-2 max-h-72 overflow-auto">
          <table className="w-full text-start text-sm" data-sales-table>
            <caption className="sr-only">{t("staff.today.chart-title")}</caption>
            <thead>
              <tr className="text-xs text-stone-500">
                <th scope="col" className="py-1 text-start font-medium">
                  {t("staff.today.day")}
                </th>
                <th scope="col" className="py-1 text-end font-medium">
                  {t("staff.today.orders")}
                </th>
                <th scope="col" className="py-1 text-end font-medium">
                  {t("staff.today.revenue")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {[...days].reverse().map((day) => (
                <tr key={day.date}>
                  <th scope="row" className="py-1 text-start font-normal text-stone-700">
                    {dateOf(day.date)}
                  </th>
                  <td className="py-1 text-end tabular-nums">{day.orders}</td>
                  <td className="py-1 text-end tabular-nums">{money(day.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

export default function StaffTodayPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { today } = loaderData;
  const money = (amount: number) => formatMoney(amount, today.currency, locale);
  const { sales, lowStock } = today;
  return (
    <div data-staff-today>
      <StaffPageHeader title={t("staff.today.title")} intro={t("staff.today.intro")} />
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-5">
        {TILES.map(({ key, text, status }) => (
          <Tile
            key={key}
            name={text}
            label={t(`staff.today.${text}` as "staff.today.to-confirm")}
            count={today.waiting[key]}
            to={status ? `/staff/orders?status=${status}` : "/staff/refunds?status=requested"}
          />
        ))}
      </ul>
      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <StaffPanel title={t("staff.today.sales")} data-today-sales>
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            <Figure
              name="today-revenue"
              label={t("staff.today.revenue-today")}
              value={money(sales.today.revenue)}
            />
            <Figure
              name="today-orders"
              label={t("staff.today.orders-today")}
              value={String(sales.today.orders)}
            />
            <Figure
              name="days-revenue"
              label={t("staff.today.revenue-days")}
              value={money(sales.lastDays.revenue)}
            />
            <Figure
              name="days-basket"
              label={t("staff.today.basket-days")}
              value={money(sales.lastDays.averageBasket)}
            />
          </dl>
          <h3 className="mt-5 mb-2 text-sm font-semibold text-stone-800">{t("staff.today.chart-title")}</h3>
          <SalesChart today={today} />
        </StaffPanel>
        <StaffPanel title={t("staff.today.low-stock")} data-today-low-stock={lowStock.count}>
          {lowStock.products.length === 0 ? (
            <p className="text-sm text-stone-500">{t("staff.today.no-low-stock")}</p>
          ) : (
            <ul className="divide-y divide-stone-100">
              {lowStock.products.map((product) => (
                <li key={product.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <span className="min-w-0 truncate text-stone-800">{product.name}</span>
                  <span
                    className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ${product.stock <= 0 ? "bg-red-50 text-red-700" : "bg-amber-50 text-amber-800"}`}
                  >
                    {product.stock <= 0
                      ? t("staff.today.sold-out")
                      : t("staff.today.in-stock", { count: product.stock })}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {lowStock.count > lowStock.products.length ? (
            <p className="mt-2 text-xs text-stone-500">
              {t("staff.today.more-low", { count: lowStock.count - lowStock.products.length })}
            </p>
          ) : null}
        </StaffPanel>
      </div>
    </div>
  );
}
