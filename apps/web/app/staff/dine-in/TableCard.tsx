import { formatMoney, type StaffBoardTable, type TableBoardState } from "@stoa/contract";
import { Form, Link } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { useShop } from "../../shell/root-data.ts";
import { staffButton } from "../ui.tsx";

/** Each state in colour and in words, never colour alone. */
const STATE_CLASS: Record<TableBoardState, string> = {
  free: "border-stone-200 bg-white",
  unconfirmed: "border-amber-400 bg-amber-50",
  ordering: "border-sky-300 bg-sky-50",
  waitingForFood: "border-violet-300 bg-violet-50",
  billAsked: "border-rose-400 bg-rose-50",
  inactive: "border-dashed border-stone-300 bg-stone-50 opacity-70",
};

/** A table on the board: its state, diners, goods and minutes since its last round, and what staff can do. */
export function TableCard({ entry, currency }: { entry: StaffBoardTable; currency: string }) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { table, state, tabId } = entry;
  return (
    <li
      className={`flex flex-col gap-2 rounded-xl border-2 p-3 ${STATE_CLASS[state]}`}
      data-board-table={table.name}
      data-board-state={state}
    >
      <div className="flex items-start justify-between gap-2">
        <p className="text-lg font-bold text-stone-950">{table.name}</p>
        <p className="text-xs font-semibold uppercase tracking-wide text-stone-700">
          {t(`staff.tabs.state.${state}`)}
        </p>
      </div>
      {tabId !== null ? (
        <dl className="grid grid-cols-2 gap-x-2 text-sm text-stone-700">
          <dt>{t("staff.tabs.diners")}</dt>
          <dd className="text-end tabular-nums">{entry.diners}</dd>
          <dt>{t("staff.tabs.goods")}</dt>
          <dd className="text-end tabular-nums">
            <bdi dir="ltr">{formatMoney(entry.goods, currency, locale)}</bdi>
          </dd>
          {entry.minutesSinceLastRound !== null ? (
            <>
              <dt>{t("staff.tabs.last-round")}</dt>
              <dd className="text-end tabular-nums" data-minutes={entry.minutesSinceLastRound}>
                {t("staff.tabs.minutes", { count: entry.minutesSinceLastRound })}
              </dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="text-sm text-stone-600">{t("staff.tabs.seats", { count: table.seats })}</p>
      )}
      {entry.heldRounds > 0 ? (
        <p className="text-sm font-medium text-amber-900">
          {t("staff.tabs.held", { count: entry.heldRounds })}
        </p>
      ) : null}
      {entry.counterAsked ? (
        <p className="text-sm font-medium text-rose-900">{t("staff.tabs.counter")}</p>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2">
        {state === "free" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="seat" />
            <input type="hidden" name="tableId" value={table.id} />
            <button type="submit" className={`${staffButton.primary} min-h-11`} data-seat>
              {t("staff.tabs.seat")}
            </button>
          </Form>
        ) : null}
        {state === "unconfirmed" && tabId !== null ? (
          <Form method="post">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="tabId" value={tabId} />
            <button type="submit" className={`${staffButton.primary} min-h-11`} data-confirm>
              {t("staff.tabs.confirm")}
            </button>
          </Form>
        ) : null}
        {tabId !== null ? (
          <Link to={`/staff/tabs/${tabId}`} className={`${staffButton.secondary} min-h-11`} data-open-tab>
            {t("staff.tabs.open")}
          </Link>
        ) : null}
      </div>
    </li>
  );
}
