import type { OrderStatus } from "@stoa/contract";
import { Link } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { ArrowEndIcon } from "../../platform/ui/icons.tsx";
import { StaffPageHeader } from "../../staff/ui.tsx";
import type { Route } from "./+types/today";

/** The orders waiting on the shop, by the step they wait for; counted by the list calls (one row each). */
const WAITING: { status: OrderStatus; text: "to-confirm" | "to-prepare" | "to-send" | "on-the-way" }[] = [
  { status: "placed", text: "to-confirm" },
  { status: "confirmed", text: "to-prepare" },
  { status: "preparing", text: "to-send" },
  { status: "shipped", text: "on-the-way" },
  { status: "ready_for_pickup", text: "on-the-way" },
];

/**
 * The day at a glance: how many orders wait for each step and how many refund requests wait for an
 * answer, each a link to its list. (The day's sales and low stock come with the dashboard call.)
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { storeApi } = context;
  const one = { limit: 1, page: 1 };
  const [orders, refunds] = await Promise.all([
    Promise.all(
      WAITING.map(({ status }) => storeApi.page("staffOrderList", { query: one, body: { status } })),
    ),
    storeApi.page("staffRefundList", { query: one, body: { status: "requested" } }),
  ]);
  const counts: Record<string, { count: number; statuses: OrderStatus[] }> = {};
  WAITING.forEach(({ status, text }, index) => {
    const entry = counts[text] ?? { count: 0, statuses: [] };
    entry.count += orders[index]?.total ?? 0;
    entry.statuses.push(status);
    counts[text] = entry;
  });
  return { counts, refunds: refunds.total };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/staff/today", (t) => t("staff.today.title"));

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

export default function StaffToday({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { counts, refunds } = loaderData;
  const texts = ["to-confirm", "to-prepare", "to-send", "on-the-way"] as const;
  return (
    <div data-staff-today>
      <StaffPageHeader title={t("staff.today.title")} intro={t("staff.today.intro")} />
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {texts.map((text) => {
          const entry = counts[text] ?? { count: 0, statuses: [] };
          const status = entry.statuses.length === 1 ? entry.statuses[0] : null;
          return (
            <Tile
              key={text}
              name={text}
              label={t(`staff.today.${text}`)}
              count={entry.count}
              to={status ? `/staff/orders?status=${status}` : "/staff/orders"}
            />
          );
        })}
        <Tile
          name="refunds"
          label={t("staff.today.refunds")}
          count={refunds}
          to="/staff/refunds?status=requested"
        />
      </ul>
    </div>
  );
}
